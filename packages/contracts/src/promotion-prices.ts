import type { calculationTypes, promotionStatuses } from './constants';
import { wallClockParts } from './wall-clock';

// The price rules of promotions, pure so that the api (machines, checkout) and the web's live preview
// compute the same figure. Amounts are integer minor units; time windows are read in the place's zone.

export type Weekday = 'mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat' | 'sun';
export type CalculationType = (typeof calculationTypes)[number];
export type PromotionStatus = (typeof promotionStatuses)[number];

/** `from` inclusive, `to` exclusive, as HH:MM; `to` at or before `from` runs across midnight into the next day. */
export type TimeWindow = { from: string; to: string };

/**
 * One course's discount. `course` is a course code, or `*` for the base price and every course
 * without an entry of its own. `percent` and `amount` take that much off; `price` sets the price;
 * `free` makes the cycle free (a status-90 sale that never reaches the wallet).
 */
export type CourseDiscount = { course: string; kind: 'percent' | 'amount' | 'price' | 'free'; value: number };

export type TimeDiscountRules = {
  weekdays: readonly Weekday[];
  windows: readonly TimeWindow[];
  calculation: CalculationType;
  discounts: readonly CourseDiscount[];
};

const weekdayOrder: readonly Weekday[] = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];
const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** The weekday and the minute of the day at an instant, on the wall clock of a time zone. */
export function wallClock(at: Date, timeZone: string): { weekday: Weekday; minute: number } {
  const { weekday, hour, minute } = wallClockParts(at, timeZone);
  return { weekday: weekday as Weekday, minute: (Number(hour) % 24) * 60 + Number(minute) };
}

const dayBefore = (day: Weekday): Weekday => weekdayOrder[(weekdayOrder.indexOf(day) + 6) % 7]!;

/**
 * Whether a window of the rules is open at an instant. A window belongs to the weekday it starts
 * on: Friday 22:00-02:00 covers Friday from 22:00 and Saturday until 02:00.
 */
export function windowOpen(rules: Pick<TimeDiscountRules, 'weekdays' | 'windows'>, at: Date, timeZone: string) {
  const { weekday, minute } = wallClock(at, timeZone);
  const today = rules.weekdays.includes(weekday);
  const yesterday = rules.weekdays.includes(dayBefore(weekday));
  return rules.windows.some((window) => {
    const [from, to] = [minutesOf(window.from), minutesOf(window.to)];
    if (from < to) return today && minute >= from && minute < to;
    return (today && minute >= from) || (yesterday && minute < to);
  });
}

/** `numerator / denominator` rounded to a whole number the way the calculation type says. */
function divide(numerator: number, denominator: number, calculation: CalculationType): number {
  if (calculation === 'ceil') return Math.ceil(numerator / denominator);
  if (calculation === 'floor') return Math.floor(numerator / denominator);
  // round (and fixed, whose price is already chosen): half away from zero, on whole numbers only
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

/** The discount that applies to a course (`null` = the base price): its own entry, else `*`. */
export function discountFor(rules: Pick<TimeDiscountRules, 'discounts'>, course: string | null) {
  return (
    (course === null ? undefined : rules.discounts.find((d) => d.course === course)) ??
    rules.discounts.find((d) => d.course === '*') ??
    null
  );
}

/**
 * A price under a discount, in whole coins of `coinUnit`: percent and amount off are rounded to
 * the coin by the calculation type (ceil up, floor down, round to the nearest); a set `price`
 * (calculation `fixed`) is rounded up to the coin. A discount never raises the price, and only
 * `free` gives 0: any other result below one coin costs one coin.
 */
export function discountedPrice(
  normalPrice: number,
  discount: CourseDiscount,
  calculation: CalculationType,
  coinUnit: number,
): number {
  if (discount.kind === 'free') return 0;
  const unit = Math.max(1, Math.trunc(coinUnit));
  let coins: number;
  if (discount.kind === 'percent') coins = divide(normalPrice * (100 - discount.value), 100 * unit, calculation);
  else if (discount.kind === 'amount') coins = divide(normalPrice - discount.value, unit, calculation);
  else coins = Math.ceil(discount.value / unit);
  return Math.min(normalPrice, Math.max(unit, coins * unit));
}

type PriceAt = { price: number; discounted: boolean; free: boolean };

/** What a course costs at an instant under a time discount whose promotion is in force then. */
export function coursePriceAt(input: {
  rules: TimeDiscountRules;
  course: string | null;
  normalPrice: number;
  coinUnit: number;
  at: Date;
  timeZone: string;
}): PriceAt {
  const discount = discountFor(input.rules, input.course);
  if (!discount || !windowOpen(input.rules, input.at, input.timeZone))
    return { price: input.normalPrice, discounted: false, free: false };
  const price = discountedPrice(input.normalPrice, discount, input.rules.calculation, input.coinUnit);
  return { price, discounted: price !== input.normalPrice || discount.kind === 'free', free: discount.kind === 'free' };
}

/**
 * The prices a machine shows while a window is open: its base price, its drying price (a dryer's rate,
 * as checkout sells its minutes), its unit price and each course, discounted.
 * A machine cannot be told a price of 0, so with `freeAtMachine: 'normal'` a free course keeps its
 * normal price there (coins pay it; the free cycle is taken through checkout).
 */
export function discountedPriceList<
  P extends { price?: number; dryPrice?: number; unitPrice?: number; courses?: { course: string; price: number }[] },
>(prices: P, rules: TimeDiscountRules, coinUnit: number, options: { freeAtMachine?: 'normal' } = {}): P {
  const apply = (normal: number, course: string | null) => {
    const discount = discountFor(rules, course);
    if (!discount || (discount.kind === 'free' && options.freeAtMachine === 'normal')) return normal;
    return discountedPrice(normal, discount, rules.calculation, coinUnit);
  };
  return {
    ...prices,
    ...(prices.price === undefined ? {} : { price: apply(prices.price, null) }),
    ...(prices.dryPrice === undefined ? {} : { dryPrice: apply(prices.dryPrice, null) }),
    ...(prices.unitPrice === undefined ? {} : { unitPrice: apply(prices.unitPrice, null) }),
    ...(prices.courses ? { courses: prices.courses.map((c) => ({ ...c, price: apply(c.price, c.course) })) } : {}),
  };
}

/** A promotion's times: `endAt` null never ends; `disabledAt` is when it was stopped by hand. */
type PromotionTimes = { startAt: Date; endAt: Date | null; disabledAt: Date | null };

/** Status follows the clock (pending → active → ended); a manual stop (disabled) overrides it. */
export function promotionStatusAt(p: PromotionTimes, now: Date): PromotionStatus {
  if (p.disabledAt) return 'disabled';
  if (now < p.startAt) return 'pending';
  if (p.endAt && now >= p.endAt) return 'ended';
  return 'active';
}

/** Until when a promotion holds: its end, or its stop when stopped earlier; null when it never ends. */
export function effectiveEnd(p: PromotionTimes): Date | null {
  if (p.disabledAt && (!p.endAt || p.disabledAt < p.endAt)) return p.disabledAt;
  return p.endAt;
}

/** Whether two promotions' times overlap (`[start, end)`, an open end running for ever). */
export function timesOverlap(a: PromotionTimes, b: PromotionTimes): boolean {
  const [aEnd, bEnd] = [effectiveEnd(a), effectiveEnd(b)];
  return (aEnd === null || b.startAt < aEnd) && (bEnd === null || a.startAt < bEnd);
}
