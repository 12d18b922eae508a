/** Card payments: the `card` channel (device -> server) and its answer on `cardResult`. */
import { z } from 'zod';
import { CardReader } from '../errors';
import { amount, epochMs, id64, positiveAmount, v } from './fields';

/** The card-reader results of the spec (`CardReader` in errors.ts): 0000 approval, the rest refusals. */
const cardReaderCodes = Object.values(CardReader);
const cardReaderCode = z.enum(cardReaderCodes as [CardReaderCodeValue, ...CardReaderCodeValue[]]);
type CardReaderCodeValue = (typeof CardReader)[keyof typeof CardReader];
const requestId = id64.describe('made by the device, unique per device forever, e.g. `${bootId}-${n}`');

/**
 * On `card`: `authorize` asks the server to charge a member card (stored value, then points) for a
 * sale of `amount`; `void` says the machine could not use an approval (it gave up waiting, or failed
 * to start), so the server gives the money back. Idempotent per (device, requestId).
 */
export const cardRequest = z.discriminatedUnion('kind', [
  z.object({
    v,
    kind: z.literal('authorize'),
    requestId,
    card: z.string().regex(/^\d{6,20}$/, 'a card number is 6 to 20 digits'),
    amount: positiveAmount,
    sentAt: epochMs,
  }),
  z.object({ v, kind: z.literal('void'), requestId, sentAt: epochMs }),
]);
export type CardRequest = z.infer<typeof cardRequest>;

/**
 * On `cardResult`: the answer to a card request, with the same `requestId`. On approval (0000) of an
 * `authorize`: `orderId` and `payGateway` for the machine's `sale` report, what was used from the
 * card's balance (`balanceUsed`, of which `rewardUsed` came from top-up rewards) and points
 * (`pointsUsed`), and what is left (`balance`, `point`) for the display. A `void` is answered 0000
 * (given back, or nothing was charged) or 0012 (no such approved request).
 */
export const cardResult = z.object({
  v,
  requestId,
  result: cardReaderCode,
  sentAt: epochMs,
  orderId: id64.optional(),
  payGateway: z.enum(['ESVC', 'cash-card']).optional(),
  balanceUsed: amount.optional(),
  rewardUsed: amount.optional(),
  pointsUsed: amount.optional(),
  balance: amount.optional(),
  point: amount.optional(),
});
export type CardResult = z.infer<typeof cardResult>;
