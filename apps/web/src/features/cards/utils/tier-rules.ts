import type { TopUpTier } from '@sbo/contracts/schemas/cards';

/** At most this many top-up tiers (the contract's limit). */
export const maxTopUpTiers = 10;

type TierProblem = 'amountRequired' | 'amountPositive' | 'rewardNegative' | 'duplicateAmount' | 'tooMany';

/** What is wrong with the tiers, by row (null: nothing); `tooMany` is reported on the row past the limit. */
export function tierProblems(tiers: ReadonlyArray<Partial<TopUpTier> | undefined>): Array<TierProblem | null> {
  const seen = new Map<number, number>();
  return tiers.map((tier, index) => {
    if (index >= maxTopUpTiers) return 'tooMany';
    const amount = tier?.amount;
    if (amount === undefined || amount === null) return 'amountRequired';
    if (!Number.isInteger(amount) || amount <= 0) return 'amountPositive';
    if (tier?.reward !== undefined && tier.reward !== null && tier.reward < 0) return 'rewardNegative';
    const first = seen.get(amount);
    if (first !== undefined && first !== index) return 'duplicateAmount';
    seen.set(amount, index);
    return null;
  });
}

/** The tiers as saved: sorted by amount, so a consumer sees them cheapest first. */
export function sortedTiers(tiers: readonly TopUpTier[]): TopUpTier[] {
  return [...tiers].sort((a, b) => a.amount - b.amount);
}
