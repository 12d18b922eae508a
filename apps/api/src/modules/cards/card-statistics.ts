import type { CardStatistics, CardStatisticsQuery } from '@sbo/contracts';
import type { Executor } from '../../db/client';
import { formatDay, type DayRange } from '../../lib/day-range';
import { addDays, startOfDay } from '../../lib/time-zone';
import * as entries from './entry-repository';

/**
 * A card program's statistics over a range of the merchant's days: the figures now, the range's sums,
 * and one point a day whose outstanding balance is walked back from now.
 */
export async function cardStatistics(
  db: Executor,
  merchantId: number,
  query: CardStatisticsQuery,
  { range, timeZone, currency }: { range: DayRange; timeZone: string; currency: string },
): Promise<CardStatistics> {
  const [now, days, used, changeSinceEnd] = await Promise.all([
    entries.programNow(db, merchantId, query.program, query.placeId),
    entries.figuresByDay(db, merchantId, query.program, { ...range, timeZone, placeId: query.placeId }),
    entries.cardsUsedIn(db, merchantId, query.program, range.from, range.until),
    entries.balanceChangeSince(db, merchantId, query.program, range.until),
  ]);
  // Walk the outstanding balance back from now to the end of each day of the range.
  const byDay = new Map(days.map((d) => [d.day, d]));
  const series: CardStatistics['series'] = [];
  let day = range.first;
  const dayList = [];
  while (startOfDay(day, timeZone) < range.until) {
    dayList.push(formatDay(day));
    day = addDays(day, 1);
  }
  let outstandingAtEnd = now.outstanding - (query.placeId === undefined ? changeSinceEnd : 0);
  for (const key of dayList.reverse()) {
    const d = byDay.get(key);
    series.unshift({
      day: key,
      issued: d?.issued ?? 0,
      deposits: d?.deposits ?? 0,
      rewards: d?.rewards ?? 0,
      spend: d?.spend ?? 0,
      refunds: d?.refunds ?? 0,
      adjustments: d?.adjustments ?? 0,
      pointsEarned: d?.pointsEarned ?? 0,
      pointsRedeemed: d?.pointsRedeemed ?? 0,
      outstanding: outstandingAtEnd,
    });
    outstandingAtEnd -= d?.balanceChange ?? 0;
  }
  const sum = (key: keyof entries.DayFigures) => days.reduce((total, d) => total + (d[key] as number), 0);
  return {
    currency,
    from: formatDay(range.first),
    to: formatDay(range.last),
    ...now,
    usedCards: used,
    issued: sum('issued'),
    deposits: sum('deposits'),
    rewards: sum('rewards'),
    spend: sum('spend'),
    refunds: sum('refunds'),
    adjustments: sum('adjustments'),
    pointsEarned: sum('pointsEarned'),
    pointsRedeemed: sum('pointsRedeemed'),
    series,
  };
}
