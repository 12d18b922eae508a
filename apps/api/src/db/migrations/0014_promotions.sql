CREATE TABLE "device_prices_sent" (
	"device_id" integer PRIMARY KEY NOT NULL,
	"version" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promotion_devices" (
	"promotion_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"merchant_id" integer NOT NULL,
	"bound_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotion_devices_promotion_id_device_id_pk" PRIMARY KEY("promotion_id","device_id")
);
--> statement-breakpoint
CREATE TABLE "promotion_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"time_discount" jsonb,
	"spending_bonus" jsonb,
	"deposit_reward_amount" bigint,
	"deposit_reward_feedback" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotion_templates_category" CHECK (category in ('time_discount', 'spending_bonus', 'deposit_reward'))
);
--> statement-breakpoint
CREATE TABLE "promotions" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"time_discount" jsonb,
	"spending_bonus" jsonb,
	"deposit_reward_amount" bigint,
	"deposit_reward_feedback" bigint,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone,
	"disabled_at" timestamp with time zone,
	"disabled_by" integer,
	"template_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotions_category" CHECK (category in ('time_discount', 'spending_bonus', 'deposit_reward')),
	CONSTRAINT "promotions_end_after_start" CHECK ("promotions"."end_at" is null or "promotions"."end_at" > "promotions"."start_at")
);
--> statement-breakpoint
ALTER TABLE "checkout_orders" DROP CONSTRAINT "checkout_orders_amount";--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "promotion_id" integer;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "promotion_discount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "checkout_orders" ADD COLUMN "promotion_id" integer;--> statement-breakpoint
ALTER TABLE "checkout_orders" ADD COLUMN "normal_amount" bigint;--> statement-breakpoint
ALTER TABLE "device_prices_sent" ADD CONSTRAINT "device_prices_sent_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_devices" ADD CONSTRAINT "promotion_devices_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_devices" ADD CONSTRAINT "promotion_devices_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_devices" ADD CONSTRAINT "promotion_devices_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_templates" ADD CONSTRAINT "promotion_templates_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_disabled_by_users_id_fk" FOREIGN KEY ("disabled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_template_id_promotion_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."promotion_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "promotion_devices_device_idx" ON "promotion_devices" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "promotion_templates_merchant_idx" ON "promotion_templates" USING btree ("merchant_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "promotions_merchant_idx" ON "promotions" USING btree ("merchant_id","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_orders" ADD CONSTRAINT "checkout_orders_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transactions_promotion_idx" ON "transactions" USING btree ("promotion_id","created_at") WHERE "transactions"."promotion_id" is not null;--> statement-breakpoint
ALTER TABLE "checkout_orders" ADD CONSTRAINT "checkout_orders_amount" CHECK ("checkout_orders"."amount" >= 0);