import { sql } from 'drizzle-orm';
import { catalogueEntry } from '@sbo/contracts';
import type { logTypes } from '@sbo/contracts';
import type { DeviceEvent } from '@sbo/contracts/mqtt';
import { isVerifiedPayment, saleSettlement } from '@sbo/contracts/settlement';
import type { OrderInfo } from '../../db/money-schema';
import { defaultClockToleranceMs, eventTime, type Receipt } from './device-clock';
import { findConfirmedPayment } from './payment-confirmation';
import type { Database } from '../../db/client';
import { statement } from '../../db/prepared';
import { deviceEvents, deviceHardware, deviceLogs, deviceState, devices, merchants } from '../../db/schema';
import { saleInsertSql } from '../../lib/sale-repository';
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

const param = (name: string) => sql.placeholder(name);
const hwid = sql`${param('hwid')}::text`;
const kind = sql`${param('kind')}::text`;
const occurredAt = sql`${param('occurredAt')}::timestamptz`;
const amount = sql`${param('amount')}::bigint`;
const encore = sql`${param('encore')}::bigint`;
const orderId = sql`${param('orderId')}::text`;
const commandId = sql`${param('commandId')}::text`;
const logType = sql`${param('logType')}::text`;
const expected = sql`${param('expected')}::int`;
const actual = sql`${param('actual')}::int`;

/** A sale the event makes, when it is one that is money (not a test, not held aside): once per payment order. */
const sold = saleInsertSql(
  {
    merchantId: sql`ev.merchant_id`,
    deviceEventId: sql`ev.id`,
    deviceId: sql`ev.device_id`,
    placeId: sql`d.place_id`,
    machineType: sql`d.machine_type`,
    orderId,
    payGateway: sql`${param('payGateway')}::text`,
    status: sql`${param('status')}::smallint`,
    currency: sql`m.currency`,
    total: amount,
    encore: sql`coalesce(${encore}, 0)`,
    collected: sql`${param('collected')}::bigint`,
    fee: sql`${param('fee')}::bigint`,
    orderInfo: sql`${param('orderInfo')}::jsonb`,
    at: occurredAt,
    postingDays: sql`${param('postingDays')}::int`,
    promotionId: sql`${param('promotionId')}::int`,
    promotionDiscount: sql`coalesce(${param('promotionDiscount')}::bigint, 0)`,
    clockOff: sql`${param('clockOff')}::boolean`,
    reportedAt: sql`case when ${param('clockOff')}::boolean then ${param('deviceOccurredAt')}::timestamptz end`,
  },
  sql`from ev join ${devices} d on d.id = ev.device_id join ${merchants} m on m.id = ev.merchant_id
   where ${kind} = 'sale' and not ${param('test')}::boolean and ev.held_reason is null`,
  // One payment order is one transaction: another event with the same order id is kept as an event only.
  { oncePerOrder: true },
);

// One statement: the event once (unique hwid + event_id), a sale's transaction once, its log row
// once, the remote action it answers (coins paid out) completed, and the device kept alive.
const storeEventStatement = statement<unknown>(
  'gateway-store-event',
  sql`
with target as (
  select d.id as device_id, d.merchant_id, d.machine_type
    from ${deviceHardware} h left join ${devices} d on d.id = h.device_id where h.hwid = ${hwid}
),
ev as (
  insert into ${deviceEvents} (hwid, event_id, device_id, merchant_id, kind, occurred_at, device_occurred_at, received_at,
                             amount, encore, pay_gateway, order_id, test, command_id, payload, held_reason)
  select ${hwid}, ${param('eventId')}::text, t.device_id, t.merchant_id, ${kind}, ${occurredAt},
         ${param('deviceOccurredAt')}::timestamptz, ${param('receivedAt')}::timestamptz, ${amount}, ${encore},
         ${param('payGateway')}::text, ${orderId}, ${param('test')}::boolean, ${commandId}, ${param('payload')}::jsonb,
         case when ${kind} <> 'sale' then null
              when ${amount} > coalesce((${param('limitByMachineType')}::jsonb ->> t.machine_type::text)::bigint,
                                        ${param('limitOtherwise')}::bigint) then 'amountOverLimit'
              when coalesce(${encore}, 0) > ${amount} then 'encoreOverAmount' end
    from target t
  on conflict (hwid, event_id) do nothing
  returning id, device_id, merchant_id, held_reason
),
sold as (${sold}),
logged as (
  insert into ${deviceLogs} (merchant_id, device_id, hwid, log_type, content_key, content, content_params,
                           expected_coins, actual_coins, code, command_id, operator_user_id, operator_name, dedupe_key)
  select ev.merchant_id, ev.device_id, ${hwid}, ${logType}, ${param('logKey')}::text, ${param('logContent')}::text,
         ${param('logParams')}::jsonb, ${expected}, ${actual}, ${param('code')}::int, ${commandId},
         r.operator_user_id, r.operator_name, 'event:' || ${param('eventId')}::text
    from ev
    left join lateral (select operator_user_id, operator_name from ${deviceLogs}
                        where ${commandId} is not null and command_id = ${commandId}
                          and log_type in ('remoteControl', 'settlement') limit 1) r on true
   where ${logType} is not null and ev.device_id is not null
  on conflict (hwid, dedupe_key) do nothing
),
remote as (
  update ${deviceLogs} l set expected_coins = ${expected}, actual_coins = ${actual}
   where ${kind} = 'coinsDispensed' and ${commandId} is not null and l.command_id = ${commandId}
     and l.log_type = 'remoteControl' and exists (select 1 from ev)
)
update ${deviceState} set last_seen_at = now() where hwid = ${hwid} and online`,
);

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
  db: Database,
  hwid: string,
  event: DeviceEvent,
  limits: SaleLimits,
  receipt: Receipt = { at: Date.now(), toleranceMs: defaultClockToleranceMs },
) {
  const { at: occurredAt, clockOff } = eventTime(event, receipt);
  const sale = event.kind === 'sale' ? event : null;
  const confirmed = sale
    ? await findConfirmedPayment(db, {
        hwid,
        payGateway: sale.payGateway,
        orderId: sale.orderId,
        amount: sale.amount,
      })
    : null;
  const money = sale ? saleSettlement(sale, isVerifiedPayment(sale, confirmed)) : null;
  // A sale while a happy hour's window is open on the machine is recorded under that promotion.
  const promotion = sale
    ? await promotionOfSale(db, {
        hwid,
        course: sale.course,
        amount: sale.amount,
        at: new Date(occurredAt),
      })
    : null;
  const log = describeEvent(event);
  await storeEventStatement(db, {
    hwid,
    eventId: event.eventId,
    kind: event.kind,
    occurredAt: new Date(occurredAt).toISOString(),
    deviceOccurredAt: new Date(event.occurredAt).toISOString(),
    amount: 'amount' in event ? event.amount : null,
    encore: sale?.encore ?? null,
    payGateway: sale?.payGateway ?? null,
    orderId: sale?.orderId ?? null,
    test: sale?.test ?? false,
    commandId: event.commandId ?? null,
    payload: JSON.stringify(event),
    logType: log?.logType ?? null,
    logKey: log?.key ?? null,
    logContent: log?.content ?? null,
    logParams: JSON.stringify(log?.params ?? {}),
    expected: log?.expected ?? null,
    actual: log?.actual ?? null,
    code: log?.code ?? null,
    status: money?.status ?? null,
    collected: money?.collected ?? null,
    fee: money?.fee ?? null,
    orderInfo: JSON.stringify(sale ? orderInfoOf(sale) : {}),
    postingDays: money?.postingDays ?? null,
    limitByMachineType: JSON.stringify(limits.byMachineType),
    limitOtherwise: limits.otherwise,
    promotionId: promotion?.promotionId ?? null,
    promotionDiscount: promotion?.discount ?? null,
    receivedAt: new Date(receipt.at).toISOString(),
    clockOff,
  });
}
