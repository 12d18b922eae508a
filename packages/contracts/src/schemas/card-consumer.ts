import { z } from 'zod';
import {
  cardLoyaltyTypes,
  cardNumber,
  cardProgram,
  cardStatuses,
  dbId,
  phoneNumber,
  pointsRule,
  topUpTier,
} from './card-basics';
import { minor } from './common';

// The consumer's side of the cards (public): offers, virtual cards and top-ups by phone (docs/cards.md).

/** What a consumer at a place (or a machine's QR code) is offered: the programs, tiers and methods. */
export const cardOfferQuery = z
  .object({ placeId: dbId.optional(), hwid: z.string().max(64).optional(), program: cardProgram.default('vip') })
  .refine((q) => q.placeId !== undefined || q.hwid !== undefined, { message: 'placeId or hwid', path: ['placeId'] });

export const cardOffer = z.object({
  program: cardProgram,
  merchantName: z.string(),
  place: z.object({ id: z.number().int(), title: z.string() }),
  currency: z.string(),
  topUpTiers: z.array(
    topUpTier.extend({
      promotion: z
        .object({ id: z.number().int(), name: z.string(), reward: minor })
        .nullable()
        .default(null)
        .describe('a running top-up reward promotion at this place: its reward comes on top of the tier’s'),
    }),
  ),
  pointsRule,
  virtualCards: z.boolean(),
  gateways: z.array(z.string()).describe('payment methods for a top-up that can take a payment'),
  paymentSetUp: z
    .boolean()
    .describe('false: top-up by phone is not set up here (no method of the place can take a payment)'),
});
export type CardOffer = z.infer<typeof cardOffer>;

export const smsCodeRequest = z.object({
  placeId: z.number().int().positive().max(2_147_483_647),
  program: cardProgram.default('vip'),
  phone: phoneNumber,
});
export const smsCodeSent = z.object({
  retryAfterSeconds: z.number().int().describe('when another code may be asked for'),
  expiresInSeconds: z.number().int(),
});

export const virtualCardOpen = smsCodeRequest.extend({
  code: z.string().regex(/^\d{6}$/, 'the 6-digit code'),
  holderName: z.string().trim().max(60).default(''),
});
/** The consumer's view of a card: never the holder's full phone. */
export const consumerCard = z.object({
  number: z.string(),
  program: cardProgram,
  status: z.enum(cardStatuses),
  loyaltyType: z.enum(cardLoyaltyTypes),
  balance: minor,
  point: z.number().int(),
  currency: z.string(),
});
export type ConsumerCard = z.infer<typeof consumerCard>;

export const cardTopUpCreate = z.object({
  placeId: z.number().int().positive().max(2_147_483_647),
  program: cardProgram.default('vip'),
  cardNumber,
  amount: minor.positive().max(100_000_000).describe('one of the top-up tiers'),
  gateway: z.string().max(20),
  clientRequestId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
  lang: z.string().max(16).optional(),
});
export type CardTopUpCreate = z.infer<typeof cardTopUpCreate>;

const cardTopUpStatuses = ['created', 'paid', 'failed', 'cancelled', 'refunded'] as const;
export const cardTopUpOrder = z.object({
  orderId: z.string(),
  status: z.enum(cardTopUpStatuses),
  program: cardProgram,
  cardNumber: z.string().describe('masked except its last 4 digits'),
  amount: minor,
  reward: minor,
  currency: z.string(),
  gateway: z.string(),
  place: z.object({ id: z.number().int(), title: z.string() }),
  balanceAfter: minor.nullable().describe('the card balance right after the top-up was credited'),
  createdAt: z.string(),
});
export type CardTopUpOrder = z.infer<typeof cardTopUpOrder>;
export const topUpOrderParam = z.object({ orderId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/) });
