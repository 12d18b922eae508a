/** The `event` channel: sales, cash movements, faults and stage changes, each once per device forever. */
import { z } from 'zod';
import { additiveTypes, paymentGateways, units } from '../constants';
import { amount, count, courseCode, dryTemp, epochMs, faultCode, id64, positiveAmount, stage, v } from './fields';

const eventBase = {
  v,
  eventId: id64.describe('made by the device, unique per device forever, e.g. `${bootId}-${n}`'),
  occurredAt: epochMs,
  sentAt: epochMs,
  commandId: id64.optional().describe('set when a command caused the event'),
};
const minutes = z.number().int().positive().max(600);
const eventFields = {
  sale: {
    amount: amount,
    payGateway: z.enum(paymentGateways),
    orderId: id64.optional(),
    selection: courseCode.optional(),
    course: courseCode.optional(),
    dryTemp: dryTemp.optional(),
    addDry: minutes.optional(),
    additive: z.array(z.enum(additiveTypes)).max(3).optional(),
    dryTime: minutes.optional(),
    quantity: z.number().int().positive().optional(),
    unit: z.enum(units).optional(),
    encore: amount.optional().describe('part paid by remote credit (insertCoin), not collected money'),
    test: z.boolean().optional().describe('sold in test mode; not revenue'),
  },
  coinInserted: { amount: positiveAmount, count: z.number().int().positive().max(1000) },
  banknoteAccepted: { denomination: positiveAmount, count: z.number().int().positive().max(1000) },
  banknoteDispensed: { denomination: positiveAmount, count: z.number().int().positive().max(1000) },
  coinsDispensed: {
    expected: count,
    actual: count,
    coinValue: positiveAmount,
    reason: z.enum(['change', 'exchange', 'remote']),
  },
  refill: { amount: amount, remainingAmount: amount, totalAmount: amount },
  error: { code: faultCode, detail: z.string().max(200).optional() },
  errorCleared: { code: faultCode },
  reset: { what: z.enum(['drumClean', 'paidAmount', 'banknotes', 'cashBox', 'coinCount', 'tablet']) },
  stageChanged: { from: stage, to: stage, course: courseCode.nullable().optional() },
} as const;
type EventKind = keyof typeof eventFields;
export const eventKinds = Object.keys(eventFields) as EventKind[];
const event = <K extends EventKind>(kind: K) => z.object({ ...eventBase, kind: z.literal(kind), ...eventFields[kind] });
// prettier-ignore
export const deviceEvent = z.discriminatedUnion('kind', [
  event('sale'), event('coinInserted'), event('banknoteAccepted'), event('banknoteDispensed'), event('coinsDispensed'),
  event('refill'), event('error'), event('errorCleared'), event('reset'), event('stageChanged'),
]);
export type DeviceEvent = z.infer<typeof deviceEvent>;
const everyEventKindHasAVariant: Exclude<EventKind, DeviceEvent['kind']> extends never ? true : never = true;
void everyEventKindHasAVariant;
