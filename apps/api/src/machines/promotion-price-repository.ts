import { eq, getTableColumns, sql } from 'drizzle-orm';
import type { TimeDiscountRules } from '@sbo/contracts/promotion-prices';
import type { Executor } from '../db/client';
import { devices, productTemplates } from '../db/schema';
import { minorUnits } from '../lib/money-sql';

type DiscountInForce = {
  promotionId: number;
  rules: TimeDiscountRules;
  timeZone: string;
  currency: string;
  /** The coin pulse of the machine's product template, when it has one. */
  pulse: number | null;
};

/**
 * The happy hour in force for a machine at an instant: a time discount bound to it that has
 * started, not ended and not been stopped (the binding rule leaves at most one; the oldest wins),
 * with the zone of the machine's place (else the merchant's). Its windows are checked by the caller.
 */
export async function discountInForce(
  db: Executor,
  machine: { deviceId: number } | { hwid: string },
  at: Date,
): Promise<(DiscountInForce & { deviceId: number }) | null> {
  const which =
    'hwid' in machine
      ? sql`pd.device_id = (select h.device_id from device_hardware h where h.hwid = ${machine.hwid})`
      : sql`pd.device_id = ${machine.deviceId}`;
  const result = await db.execute<DiscountInForce & { deviceId: number }>(sql`select pr.id as "promotionId",
      pr.time_discount as "rules", d.id as "deviceId",
      coalesce(pl.business_hours->>'timezone', m.timezone) as "timeZone", m.currency,
      (select t.pulse from product_templates t where t.id = d.product_id) as "pulse"
    from promotion_devices pd
    join promotions pr on pr.id = pd.promotion_id and pr.merchant_id = pd.merchant_id
    join devices d on d.id = pd.device_id and d.merchant_id = pd.merchant_id
    join merchants m on m.id = d.merchant_id
    left join places pl on pl.id = d.place_id
    where ${which} and pr.category = 'time_discount' and pr.disabled_at is null
      and pr.start_at <= ${at.toISOString()}::timestamptz
      and (pr.end_at is null or pr.end_at > ${at.toISOString()}::timestamptz)
    order by pr.id limit 1`);
  return result.rows[0] ?? null;
}

/**
 * Machines whose prices may have to change now: bound to a time discount that is not stopped and
 * has started (or ended within a day), or last sent a promotion's prices. Only online ones with a
 * controller and a product.
 */
export async function machinesToPrice(db: Executor, at: Date) {
  const result = await db.execute<{ deviceId: number; hwid: string; sent: string | null; reported: string | null }>(sql`
    select d.id as "deviceId", h.hwid, s.version as "sent", st.report->>'pricesVersion' as "reported"
    from devices d
    join device_hardware h on h.device_id = d.id
    join device_state st on st.hwid = h.hwid and st.online
    left join device_prices_sent s on s.device_id = d.id
    where d.product_id is not null and (
      s.version like '%-p%'
      or exists (select 1 from promotion_devices pd join promotions pr on pr.id = pd.promotion_id
        where pd.device_id = d.id and pr.category = 'time_discount' and pr.disabled_at is null
          and pr.start_at <= ${at.toISOString()}::timestamptz
          and (pr.end_at is null or pr.end_at > ${at.toISOString()}::timestamptz - interval '1 day')))
    order by d.id`);
  return result.rows;
}

export async function recordPricesSent(db: Executor, deviceId: number, version: string, at: Date) {
  await db.execute(sql`insert into device_prices_sent (device_id, version, sent_at)
    values (${deviceId}, ${version}, ${at.toISOString()})
    on conflict (device_id) do update set version = excluded.version, sent_at = excluded.sent_at`);
}

/** The normal price of a course (or the base price) of a machine's product template. */
export async function normalPriceOfCourse(db: Executor, deviceId: number, course: string | undefined) {
  const result = await db.execute<{ price: string | null }>(sql`
    select coalesce(
      (select (c->>'price')::bigint from jsonb_array_elements(t.courses) c where c->>'course' = ${course ?? null}::text limit 1),
      t.price)::bigint as "price"
    from devices d join product_templates t on t.id = d.product_id where d.id = ${deviceId}`);
  const price = result.rows[0]?.price;
  return price === null || price === undefined ? null : minorUnits(price);
}

const {
  merchantId: _merchantId,
  createdAt: _createdAt,
  updatedAt: _updatedAt,
  ...templateColumns
} = getTableColumns(productTemplates);

/** A machine's product template with its type and model (what `setPrices` needs). */
export async function pricedMachine(db: Executor, deviceId: number) {
  const [row] = await db
    .select({ template: templateColumns, machineType: devices.machineType, model: devices.model })
    .from(devices)
    .innerJoin(productTemplates, eq(productTemplates.id, devices.productId))
    .where(eq(devices.id, deviceId));
  return row ?? null;
}
