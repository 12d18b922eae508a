import type { CardLoyaltyType, CardStatus, PointsRule, TopUpTier } from '@sbo/contracts';
import { CardReader, type CardReaderCode } from '@sbo/contracts';

/**
 * The card rules, pure (docs/cards.md): how a charge at a machine splits between points and
 * stored value, what a top-up earns, and what a refund gives back. The ledger records the result.
 */

type CardHolding = { balance: number; point: number };

/** What a charge of `amount` takes from a card: points first (when they pay), then stored value. */
export type SpendSplit = { balanceUsed: number; pointsUsed: number; rewardUsed: number; pointsEarned: number };

export function splitSpend(card: CardHolding, rule: PointsRule, amount: number): SpendSplit | null {
  const pointsPay = rule.enabled && rule.pointValue > 0;
  const pointsUsed = pointsPay ? Math.min(card.point, Math.floor(amount / rule.pointValue)) : 0;
  const rewardUsed = pointsUsed * rule.pointValue;
  const balanceUsed = amount - rewardUsed;
  if (balanceUsed > card.balance) return null;
  const pointsEarned = rule.enabled ? Math.floor(balanceUsed / rule.spendPerPoint) : 0;
  return { balanceUsed, pointsUsed, rewardUsed, pointsEarned };
}

/** The reward of a top-up: that of the highest tier the amount reaches (none below the lowest tier). */
export function rewardFor(tiers: readonly TopUpTier[], amount: number): number {
  let best: TopUpTier | null = null;
  for (const tier of tiers) if (tier.amount <= amount && (!best || tier.amount > best.amount)) best = tier;
  return best?.reward ?? 0;
}

/**
 * A refund of a charge: the stored value and the points it used come back; the points it earned are
 * taken back as far as the card still holds them (points never go below zero).
 */
export function refundOf(card: CardHolding, spend: SpendSplit): { balanceChange: number; pointChange: number } {
  const pointsBack = spend.pointsUsed - Math.min(spend.pointsEarned, card.point + spend.pointsUsed);
  return { balanceChange: spend.balanceUsed, pointChange: pointsBack };
}

/** Whether a card may be charged at a machine; the card-reader refusal otherwise. */
export function machineRefusal(card: { status: CardStatus }): CardReaderCode | null {
  if (card.status === 'cancelled') return CardReader.locked;
  if (card.status === 'inactive') return CardReader.notActivated;
  return null;
}

/** Only stored-value cards take top-ups (1103002 otherwise). */
export const takesTopUps = (loyaltyType: CardLoyaltyType): boolean => loyaltyType === 'storedValue';

/** The default settings of a program nobody has set yet: no tiers, points off, no place accepts it. */
export const defaultPointsRule: PointsRule = { enabled: false, spendPerPoint: 1000, pointValue: 0 };
