CREATE TABLE "card_authorizations" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "card_authorizations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"merchant_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"request_id" text NOT NULL,
	"card_id" integer,
	"card_number" text NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"result" text NOT NULL,
	"order_id" text,
	"transaction_id" bigint,
	"balance_used" bigint DEFAULT 0 NOT NULL,
	"points_used" bigint DEFAULT 0 NOT NULL,
	"reward_used" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"voided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "card_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "card_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"merchant_id" integer NOT NULL,
	"card_id" integer NOT NULL,
	"kind" text NOT NULL,
	"balance_change" bigint DEFAULT 0 NOT NULL,
	"point_change" bigint DEFAULT 0 NOT NULL,
	"balance_after" bigint DEFAULT 0 NOT NULL,
	"point_after" bigint DEFAULT 0 NOT NULL,
	"source_id" text NOT NULL,
	"place_id" integer,
	"device_id" integer,
	"transaction_id" bigint,
	"reason" text,
	"actor_user_id" integer,
	"actor_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "card_settings" (
	"merchant_id" integer NOT NULL,
	"program" text NOT NULL,
	"top_up_tiers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"points_rule" jsonb NOT NULL,
	"place_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"virtual_cards" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone,
	CONSTRAINT "card_settings_merchant_id_program_pk" PRIMARY KEY("merchant_id","program")
);
--> statement-breakpoint
CREATE TABLE "card_top_ups" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "card_top_ups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"public_id" text NOT NULL,
	"merchant_id" integer NOT NULL,
	"card_id" integer NOT NULL,
	"place_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"reward" bigint DEFAULT 0 NOT NULL,
	"currency" text NOT NULL,
	"gateway" text NOT NULL,
	"provider" text NOT NULL,
	"provider_payment_id" text,
	"redirect_url" text,
	"status" text DEFAULT 'created' NOT NULL,
	"client_request_id" text NOT NULL,
	"lang" text DEFAULT 'en' NOT NULL,
	"transaction_id" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "card_top_ups_public_id_unique" UNIQUE("public_id"),
	CONSTRAINT "card_top_ups_amount" CHECK ("card_top_ups"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "cards" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"merchant_id" integer NOT NULL,
	"program" text NOT NULL,
	"number" text NOT NULL,
	"virtual" boolean DEFAULT false NOT NULL,
	"loyalty_type" text DEFAULT 'storedValue' NOT NULL,
	"holder_name" text DEFAULT '' NOT NULL,
	"holder_phone" text,
	"status" text DEFAULT 'inactive' NOT NULL,
	"place_id" integer,
	"deposit" bigint DEFAULT 0 NOT NULL,
	"reward" bigint DEFAULT 0 NOT NULL,
	"spent" bigint DEFAULT 0 NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"point" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_trade_at" timestamp with time zone,
	CONSTRAINT "cards_balance_not_negative" CHECK ("cards"."balance" >= 0),
	CONSTRAINT "cards_point_not_negative" CHECK ("cards"."point" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sms_codes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sms_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"merchant_id" integer NOT NULL,
	"phone" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "purpose" text DEFAULT 'sale' NOT NULL;--> statement-breakpoint
ALTER TABLE "card_authorizations" ADD CONSTRAINT "card_authorizations_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_authorizations" ADD CONSTRAINT "card_authorizations_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_authorizations" ADD CONSTRAINT "card_authorizations_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_authorizations" ADD CONSTRAINT "card_authorizations_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_entries" ADD CONSTRAINT "card_entries_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_entries" ADD CONSTRAINT "card_entries_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_entries" ADD CONSTRAINT "card_entries_place_id_places_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."places"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_entries" ADD CONSTRAINT "card_entries_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_entries" ADD CONSTRAINT "card_entries_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_entries" ADD CONSTRAINT "card_entries_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_settings" ADD CONSTRAINT "card_settings_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_top_ups" ADD CONSTRAINT "card_top_ups_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_top_ups" ADD CONSTRAINT "card_top_ups_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_top_ups" ADD CONSTRAINT "card_top_ups_place_id_places_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."places"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_top_ups" ADD CONSTRAINT "card_top_ups_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_place_id_places_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."places"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_codes" ADD CONSTRAINT "sms_codes_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "card_authorizations_request_key" ON "card_authorizations" USING btree ("device_id","request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "card_authorizations_order_key" ON "card_authorizations" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "card_entries_source_key" ON "card_entries" USING btree ("merchant_id","source_id","kind");--> statement-breakpoint
CREATE INDEX "card_entries_card_idx" ON "card_entries" USING btree ("card_id","id");--> statement-breakpoint
CREATE INDEX "card_entries_merchant_created_idx" ON "card_entries" USING btree ("merchant_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "card_top_ups_client_request_key" ON "card_top_ups" USING btree ("card_id","client_request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cards_number_key" ON "cards" USING btree ("merchant_id","program","number");--> statement-breakpoint
CREATE UNIQUE INDEX "cards_virtual_phone_key" ON "cards" USING btree ("merchant_id","program","holder_phone") WHERE "cards"."virtual" and "cards"."holder_phone" is not null;--> statement-breakpoint
CREATE INDEX "cards_merchant_created_idx" ON "cards" USING btree ("merchant_id","program","created_at");--> statement-breakpoint
CREATE INDEX "sms_codes_phone_idx" ON "sms_codes" USING btree ("phone","created_at");