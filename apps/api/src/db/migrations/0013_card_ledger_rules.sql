-- Hand-written (drizzle-kit generate --custom): the card ledger's rules, which the schema files cannot say.
-- 1. A card's totals are the sums of its ledger entries. The code never writes them: this trigger adds each
--    new entry to its card (the card's row lock serialises entries of one card) and records the card's
--    balance and points after it on the entry. The card's checks refuse a balance or points below zero,
--    which rolls the whole entry back.
CREATE OR REPLACE FUNCTION card_entries_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE cards c
     SET balance = c.balance + NEW.balance_change,
         point = c.point + NEW.point_change,
         deposit = c.deposit + CASE WHEN NEW.kind = 'topUp' THEN NEW.balance_change ELSE 0 END,
         reward = c.reward + CASE WHEN NEW.kind = 'topUpReward' THEN NEW.balance_change ELSE 0 END,
         spent = c.spent - CASE WHEN NEW.kind IN ('spend', 'refund') THEN NEW.balance_change ELSE 0 END,
         last_trade_at = CASE WHEN NEW.kind = 'spend' THEN greatest(c.last_trade_at, NEW.created_at) ELSE c.last_trade_at END
   WHERE c.id = NEW.card_id AND c.merchant_id = NEW.merchant_id
  RETURNING c.balance, c.point INTO NEW.balance_after, NEW.point_after;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'card % is not a card of merchant %', NEW.card_id, NEW.merchant_id USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER card_entries_apply BEFORE INSERT ON card_entries FOR EACH ROW EXECUTE FUNCTION card_entries_apply();
--> statement-breakpoint
-- 2. The ledger is append-only: a correction is a new entry, never an edit. (Deleting a merchant or card
--    cascades; that path is a TRUNCATE-like removal of the whole account and is allowed.)
CREATE OR REPLACE FUNCTION card_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM cards WHERE id = OLD.card_id) THEN
    RETURN OLD;
  END IF;
  IF TG_OP = 'UPDATE' AND (OLD.transaction_id IS NOT NULL AND NEW.transaction_id IS NULL)
     AND (OLD.id, OLD.card_id, OLD.kind, OLD.balance_change, OLD.point_change, OLD.source_id)
         IS NOT DISTINCT FROM (NEW.id, NEW.card_id, NEW.kind, NEW.balance_change, NEW.point_change, NEW.source_id) THEN
    RETURN NEW; -- a deleted sale's link set to null
  END IF;
  RAISE EXCEPTION 'card ledger entries are never changed or removed' USING ERRCODE = 'insufficient_privilege';
END $$;
--> statement-breakpoint
CREATE TRIGGER card_entries_append_only BEFORE UPDATE OR DELETE ON card_entries FOR EACH ROW
  EXECUTE FUNCTION card_entries_append_only();
--> statement-breakpoint
-- 3. A card top-up paid through a gateway is a transaction (its money settles to the wallet) but not
--    revenue: the stored value becomes revenue when it is spent at a machine. The rollups leave top-ups out.
CREATE OR REPLACE FUNCTION revenue_daily_add(t transactions, sign integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO revenue_daily AS r (merchant_id, day, device_id, place_id, machine_type, pay_gateway,
                                  count, total, reward, balance, encore, refund, collected, fee)
  SELECT t.merchant_id, (t.created_at AT TIME ZONE m.timezone)::date, coalesce(t.device_id, 0),
         coalesce(t.place_id, 0), coalesce(t.machine_type, 0), t.pay_gateway,
         sign, sign * t.total, sign * t.reward, sign * t.balance, sign * t.encore, sign * t.refund, sign * t.collected, sign * t.fee
    FROM merchants m WHERE m.id = t.merchant_id AND t.status <> 97 AND t.purpose = 'sale'
  ON CONFLICT (merchant_id, day, device_id, place_id, machine_type, pay_gateway) DO UPDATE
     SET count = r.count + excluded.count, total = r.total + excluded.total, reward = r.reward + excluded.reward,
         balance = r.balance + excluded.balance, encore = r.encore + excluded.encore,
         refund = r.refund + excluded.refund, collected = r.collected + excluded.collected, fee = r.fee + excluded.fee;
  INSERT INTO revenue_daily_place AS r (merchant_id, day, place_id, machine_type, pay_gateway,
                                        count, total, reward, balance, encore, refund, collected, fee)
  SELECT t.merchant_id, (t.created_at AT TIME ZONE m.timezone)::date, coalesce(t.place_id, 0),
         coalesce(t.machine_type, 0), t.pay_gateway,
         sign, sign * t.total, sign * t.reward, sign * t.balance, sign * t.encore, sign * t.refund, sign * t.collected, sign * t.fee
    FROM merchants m WHERE m.id = t.merchant_id AND t.status <> 97 AND t.purpose = 'sale'
  ON CONFLICT (merchant_id, day, place_id, machine_type, pay_gateway) DO UPDATE
     SET count = r.count + excluded.count, total = r.total + excluded.total, reward = r.reward + excluded.reward,
         balance = r.balance + excluded.balance, encore = r.encore + excluded.encore,
         refund = r.refund + excluded.refund, collected = r.collected + excluded.collected, fee = r.fee + excluded.fee
$$;
