ALTER TABLE "device_hardware" ADD COLUMN "merchant_id" integer;--> statement-breakpoint
ALTER TABLE "device_hardware" ADD COLUMN "claim_code_hash" text;--> statement-breakpoint
ALTER TABLE "device_hardware" ADD CONSTRAINT "device_hardware_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
UPDATE "device_hardware" h SET "merchant_id" = d."merchant_id" FROM "devices" d WHERE d."id" = h."device_id";
