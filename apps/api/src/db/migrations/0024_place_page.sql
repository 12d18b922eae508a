-- The public status page of a place (docs/decisions.md, "Live place page"): its random key and the owner's switch,
-- and the anonymous done alerts customers ask for on it (sent once when the cycle ends, then deleted).
CREATE TABLE "machine_done_alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"language" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "places" ADD COLUMN "public_key" text DEFAULT substr(replace(gen_random_uuid()::text, '-', ''), 1, 12) || substr(md5(gen_random_uuid()::text), 1, 8) NOT NULL;--> statement-breakpoint
ALTER TABLE "places" ADD COLUMN "public_page" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "machine_done_alerts" ADD CONSTRAINT "machine_done_alerts_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "machine_done_alerts_key" ON "machine_done_alerts" USING btree ("device_id","endpoint");--> statement-breakpoint
CREATE UNIQUE INDEX "places_public_key" ON "places" USING btree ("public_key");