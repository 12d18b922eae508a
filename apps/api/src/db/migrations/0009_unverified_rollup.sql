-- Hand-written (drizzle-kit generate --custom): what the schema files cannot say.
-- 1. Withdrawals made before the bank-account snapshot keep the account as it stands now, masked.
UPDATE withdrawals w
   SET bank_code = b.bank_code, bank_name = b.bank_name, branch = b.branch, account_holder = b.holder,
       masked_account_number = CASE WHEN length(b.account_number) <= 4 THEN b.account_number
                                    ELSE repeat('•', length(b.account_number) - 4) || right(b.account_number, 4) END
  FROM bank_accounts b
 WHERE b.id = w.bank_account_id AND w.masked_account_number = '';
--> statement-breakpoint
-- 2. An unverified sale (status 97: the machine's word, no confirmed payment) is not revenue: the
-- rollups leave it out, and take it in or out when a sale becomes verified or unverified.
CREATE OR REPLACE FUNCTION revenue_daily_add(t transactions, sign integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO revenue_daily AS r (merchant_id, day, device_id, place_id, machine_type, pay_gateway,
                                  count, total, reward, balance, encore, refund, collected, fee)
  SELECT t.merchant_id, (t.created_at AT TIME ZONE m.timezone)::date, coalesce(t.device_id, 0),
         coalesce(t.place_id, 0), coalesce(t.machine_type, 0), t.pay_gateway,
         sign, sign * t.total, sign * t.reward, sign * t.balance, sign * t.encore, sign * t.refund, sign * t.collected, sign * t.fee
    FROM merchants m WHERE m.id = t.merchant_id AND t.status <> 97
  ON CONFLICT (merchant_id, day, device_id, place_id, machine_type, pay_gateway) DO UPDATE
     SET count = r.count + excluded.count, total = r.total + excluded.total, reward = r.reward + excluded.reward,
         balance = r.balance + excluded.balance, encore = r.encore + excluded.encore,
         refund = r.refund + excluded.refund, collected = r.collected + excluded.collected, fee = r.fee + excluded.fee;
  INSERT INTO revenue_daily_place AS r (merchant_id, day, place_id, machine_type, pay_gateway,
                                        count, total, reward, balance, encore, refund, collected, fee)
  SELECT t.merchant_id, (t.created_at AT TIME ZONE m.timezone)::date, coalesce(t.place_id, 0),
         coalesce(t.machine_type, 0), t.pay_gateway,
         sign, sign * t.total, sign * t.reward, sign * t.balance, sign * t.encore, sign * t.refund, sign * t.collected, sign * t.fee
    FROM merchants m WHERE m.id = t.merchant_id AND t.status <> 97
  ON CONFLICT (merchant_id, day, place_id, machine_type, pay_gateway) DO UPDATE
     SET count = r.count + excluded.count, total = r.total + excluded.total, reward = r.reward + excluded.reward,
         balance = r.balance + excluded.balance, encore = r.encore + excluded.encore,
         refund = r.refund + excluded.refund, collected = r.collected + excluded.collected, fee = r.fee + excluded.fee
$$;
--> statement-breakpoint
DROP TRIGGER transactions_revenue_daily_update ON transactions;
--> statement-breakpoint
-- Other status changes (settling, withdrawing, deposited) still leave the rollups, and their locks, alone.
CREATE TRIGGER transactions_revenue_daily_update AFTER UPDATE ON transactions FOR EACH ROW
  WHEN ((old.merchant_id, old.device_id, old.place_id, old.machine_type, old.pay_gateway, old.created_at,
         old.total, old.encore, old.refund, old.collected, old.fee, old.status = 97)
        IS DISTINCT FROM
        (new.merchant_id, new.device_id, new.place_id, new.machine_type, new.pay_gateway, new.created_at,
         new.total, new.encore, new.refund, new.collected, new.fee, new.status = 97))
  EXECUTE FUNCTION revenue_daily_track();
