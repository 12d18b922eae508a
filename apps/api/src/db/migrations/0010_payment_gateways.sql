CREATE TABLE "merchant_payment_credentials" (
	"merchant_id" integer NOT NULL,
	"provider" text NOT NULL,
	"channel_id" text NOT NULL,
	"secret_ciphertext" text NOT NULL,
	"iv" text NOT NULL,
	"tag" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	CONSTRAINT "merchant_payment_credentials_merchant_id_provider_pk" PRIMARY KEY("merchant_id","provider")
);
--> statement-breakpoint
CREATE TABLE "sandbox_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"order_id" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"description" text NOT NULL,
	"return_url" text NOT NULL,
	"cancel_url" text NOT NULL,
	"lang" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"refunded" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	CONSTRAINT "sandbox_payments_amount" CHECK ("sandbox_payments"."amount" > 0 and "sandbox_payments"."refunded" between 0 and "sandbox_payments"."amount")
);
--> statement-breakpoint
CREATE TABLE "sandbox_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_id" text NOT NULL,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "merchant_payment_credentials" ADD CONSTRAINT "merchant_payment_credentials_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_payment_credentials" ADD CONSTRAINT "merchant_payment_credentials_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_payments" ADD CONSTRAINT "sandbox_payments_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_refunds" ADD CONSTRAINT "sandbox_refunds_payment_id_sandbox_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."sandbox_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_payments_order" ON "sandbox_payments" USING btree ("merchant_id","order_id");