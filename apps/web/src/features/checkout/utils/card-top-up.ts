import type { CardOffer, CardProgram, CardTopUpOrder } from '@sbo/contracts/schemas/cards';
import { cardProgramNames } from '@sbo/contracts/checkout-address';

export { cardOfferSelector } from '@sbo/contracts/checkout-address';

// The programs by name, without the contract's schemas (the consumer entry imports these rules and must
// stay free of the validation library; test/card-top-up-rules.test.ts checks the list against the contract).
export const knownCardPrograms: readonly CardProgram[] = cardProgramNames;

/** The card page of a place, as the machine checkout links to it. */
export const cardTopUpAddress = (placeId: number, program: CardProgram = 'vip'): string =>
  `/custom/card-top-up?placeId=${placeId}${program === 'vip' ? '' : `&program=${program}`}`;

type OfferTier = CardOffer['topUpTiers'][number];

/** What the holder gets for a tier: what they pay plus the reward and a running promotion's, e.g. pay 500, get 550. */
export const tierValue = (tier: OfferTier): number => tier.amount + tier.reward + (tier.promotion?.reward ?? 0);

/** Tiers from the smallest payment up, as a price list reads. */
export const sortedTiers = (tiers: readonly OfferTier[]): OfferTier[] =>
  [...tiers].sort((left, right) => left.amount - right.amount);

/** A card number as a consumer types it (with spaces or dashes), reduced to its digits. */
export const cardNumberDigits = (typed: string): string => typed.replace(/[\s-]/g, '');

export const isCardNumber = (digits: string): boolean => /^\d{6,20}$/.test(digits);

/** The final statuses of a top-up order: past them there is nothing left to wait for. */
const isTopUpSettled = (status: CardTopUpOrder['status']): boolean => status !== 'created';

/** The result page asks again every 1.5 s while the gateway's answer is not in. */
const topUpPollMs = 1500;
export const topUpPoll = (status: CardTopUpOrder['status'] | undefined): number | false =>
  status !== undefined && isTopUpSettled(status) ? false : topUpPollMs;
