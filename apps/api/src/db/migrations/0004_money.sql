CREATE TABLE "bank_accounts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bank_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"merchant_id" integer NOT NULL,
	"bank_code" text NOT NULL,
	"bank_name" text NOT NULL,
	"branch" text DEFAULT '' NOT NULL,
	"account_number" text NOT NULL,
	"holder" text NOT NULL,
	"holder_id_number" text NOT NULL,
	"verification" text DEFAULT 'verifying' NOT NULL,
	"verification_note" text DEFAULT '' NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cashbox_trip_items" (
	"trip_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"expected_amount" bigint DEFAULT 0 NOT NULL,
	"collected_amount" bigint,
	"collected_at" timestamp with time zone,
	"collected_by" integer,
	"reset_result" text,
	CONSTRAINT "cashbox_trip_items_trip_id_device_id_pk" PRIMARY KEY("trip_id","device_id")
);
--> statement-breakpoint
CREATE TABLE "cashbox_trips" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cashbox_trips_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"merchant_id" integer NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"started_by" integer,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_by" integer,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "revenue_daily" (
	"merchant_id" integer NOT NULL,
	"day" date NOT NULL,
	"device_id" integer NOT NULL,
	"place_id" integer NOT NULL,
	"machine_type" integer NOT NULL,
	"pay_gateway" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"reward" bigint DEFAULT 0 NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"encore" bigint DEFAULT 0 NOT NULL,
	"refund" bigint DEFAULT 0 NOT NULL,
	"collected" bigint DEFAULT 0 NOT NULL,
	"fee" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "revenue_daily_merchant_id_day_device_id_place_id_machine_type_pay_gateway_pk" PRIMARY KEY("merchant_id","day","device_id","place_id","machine_type","pay_gateway")
);
--> statement-breakpoint
CREATE TABLE "revenue_daily_place" (
	"merchant_id" integer NOT NULL,
	"day" date NOT NULL,
	"place_id" integer NOT NULL,
	"machine_type" integer NOT NULL,
	"pay_gateway" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"reward" bigint DEFAULT 0 NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"encore" bigint DEFAULT 0 NOT NULL,
	"refund" bigint DEFAULT 0 NOT NULL,
	"collected" bigint DEFAULT 0 NOT NULL,
	"fee" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "revenue_daily_place_merchant_id_day_place_id_machine_type_pay_gateway_pk" PRIMARY KEY("merchant_id","day","place_id","machine_type","pay_gateway")
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "transactions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"merchant_id" integer NOT NULL,
	"order_id" text,
	"device_event_id" bigint,
	"device_id" integer,
	"place_id" integer,
	"machine_type" integer,
	"pay_gateway" text NOT NULL,
	"status" smallint NOT NULL,
	"currency" text NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"reward" bigint DEFAULT 0 NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"encore" bigint DEFAULT 0 NOT NULL,
	"refund" bigint DEFAULT 0 NOT NULL,
	"collected" bigint DEFAULT 0 NOT NULL,
	"fee" bigint DEFAULT 0 NOT NULL,
	"order_info" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expect_posting_at" timestamp with time zone,
	"posted_at" timestamp with time zone,
	"withdrawal_id" bigint,
	"refunded_at" timestamp with time zone,
	CONSTRAINT "transactions_device_event_id_unique" UNIQUE("device_event_id")
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "withdrawals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"merchant_id" integer NOT NULL,
	"bank_account_id" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"status" text DEFAULT 'processing' NOT NULL,
	"currency" text NOT NULL,
	"transaction_count" integer NOT NULL,
	"settlement_amount" bigint DEFAULT 0 NOT NULL,
	"total_fee" bigint DEFAULT 0 NOT NULL,
	"withdraw_fee" bigint DEFAULT 0 NOT NULL,
	"total_amount" bigint DEFAULT 0 NOT NULL,
	"provider" text NOT NULL,
	"provider_reference" text,
	"requested_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"failure_reason" text
);
--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashbox_trip_items" ADD CONSTRAINT "cashbox_trip_items_trip_id_cashbox_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."cashbox_trips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashbox_trip_items" ADD CONSTRAINT "cashbox_trip_items_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashbox_trip_items" ADD CONSTRAINT "cashbox_trip_items_collected_by_users_id_fk" FOREIGN KEY ("collected_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashbox_trips" ADD CONSTRAINT "cashbox_trips_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashbox_trips" ADD CONSTRAINT "cashbox_trips_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashbox_trips" ADD CONSTRAINT "cashbox_trips_settled_by_users_id_fk" FOREIGN KEY ("settled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "revenue_daily" ADD CONSTRAINT "revenue_daily_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "revenue_daily_place" ADD CONSTRAINT "revenue_daily_place_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_device_event_id_device_events_id_fk" FOREIGN KEY ("device_event_id") REFERENCES "public"."device_events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_place_id_places_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."places"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_bank_account_id_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_accounts_merchant_account_key" ON "bank_accounts" USING btree ("merchant_id","bank_code","account_number");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_accounts_one_default_key" ON "bank_accounts" USING btree ("merchant_id") WHERE "bank_accounts"."is_default";--> statement-breakpoint
CREATE INDEX "cashbox_trips_merchant_idx" ON "cashbox_trips" USING btree ("merchant_id","started_at");--> statement-breakpoint
CREATE INDEX "revenue_daily_merchant_day_idx" ON "revenue_daily" USING btree ("merchant_id","day");--> statement-breakpoint
CREATE INDEX "revenue_daily_device_day_idx" ON "revenue_daily" USING btree ("device_id","day");--> statement-breakpoint
CREATE INDEX "transactions_merchant_time_idx" ON "transactions" USING btree ("merchant_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "transactions_device_time_idx" ON "transactions" USING btree ("device_id","created_at");--> statement-breakpoint
CREATE INDEX "transactions_posting_idx" ON "transactions" USING btree ("expect_posting_at") WHERE "transactions"."status" = 1;--> statement-breakpoint
CREATE INDEX "transactions_withdrawable_idx" ON "transactions" USING btree ("merchant_id") WHERE "transactions"."status" = 2;--> statement-breakpoint
CREATE INDEX "transactions_withdrawal_idx" ON "transactions" USING btree ("withdrawal_id");--> statement-breakpoint
CREATE INDEX "transactions_in_settlement_idx" ON "transactions" USING btree ("merchant_id") WHERE "transactions"."status" = 1;--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_merchant_key" ON "withdrawals" USING btree ("merchant_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "withdrawals_merchant_time_idx" ON "withdrawals" USING btree ("merchant_id","created_at");--> statement-breakpoint
CREATE INDEX "withdrawals_processing_idx" ON "withdrawals" USING btree ("created_at") WHERE "withdrawals"."status" = 'processing';