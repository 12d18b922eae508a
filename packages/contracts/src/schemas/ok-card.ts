import { z } from 'zod';
import { dbId, named, reason } from './card-basics';
import { minor } from './common';
import { transactionFilter } from './transaction';

// The OK card area (okcard/*): the OK card program's own screens (docs/cards.md).

export const okCardRangeQuery = transactionFilter.pick({ from: true, to: true });

export const okCardIssued = z.object({
  cards: z.number().int(),
  activeCards: z.number().int(),
  issued: z.number().int().describe('opened in the range'),
  outstanding: minor,
  currency: z.string(),
});

export const okCardRevenue = z.object({
  currency: z.string(),
  deposits: minor,
  rewards: minor,
  spend: minor.describe('card spend at machines: the OK card revenue'),
  refunds: minor,
  series: z.array(z.object({ day: z.string(), deposits: minor, spend: minor })),
});

export const okCardDetailQuery = z.object({ cardId: dbId });
export const okCardAdjustBalance = z
  .object({
    cardId: z.number().int().positive().max(2_147_483_647),
    balanceChange: minor.min(-100_000_000).max(100_000_000),
    reason,
  })
  .refine((v) => v.balanceChange !== 0, { message: 'cannot be zero', path: ['balanceChange'] });

/** A machine that takes the OK card, with its state and its card trades today. */
const okCardMachine = z.object({
  id: z.number().int(),
  name: z.string(),
  place: named,
  machineType: z.number().int(),
  status: z.string().describe('device status (spec section 4)'),
  online: z.boolean(),
  lastSeenAt: z.string().nullable(),
  tradesToday: z.number().int(),
  spendToday: minor,
  lastTradeAt: z.string().nullable(),
});
export const okCardMachines = z.object({ currency: z.string(), items: z.array(okCardMachine) });
