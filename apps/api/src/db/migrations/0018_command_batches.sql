CREATE TABLE "command_batches" (
	"id" uuid PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"user_id" integer,
	"action" text NOT NULL,
	"params" jsonb NOT NULL,
	"targets" jsonb NOT NULL,
	"skipped" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "device_logs" ADD COLUMN "batch_id" uuid;--> statement-breakpoint
ALTER TABLE "command_batches" ADD CONSTRAINT "command_batches_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "command_batches" ADD CONSTRAINT "command_batches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "command_batches_merchant_time_idx" ON "command_batches" USING btree ("merchant_id","created_at");--> statement-breakpoint
CREATE INDEX "device_logs_batch_idx" ON "device_logs" USING btree ("batch_id") WHERE "device_logs"."batch_id" is not null;