CREATE TABLE "revenue_daily_merchant" (
	"merchant_id" integer NOT NULL,
	"day" date NOT NULL,
	"machine_type" integer NOT NULL,
	"pay_gateway" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"reward" bigint DEFAULT 0 NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"encore" bigint DEFAULT 0 NOT NULL,
	"refund" bigint DEFAULT 0 NOT NULL,
	"collected" bigint DEFAULT 0 NOT NULL,
	"fee" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "revenue_daily_merchant_merchant_id_day_machine_type_pay_gateway_pk" PRIMARY KEY("merchant_id","day","machine_type","pay_gateway")
);
--> statement-breakpoint
ALTER TABLE "revenue_daily_merchant" ADD CONSTRAINT "revenue_daily_merchant_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "revenue_daily_device" (
	"merchant_id" integer NOT NULL,
	"day" date NOT NULL,
	"device_id" integer NOT NULL,
	"place_id" integer NOT NULL,
	"machine_type" integer NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"reward" bigint DEFAULT 0 NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"encore" bigint DEFAULT 0 NOT NULL,
	"refund" bigint DEFAULT 0 NOT NULL,
	"collected" bigint DEFAULT 0 NOT NULL,
	"fee" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "revenue_daily_device_merchant_id_day_device_id_place_id_machine_type_pk" PRIMARY KEY("merchant_id","day","device_id","place_id","machine_type")
);
--> statement-breakpoint
ALTER TABLE "revenue_daily_device" ADD CONSTRAINT "revenue_daily_device_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- Hand-written: the rollup trigger keeps the two new rollups beside the machine and place ones (same
-- rules: the merchant's local day, no unverified sale, no card top-up): per machine without the gateway,
-- and per merchant (machine type and gateway kept). They start from the machine and place rollups'
-- rows, which hold the same sums. Their changes always come with a change of transactions in the same
-- statement, whose trigger already tells the answer caches (0022).
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
$$;
--> statement-breakpoint
INSERT INTO revenue_daily_merchant (merchant_id, day, machine_type, pay_gateway,
                                    count, total, reward, balance, encore, refund, collected, fee)
SELECT merchant_id, day, machine_type, pay_gateway, sum(count), sum(total), sum(reward), sum(balance),
       sum(encore), sum(refund), sum(collected), sum(fee)
  FROM revenue_daily_place
 GROUP BY merchant_id, day, machine_type, pay_gateway;
--> statement-breakpoint
INSERT INTO revenue_daily_device (merchant_id, day, device_id, place_id, machine_type,
                                  count, total, reward, balance, encore, refund, collected, fee)
SELECT merchant_id, day, device_id, place_id, machine_type, sum(count), sum(total), sum(reward), sum(balance),
       sum(encore), sum(refund), sum(collected), sum(fee)
  FROM revenue_daily
 GROUP BY merchant_id, day, device_id, place_id, machine_type;
--> statement-breakpoint
-- Planner statistics for the new rollups at once (on a large install the backfills are millions of rows).
ANALYZE revenue_daily_merchant;
--> statement-breakpoint
ANALYZE revenue_daily_device;
