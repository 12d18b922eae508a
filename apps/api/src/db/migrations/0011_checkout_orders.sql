CREATE TABLE "checkout_order_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "checkout_order_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" bigint NOT NULL,
	"status" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "checkout_orders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "checkout_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"public_id" text NOT NULL,
	"merchant_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"place_id" integer,
	"course_code" text NOT NULL,
	"course_name" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"gateway" text NOT NULL,
	"provider" text NOT NULL,
	"provider_payment_id" text,
	"status" text DEFAULT 'created' NOT NULL,
	"reason" text,
	"theme" text NOT NULL,
	"lang" text DEFAULT 'en' NOT NULL,
	"client_request_id" text NOT NULL,
	"redirect_url" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "checkout_orders_public_id_unique" UNIQUE("public_id"),
	CONSTRAINT "checkout_orders_amount" CHECK ("checkout_orders"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "checkout_order_events" ADD CONSTRAINT "checkout_order_events_order_id_checkout_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."checkout_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_orders" ADD CONSTRAINT "checkout_orders_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_orders" ADD CONSTRAINT "checkout_orders_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_orders" ADD CONSTRAINT "checkout_orders_place_id_places_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."places"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checkout_order_events_order_idx" ON "checkout_order_events" USING btree ("order_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "checkout_orders_client_request_key" ON "checkout_orders" USING btree ("device_id","client_request_id");--> statement-breakpoint
CREATE INDEX "checkout_orders_merchant_idx" ON "checkout_orders" USING btree ("merchant_id","created_at");