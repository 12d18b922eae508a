import type pg from 'pg';
import { catalogueEntry } from '@sbo/contracts';
import type { logTypes } from '@sbo/contracts';
import type { DeviceEvent } from '@sbo/contracts/mqtt';
import { isVerifiedPayment, saleSettlement } from '@sbo/contracts/settlement';
import type { OrderInfo } from '../../db/money-schema';
import { defaultClockToleranceMs, eventTime, type Receipt } from './device-clock';
import { findConfirmedPayment } from './payment-confirmation';
import { databaseOf } from '../../db/client';
import { promotionOfSale } from '../../machines/prices-in-force';

type LogFields = {
  logType: (typeof logTypes)[number];
  key: string;
  content: string;
  params: Record<string, string | number | boolean | null>;
  code?: number;
  expected?: number;
  actual?: number;
};

/** The device-log row an event deserves, if any: faults, cash movements, refills and resets. */
function describeEvent(event: DeviceEvent): LogFields | null {
  switch (event.kind) {
    case 'error': {
      const text = catalogueEntry(event.code)?.en ?? 'Device fault.';
      const params = { code: event.code, detail: event.detail ?? null };
      return {
        logType: 'error',
        key: 'deviceLog.error.raised',
        content: `${event.code} ${text}`,
        params,
        code: event.code,
      };
    }
    case 'errorCleared':
      return {
        logType: 'error',
        key: 'deviceLog.error.cleared',
        content: `Fault ${event.code} cleared`,
        params: { code: event.code },
        code: event.code,
      };
    case 'banknoteAccepted':
    case 'banknoteDispensed': {
      const verb = event.kind === 'banknoteAccepted' ? 'accepted' : 'dispensed';
      const params = { denomination: event.denomination, count: event.count };
      return {
        logType: 'banknote',
        key: `deviceLog.banknote.${verb}`,
        content: `Banknotes ${verb}: ${event.count}`,
        params,
      };
    }
    case 'coinsDispensed':
      return {
        logType: 'coinDispensed',
        key: `deviceLog.coins.${event.reason}`,
        content: `Coins dispensed (${event.reason}): ${event.actual} of ${event.expected}`,
        params: { coinValue: event.coinValue, reason: event.reason },
        expected: event.expected,
        actual: event.actual,
      };
    case 'refill':
      return {
        logType: 'refill',
        key: 'deviceLog.refill',
        content: 'Coin dispenser refilled',
        params: { amount: event.amount, remainingAmount: event.remainingAmount, totalAmount: event.totalAmount },
      };
    case 'reset':
      return { logType: 'reset', key: `deviceLog.reset.${event.what}`, content: `Reset: ${event.what}`, params: {} };
    default:
      return null;
  }
}

// One statement: the event once (unique hwid + event_id), a sale's transaction once, its log row
// once, the remote action it answers (coins paid out) completed, and the device kept alive.
const storeEventSql = `
with target as (
  select d.id as device_id, d.merchant_id, d.machine_type
    from device_hardware h left join devices d on d.id = h.device_id where h.hwid = $1
),
ev as (
  insert into device_events (hwid, event_id, device_id, merchant_id, kind, occurred_at, device_occurred_at, received_at,
                             amount, encore, pay_gateway, order_id, test, command_id, payload, held_reason)
  select $1, $2, t.device_id, t.merchant_id, $3, $4, $5, $29, $6, $7, $8, $9, $10, $11, $12,
         case when $3 <> 'sale' then null
              when $6::bigint > coalesce(($25::jsonb ->> t.machine_type::text)::bigint, $26::bigint) then 'amountOverLimit'
              when coalesce($7::bigint, 0) > $6::bigint then 'encoreOverAmount' end
    from target t
  on conflict (hwid, event_id) do nothing
  returning id, device_id, merchant_id, held_reason
),
sold as (
  insert into transactions (merchant_id, device_event_id, device_id, place_id, machine_type, order_id, pay_gateway,
                            status, currency, total, encore, collected, fee, order_info, created_at, expect_posting_at,
                            promotion_id, promotion_discount, clock_off, reported_at)
  select ev.merchant_id, ev.id, ev.device_id, d.place_id, d.machine_type, $9, $8, $20, m.currency, $6, coalesce($7, 0),
         $21, $22, $23, $4, $4::timestamptz + make_interval(days => $24::int), $27::int, coalesce($28::bigint, 0),
         $30, case when $30 then $5::timestamptz end
    from ev join devices d on d.id = ev.device_id join merchants m on m.id = ev.merchant_id
   where $3 = 'sale' and not $10 and ev.held_reason is null
  -- One payment order is one transaction: another event with the same order id is kept as an event only.
  on conflict (merchant_id, pay_gateway, order_id) where order_id is not null do nothing
),
logged as (
  insert into device_logs (merchant_id, device_id, hwid, log_type, content_key, content, content_params,
                           expected_coins, actual_coins, code, command_id, operator_user_id, operator_name, dedupe_key)
  select ev.merchant_id, ev.device_id, $1, $13, $14, $15, $16, $17, $18, $19, $11, r.operator_user_id, r.operator_name, 'event:' || $2
    from ev
    left join lateral (select operator_user_id, operator_name from device_logs
                        where $11::text is not null and command_id = $11 and log_type in ('remoteControl', 'settlement') limit 1) r on true
   where $13::text is not null and ev.device_id is not null
  on conflict (hwid, dedupe_key) do nothing
),
remote as (
  update device_logs l set expected_coins = $17, actual_coins = $18
   where $3 = 'coinsDispensed' and $11::text is not null and l.command_id = $11 and l.log_type = 'remoteControl'
     and exists (select 1 from ev)
)
update device_state set last_seen_at = now() where hwid = $1 and online`;

type SaleEvent = Extract<DeviceEvent, { kind: 'sale' }>;

function orderInfoOf(sale: SaleEvent): OrderInfo {
  const { selection, course, dryTemp, addDry, additive, dryTime, quantity, unit } = sale;
  return { selection, course, dryTemp, addDry, additive, dryTime, quantity, unit };
}

/** The largest sale per machine type (JSON `{ machineType: amount }`) and for any other type. */
export type SaleLimits = { byMachineType: Record<string, number>; otherwise: number };

/**
 * Stores an event once; a redelivered one changes nothing. A sale above its machine's limit (or
 * with more remote credit than its amount) is kept with its reason but becomes no transaction:
 * held aside for review, it is in no total, settlement or wallet. An event whose times are outside
 * the clock tolerance is recorded at its receive time; a sale keeps the machine's time beside it, flagged.
 */
export async function storeEvent(
  pool: pg.Pool,
  hwid: string,
  event: DeviceEvent,
  limits: SaleLimits,
  receipt: Receipt = { at: Date.now(), toleranceMs: defaultClockToleranceMs },
) {
  const { at: occurredAt, clockOff } = eventTime(event, receipt);
  const sale = event.kind === 'sale' ? event : null;
  const confirmed = sale
    ? await findConfirmedPayment(pool, {
        hwid,
        payGateway: sale.payGateway,
        orderId: sale.orderId,
        amount: sale.amount,
      })
    : null;
  const money = sale ? saleSettlement(sale, isVerifiedPayment(sale, confirmed)) : null;
  // A sale while a happy hour's window is open on the machine is recorded under that promotion.
  const promotion = sale
    ? await promotionOfSale(databaseOf(pool), {
        hwid,
        course: sale.course,
        amount: sale.amount,
        at: new Date(occurredAt),
      })
    : null;
  const log = describeEvent(event);
  await pool.query(storeEventSql, [
    hwid,
    event.eventId,
    event.kind,
    new Date(occurredAt).toISOString(),
    new Date(event.occurredAt).toISOString(),
    'amount' in event ? event.amount : null,
    sale?.encore ?? null,
    sale?.payGateway ?? null,
    sale?.orderId ?? null,
    sale?.test ?? false,
    event.commandId ?? null,
    JSON.stringify(event),
    log?.logType ?? null,
    log?.key ?? null,
    log?.content ?? null,
    JSON.stringify(log?.params ?? {}),
    log?.expected ?? null,
    log?.actual ?? null,
    log?.code ?? null,
    money?.status ?? null,
    money?.collected ?? null,
    money?.fee ?? null,
    JSON.stringify(sale ? orderInfoOf(sale) : {}),
    money?.postingDays ?? null,
    JSON.stringify(limits.byMachineType),
    limits.otherwise,
    promotion?.promotionId ?? null,
    promotion?.discount ?? null,
    new Date(receipt.at).toISOString(),
    clockOff,
  ]);
}
