CREATE TABLE "revenue_monthly_device" (
	"merchant_id" integer NOT NULL,
	"month" date NOT NULL,
	"device_id" integer NOT NULL,
	"place_id" integer NOT NULL,
	"machine_type" integer NOT NULL,
	"day_rows" integer DEFAULT 0 NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"reward" bigint DEFAULT 0 NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"encore" bigint DEFAULT 0 NOT NULL,
	"refund" bigint DEFAULT 0 NOT NULL,
	"collected" bigint DEFAULT 0 NOT NULL,
	"fee" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "revenue_monthly_device_merchant_id_month_device_id_place_id_machine_type_pk" PRIMARY KEY("merchant_id","month","device_id","place_id","machine_type")
);
--> statement-breakpoint
ALTER TABLE "revenue_monthly_device" ADD CONSTRAINT "revenue_monthly_device_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- Hand-written: the rollup trigger keeps the machine rollup without the gateway per month as well
-- (docs/performance.md, "50M sales, 20 users"), from the daily row it has just written: its month is the
-- daily row's (the merchant's local month), and `day_rows` grows by one when that daily row is new, so a
-- month's row always counts the daily rows it adds up. It starts from the daily rows, which hold the same
-- sums. Its changes come with a change of transactions in the same statement, whose trigger already
-- tells the answer caches (0022).
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
         refund = r.refund + excluded.refund, collected = r.collected + excluded.collected, fee = r.fee + excluded.fee;
  INSERT INTO revenue_daily_merchant AS r (merchant_id, day, machine_type, pay_gateway,
                                           count, total, reward, balance, encore, refund, collected, fee)
  SELECT t.merchant_id, (t.created_at AT TIME ZONE m.timezone)::date, coalesce(t.machine_type, 0), t.pay_gateway,
         sign, sign * t.total, sign * t.reward, sign * t.balance, sign * t.encore, sign * t.refund, sign * t.collected, sign * t.fee
    FROM merchants m WHERE m.id = t.merchant_id AND t.status <> 97 AND t.purpose = 'sale'
  ON CONFLICT (merchant_id, day, machine_type, pay_gateway) DO UPDATE
     SET count = r.count + excluded.count, total = r.total + excluded.total, reward = r.reward + excluded.reward,
         balance = r.balance + excluded.balance, encore = r.encore + excluded.encore,
         refund = r.refund + excluded.refund, collected = r.collected + excluded.collected, fee = r.fee + excluded.fee;
  WITH d AS (
    INSERT INTO revenue_daily_device AS r (merchant_id, day, device_id, place_id, machine_type,
                                           count, total, reward, balance, encore, refund, collected, fee)
    SELECT t.merchant_id, (t.created_at AT TIME ZONE m.timezone)::date, coalesce(t.device_id, 0),
           coalesce(t.place_id, 0), coalesce(t.machine_type, 0),
           sign, sign * t.total, sign * t.reward, sign * t.balance, sign * t.encore, sign * t.refund, sign * t.collected, sign * t.fee
      FROM merchants m WHERE m.id = t.merchant_id AND t.status <> 97 AND t.purpose = 'sale'
    ON CONFLICT (merchant_id, day, device_id, place_id, machine_type) DO UPDATE
       SET count = r.count + excluded.count, total = r.total + excluded.total, reward = r.reward + excluded.reward,
           balance = r.balance + excluded.balance, encore = r.encore + excluded.encore,
           refund = r.refund + excluded.refund, collected = r.collected + excluded.collected, fee = r.fee + excluded.fee
      RETURNING r.merchant_id, r.day, r.device_id, r.place_id, r.machine_type, (r.xmax = 0) AS created
  )
  INSERT INTO revenue_monthly_device AS r (merchant_id, month, device_id, place_id, machine_type, day_rows,
                                           count, total, reward, balance, encore, refund, collected, fee)
  SELECT d.merchant_id, date_trunc('month', d.day)::date, d.device_id, d.place_id, d.machine_type, d.created::int,
         sign, sign * t.total, sign * t.reward, sign * t.balance, sign * t.encore, sign * t.refund, sign * t.collected, sign * t.fee
    FROM d
  ON CONFLICT (merchant_id, month, device_id, place_id, machine_type) DO UPDATE
     SET day_rows = r.day_rows + excluded.day_rows, count = r.count + excluded.count, total = r.total + excluded.total,
         reward = r.reward + excluded.reward, balance = r.balance + excluded.balance, encore = r.encore + excluded.encore,
         refund = r.refund + excluded.refund, collected = r.collected + excluded.collected, fee = r.fee + excluded.fee
$$;
--> statement-breakpoint
INSERT INTO revenue_monthly_device (merchant_id, month, device_id, place_id, machine_type, day_rows,
                                    count, total, reward, balance, encore, refund, collected, fee)
SELECT merchant_id, date_trunc('month', day)::date, device_id, place_id, machine_type, count(*), sum(count),
       sum(total), sum(reward), sum(balance), sum(encore), sum(refund), sum(collected), sum(fee)
  FROM revenue_daily_device
 GROUP BY 1, 2, 3, 4, 5;
--> statement-breakpoint
ANALYZE revenue_monthly_device;
