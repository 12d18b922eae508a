CREATE TABLE "device_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "device_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"hwid" text NOT NULL,
	"event_id" text NOT NULL,
	"device_id" integer,
	"merchant_id" integer,
	"kind" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"device_occurred_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"amount" bigint,
	"encore" bigint,
	"pay_gateway" text,
	"order_id" text,
	"test" boolean DEFAULT false NOT NULL,
	"command_id" text,
	"payload" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_logs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "device_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"merchant_id" integer,
	"device_id" integer,
	"hwid" text,
	"log_type" text NOT NULL,
	"content_key" text NOT NULL,
	"content" text NOT NULL,
	"content_params" jsonb NOT NULL,
	"operator_user_id" integer,
	"operator_name" text,
	"expected_coins" integer,
	"actual_coins" integer,
	"command_id" text,
	"result" text,
	"code" integer,
	"dedupe_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_state" (
	"hwid" text PRIMARY KEY NOT NULL,
	"online" boolean DEFAULT false NOT NULL,
	"online_changed_at" timestamp with time zone,
	"conn_id" text,
	"boot_id" text,
	"seq" integer,
	"kind" text,
	"model" text,
	"firmware" text,
	"report" jsonb,
	"reported_at" timestamp with time zone,
	"report_updated_at" timestamp with time zone,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"price" integer,
	"dry_limit" integer,
	"dry_price" integer,
	"spent_time" integer,
	"course_type" text,
	"default_dry_temp" integer,
	"unit_price" integer,
	"pulse" integer,
	"default_pulse" integer,
	"unit" text,
	"additives" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"courses" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"notify_before_payment" text DEFAULT '' NOT NULL,
	"notify_after_payment" text DEFAULT '' NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "device_hardware" ADD COLUMN "broker_hash" text;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "product_id" integer;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "payment_product" text;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "config" jsonb;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "device_events" ADD CONSTRAINT "device_events_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_events" ADD CONSTRAINT "device_events_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_logs" ADD CONSTRAINT "device_logs_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_logs" ADD CONSTRAINT "device_logs_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_logs" ADD CONSTRAINT "device_logs_operator_user_id_users_id_fk" FOREIGN KEY ("operator_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_state" ADD CONSTRAINT "device_state_hwid_device_hardware_hwid_fk" FOREIGN KEY ("hwid") REFERENCES "public"."device_hardware"("hwid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_templates" ADD CONSTRAINT "product_templates_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "device_events_hwid_event_key" ON "device_events" USING btree ("hwid","event_id");--> statement-breakpoint
CREATE INDEX "device_events_device_kind_idx" ON "device_events" USING btree ("device_id","kind");--> statement-breakpoint
CREATE INDEX "device_events_merchant_time_idx" ON "device_events" USING btree ("merchant_id","occurred_at");--> statement-breakpoint
CREATE UNIQUE INDEX "device_logs_dedupe_key" ON "device_logs" USING btree ("hwid","dedupe_key");--> statement-breakpoint
CREATE INDEX "device_logs_merchant_time_idx" ON "device_logs" USING btree ("merchant_id","created_at");--> statement-breakpoint
CREATE INDEX "device_logs_device_time_idx" ON "device_logs" USING btree ("device_id","created_at");--> statement-breakpoint
CREATE INDEX "device_logs_command_idx" ON "device_logs" USING btree ("command_id") WHERE "device_logs"."command_id" is not null;--> statement-breakpoint
CREATE INDEX "device_state_online_seen_idx" ON "device_state" USING btree ("last_seen_at") WHERE "device_state"."online";--> statement-breakpoint
CREATE INDEX "product_templates_merchant_idx" ON "product_templates" USING btree ("merchant_id");--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_product_id_product_templates_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product_templates"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "devices_product_idx" ON "devices" USING btree ("product_id");