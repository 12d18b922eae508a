-- revenue_daily and revenue_daily_place follow transactions through a trigger, so no code path can forget them:
-- an insert adds the sale to its local day (merchant timezone), a change of amounts or
-- dimensions takes the old row out and puts the new one in, a delete takes it out.
CREATE FUNCTION revenue_daily_add(t transactions, sign integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO revenue_daily AS r (merchant_id, day, device_id, place_id, machine_type, pay_gateway,
                                  count, total, reward, balance, encore, refund, collected, fee)
  SELECT t.merchant_id, (t.created_at AT TIME ZONE m.timezone)::date, coalesce(t.device_id, 0),
         coalesce(t.place_id, 0), coalesce(t.machine_type, 0), t.pay_gateway,
         sign, sign * t.total, sign * t.reward, sign * t.balance, sign * t.encore, sign * t.refund, sign * t.collected, sign * t.fee
    FROM merchants m WHERE m.id = t.merchant_id
  ON CONFLICT (merchant_id, day, device_id, place_id, machine_type, pay_gateway) DO UPDATE
     SET count = r.count + excluded.count, total = r.total + excluded.total, reward = r.reward + excluded.reward,
         balance = r.balance + excluded.balance, encore = r.encore + excluded.encore,
         refund = r.refund + excluded.refund, collected = r.collected + excluded.collected, fee = r.fee + excluded.fee;
  INSERT INTO revenue_daily_place AS r (merchant_id, day, place_id, machine_type, pay_gateway,
                                        count, total, reward, balance, encore, refund, collected, fee)
  SELECT t.merchant_id, (t.created_at AT TIME ZONE m.timezone)::date, coalesce(t.place_id, 0),
         coalesce(t.machine_type, 0), t.pay_gateway,
         sign, sign * t.total, sign * t.reward, sign * t.balance, sign * t.encore, sign * t.refund, sign * t.collected, sign * t.fee
    FROM merchants m WHERE m.id = t.merchant_id
  ON CONFLICT (merchant_id, day, place_id, machine_type, pay_gateway) DO UPDATE
     SET count = r.count + excluded.count, total = r.total + excluded.total, reward = r.reward + excluded.reward,
         balance = r.balance + excluded.balance, encore = r.encore + excluded.encore,
         refund = r.refund + excluded.refund, collected = r.collected + excluded.collected, fee = r.fee + excluded.fee
$$;
--> statement-breakpoint
CREATE FUNCTION revenue_daily_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF tg_op IN ('UPDATE', 'DELETE') THEN PERFORM revenue_daily_add(old, -1); END IF;
  IF tg_op IN ('INSERT', 'UPDATE') THEN PERFORM revenue_daily_add(new, 1); END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER transactions_revenue_daily_insert AFTER INSERT OR DELETE ON transactions
  FOR EACH ROW EXECUTE FUNCTION revenue_daily_track();
--> statement-breakpoint
CREATE TRIGGER transactions_revenue_daily_update
  AFTER UPDATE OF merchant_id, device_id, place_id, machine_type, pay_gateway, created_at,
                  total, encore, refund, collected, fee ON transactions
  FOR EACH ROW EXECUTE FUNCTION revenue_daily_track();
