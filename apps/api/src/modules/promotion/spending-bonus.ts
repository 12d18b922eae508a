import type { Executor } from '../../db/client';
import * as repo from './spending-bonus-repository';

/** A visit: the card's spend at the promotion's machines within this long of its first charge there. */
const visitHours = 3;
const hour = 3_600_000;
const day = 24 * hour;

/** A ledger entry the card module appends (kind `promotionBonus`; negative when a bonus is taken back). */
export type BonusEntry = { sourceId: string; balanceChange: number; pointChange: number; promotionId: number };

const grantSource = (w: repo.BonusWindow, n: number) => `promotion:${w.promotionId}:window:${w.id}:grant:${n}`;
const revokeSource = (w: repo.BonusWindow, n: number) => `promotion:${w.promotionId}:window:${w.id}:revoke:${n}`;

/** The window of a charge at `at`: the period it falls in (from the start), or the visit it opens or joins. */
async function windowFor(tx: Executor, merchantId: number, promotion: repo.BonusPromotion, cardId: number, at: Date) {
  const { rules } = promotion;
  if (rules.within === 'period') {
    const length = (rules.periodDays ?? 1) * day;
    const index = Math.floor((at.getTime() - promotion.startAt.getTime()) / length);
    const startsAt = new Date(promotion.startAt.getTime() + index * length);
    const endsAt = new Date(startsAt.getTime() + length);
    return repo.openWindow(tx, { merchantId, promotionId: promotion.id, cardId, startsAt, endsAt });
  }
  const open = await repo.windowAt(tx, promotion.id, cardId, at);
  if (open) return open;
  const endsAt = new Date(at.getTime() + visitHours * hour);
  return repo.openWindow(tx, { merchantId, promotionId: promotion.id, cardId, startsAt: at, endsAt });
}

/**
 * After an approved card charge at a machine (in its transaction, the card row locked): when the
 * machine runs a spending bonus and the card's spend within the visit or period first reaches
 * `minSpend`, the bonus to credit (once per window: its ledger source is unique). A credit bonus goes
 * to stored-value cards only (a points card has no balance to spend).
 */
export async function bonusAfterCharge(
  tx: Executor,
  charge: { merchantId: number; deviceId: number; cardId: number; storedValue: boolean; at: Date },
): Promise<BonusEntry | null> {
  const promotion = await repo.spendingBonusOn(tx, charge.merchantId, charge.deviceId, charge.at);
  if (!promotion) return null;
  const { rules } = promotion;
  if (rules.bonusKind === 'credit' && !charge.storedValue) return null;
  const window = await windowFor(tx, charge.merchantId, promotion, charge.cardId, charge.at);
  if (window.granted) return null;
  const spend = await repo.spendWithin(tx, charge.merchantId, charge.cardId, window, promotion.startAt);
  if (spend < rules.minSpend) return null;
  const grants = window.grants + 1;
  await repo.markWindow(tx, window.id, {
    granted: true,
    grants,
    bonusKind: rules.bonusKind,
    bonusValue: rules.bonusValue,
    minSpend: rules.minSpend,
  });
  return {
    sourceId: grantSource(window, grants),
    balanceChange: rules.bonusKind === 'credit' ? rules.bonusValue : 0,
    pointChange: rules.bonusKind === 'points' ? rules.bonusValue : 0,
    promotionId: promotion.id,
  };
}

/**
 * After a card charge was given back (a machine's void or the merchant's refund; the card row
 * locked): a bonus whose window held the charge and whose spend is now below the threshold it was
 * granted at is taken back, as far as the card still has it (what the customer already spent stays
 * spent). The window may earn it again later.
 */
export async function bonusesAfterRefund(
  tx: Executor,
  refund: { merchantId: number; cardId: number; transactionId: number; card: { balance: number; point: number } },
): Promise<BonusEntry[]> {
  const chargedAt = await repo.saleTime(tx, refund.transactionId);
  if (!chargedAt) return [];
  const entries: BonusEntry[] = [];
  let { balance, point } = refund.card;
  for (const window of await repo.grantedWindowsAt(tx, refund.merchantId, refund.cardId, chargedAt)) {
    const start = await repo.promotionStart(tx, window.promotionId);
    if (!start || window.bonusValue === null || window.minSpend === null) continue;
    const spend = await repo.spendWithin(tx, refund.merchantId, refund.cardId, window, start);
    if (spend >= window.minSpend) continue;
    await repo.markWindow(tx, window.id, { granted: false });
    const credit = window.bonusKind === 'credit' ? Math.min(window.bonusValue, balance) : 0;
    const points = window.bonusKind === 'points' ? Math.min(window.bonusValue, point) : 0;
    balance -= credit;
    point -= points;
    entries.push({
      sourceId: revokeSource(window, window.grants),
      balanceChange: -credit,
      pointChange: -points,
      promotionId: window.promotionId,
    });
  }
  return entries;
}
