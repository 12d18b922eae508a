import { ErrorCode, revenueOf, transactionStatuses, type PromotionEffect } from '@sbo/contracts';
import { effectiveEnd, windowOpen } from '@sbo/contracts/promotion-prices';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { addDays, dayIn, type Day } from '../../lib/time-zone';
import { formatDay } from '../../lib/day-range';
import type { MerchantScope } from '../../scope/merchant-scope';
import { findPromotion } from './repository';
import { merchantTimeZone, salesOfBoundMachines, type EffectSale } from './effect-repository';

type Figures = PromotionEffect['during'];
const weekMs = 7 * 24 * 3600_000;
const baselineWeeks = 4;
const maxDays = 400;

function figuresOf(sales: EffectSale[], promotionId: number, from: Date): Figures {
  const figures: Figures = {
    sales: 0,
    revenue: 0,
    discount: 0,
    cycles: 0,
    freeCycles: 0,
    newCards: 0,
    returningCards: 0,
  };
  const cards = new Map<number, boolean>();
  for (const sale of sales) {
    figures.cycles += 1;
    if (sale.status === transactionStatuses.freePromotion) figures.freeCycles += 1;
    else {
      figures.sales += 1;
      figures.revenue += revenueOf(sale);
    }
    if (sale.promotionId === promotionId) figures.discount += sale.promotionDiscount;
    if (sale.cardId !== null) cards.set(sale.cardId, sale.cardFirstUse !== null && sale.cardFirstUse >= from);
  }
  for (const isNew of cards.values()) figures[isNew ? 'newCards' : 'returningCards'] += 1;
  return figures;
}

const scaled = (f: Figures, factor: number): Figures =>
  Object.fromEntries(Object.entries(f).map(([k, v]) => [k, Math.round(v * factor)])) as Figures;

/**
 * A promotion's effect: its machines' sales while it ran, compared like for like with the same
 * hours (its windows, for a happy hour) of the four weeks before it started, as a weekly average
 * scaled to the length it ran; per day against the average of the same weekday in those weeks.
 */
export function createPromotionEffectService(deps: { db: Database; clock: Clock }) {
  const { db, clock } = deps;
  return {
    async effect(scope: MerchantScope, id: number): Promise<PromotionEffect> {
      const promotion = await findPromotion(db, scope, id);
      if (!promotion) throw new AppError(ErrorCode.PROMOTION_NOT_FOUND);
      const now = clock.now();
      const end = effectiveEnd(promotion);
      const from = promotion.startAt;
      const until = new Date(Math.max(from.getTime(), Math.min(now.getTime(), end?.getTime() ?? Infinity)));
      const baselineFrom = new Date(from.getTime() - baselineWeeks * weekMs);
      const rules = promotion.timeDiscount;
      const inHours = (sale: EffectSale) => !rules || windowOpen(rules, sale.createdAt, sale.timeZone);
      const sales = (await salesOfBoundMachines(db, scope, id, baselineFrom, until)).filter(inHours);
      const during = sales.filter((s) => s.createdAt >= from);
      const before = sales.filter((s) => s.createdAt < from);
      const ran = until.getTime() - from.getTime();
      // Up to a week: the very same hours of the week in each of the four weeks before (a happy hour
      // that has run ten minutes compares with those ten minutes), averaged. Longer: the weekly average
      // of the four weeks, scaled to the length it ran.
      const baseline =
        ran <= weekMs
          ? scaled(
              figuresOf(
                before.filter((s) => {
                  // in [from - w weeks, until - w weeks) for some w
                  const back = (from.getTime() - s.createdAt.getTime()) % weekMs;
                  return back === 0 || back > weekMs - ran;
                }),
                id,
                baselineFrom,
              ),
              1 / baselineWeeks,
            )
          : scaled(figuresOf(before, id, baselineFrom), ran / weekMs / baselineWeeks);
      const duringFigures = figuresOf(during, id, from);

      const zone = await merchantTimeZone(db, scope);
      const key = (d: Day) => formatDay(d);
      const byDay = new Map<string, EffectSale[]>();
      for (const sale of sales) {
        const k = key(dayIn(sale.createdAt, zone));
        byDay.set(k, [...(byDay.get(k) ?? []), sale]);
      }
      const days: PromotionEffect['days'] = [];
      const last = dayIn(until, zone);
      for (let day = dayIn(from, zone), n = 0; n < maxDays && formatDay(day) <= formatDay(last); n += 1) {
        const earlier = [1, 2, 3, 4]
          .flatMap((w) => byDay.get(key(addDays(day, -7 * w))) ?? [])
          .filter((s) => s.createdAt < from);
        days.push({
          date: key(day),
          during: figuresOf(byDay.get(key(day))?.filter((s) => s.createdAt >= from) ?? [], id, from),
          baseline: scaled(figuresOf(earlier, id, baselineFrom), 1 / baselineWeeks),
        });
        day = addDays(day, 1);
      }
      return {
        promotionId: id,
        currency: promotion.currency,
        from: from.toISOString(),
        to: until.toISOString(),
        during: duringFigures,
        baseline,
        upliftPercent:
          baseline.revenue > 0
            ? Math.round(((duringFigures.revenue - baseline.revenue) / baseline.revenue) * 1000) / 10
            : null,
        days,
      };
    },
  };
}
export type PromotionEffectService = ReturnType<typeof createPromotionEffectService>;
