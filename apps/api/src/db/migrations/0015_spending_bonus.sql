CREATE TABLE "promotion_card_windows" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "promotion_card_windows_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"merchant_id" integer NOT NULL,
	"promotion_id" integer NOT NULL,
	"card_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"granted" boolean DEFAULT false NOT NULL,
	"grants" integer DEFAULT 0 NOT NULL,
	"bonus_kind" text,
	"bonus_value" bigint,
	"min_spend" bigint
);
--> statement-breakpoint
ALTER TABLE "promotion_card_windows" ADD CONSTRAINT "promotion_card_windows_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_card_windows" ADD CONSTRAINT "promotion_card_windows_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_card_windows" ADD CONSTRAINT "promotion_card_windows_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_card_windows_key" ON "promotion_card_windows" USING btree ("promotion_id","card_id","starts_at");--> statement-breakpoint
CREATE INDEX "promotion_card_windows_card_idx" ON "promotion_card_windows" USING btree ("card_id","ends_at");--> statement-breakpoint
CREATE INDEX "card_authorizations_card_idx" ON "card_authorizations" USING btree ("card_id");--> statement-breakpoint
-- A spending bonus's credit (kind promotionBonus) is a reward given, like a top-up's reward: the card's
-- reward total counts both (and a bonus taken back by a refund, a negative promotionBonus, comes off it).
CREATE OR REPLACE FUNCTION card_entries_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE cards c
     SET balance = c.balance + NEW.balance_change,
         point = c.point + NEW.point_change,
         deposit = c.deposit + CASE WHEN NEW.kind = 'topUp' THEN NEW.balance_change ELSE 0 END,
         reward = c.reward + CASE WHEN NEW.kind IN ('topUpReward', 'promotionBonus') THEN NEW.balance_change ELSE 0 END,
         spent = c.spent - CASE WHEN NEW.kind IN ('spend', 'refund') THEN NEW.balance_change ELSE 0 END,
         last_trade_at = CASE WHEN NEW.kind = 'spend' THEN greatest(c.last_trade_at, NEW.created_at) ELSE c.last_trade_at END
   WHERE c.id = NEW.card_id AND c.merchant_id = NEW.merchant_id
  RETURNING c.balance, c.point INTO NEW.balance_after, NEW.point_after;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'card % is not a card of merchant %', NEW.card_id, NEW.merchant_id USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NEW;
END $$;
