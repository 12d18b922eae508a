-- A machine's clock is a claim (docs/money.md, "When a sale happened"): a sale reported outside the
-- clock tolerance is recorded when received, keeps the machine's time in reported_at and is flagged.
ALTER TABLE "transactions" ADD COLUMN "clock_off" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "reported_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_reported_at_check" CHECK ("transactions"."clock_off" = ("transactions"."reported_at" is not null));
