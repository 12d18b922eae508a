ALTER TABLE "withdrawals" ADD COLUMN "bank_code" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "bank_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "branch" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "account_holder" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "masked_account_number" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_payment_order_key" ON "transactions" USING btree ("merchant_id","pay_gateway","order_id") WHERE "transactions"."order_id" is not null;--> statement-breakpoint
CREATE INDEX "transactions_unverified_idx" ON "transactions" USING btree ("merchant_id","created_at") WHERE "transactions"."status" = 97;