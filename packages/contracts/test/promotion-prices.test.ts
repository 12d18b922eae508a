import { describe, expect, it } from 'vitest';
import {
  coursePriceAt,
  discountedPrice,
  discountedPriceList,
  promotionStatusAt,
  timesOverlap,
  wallClock,
  windowOpen,
  type TimeDiscountRules,
} from '../src/promotion-prices';
import { promotionInput, timeDiscountRules } from '../src/schemas/promotion';

const taipei = 'Asia/Taipei'; // UTC+8, no daylight saving
const kolkata = 'Asia/Kolkata'; // UTC+5:30, no daylight saving
const newYork = 'America/New_York'; // daylight saving: UTC-4 in summer, UTC-5 in winter

const rules = (over: Partial<TimeDiscountRules> = {}): TimeDiscountRules => ({
  weekdays: ['mon'],
  windows: [{ from: '08:00', to: '10:00' }],
  calculation: 'round',
  discounts: [{ course: '*', kind: 'percent', value: 20 }],
  ...over,
});

describe('wallClock', () => {
  it('reads the weekday and minute in the place zone, not the server zone', () => {
    // 2026-11-23 is a Monday; 00:30 UTC is 08:30 in Taipei and 06:00 in Kolkata.
    expect(wallClock(new Date('2026-11-23T00:30:00Z'), taipei)).toEqual({ weekday: 'mon', minute: 8 * 60 + 30 });
    expect(wallClock(new Date('2026-11-23T00:30:00Z'), kolkata)).toEqual({ weekday: 'mon', minute: 6 * 60 });
    expect(wallClock(new Date('2026-11-23T00:30:00Z'), newYork)).toEqual({ weekday: 'sun', minute: 19 * 60 + 30 });
  });
});

describe('windowOpen at the edges', () => {
  const monday = (hhmm: string, zone = taipei) => {
    const offset = zone === taipei ? '+08:00' : '+05:30';
    return new Date(`2026-11-23T${hhmm}:00${offset}`);
  };

  it('opens at the first minute and closes at the last (from inclusive, to exclusive)', () => {
    expect(windowOpen(rules(), new Date(monday('08:00').getTime() - 1), taipei)).toBe(false);
    expect(windowOpen(rules(), monday('08:00'), taipei)).toBe(true);
    expect(windowOpen(rules(), new Date(monday('10:00').getTime() - 1), taipei)).toBe(true);
    expect(windowOpen(rules(), monday('10:00'), taipei)).toBe(false);
  });

  it('holds only on the chosen weekdays', () => {
    expect(windowOpen(rules(), new Date('2026-11-24T08:30:00+08:00'), taipei)).toBe(false); // Tuesday
    expect(windowOpen(rules({ weekdays: ['mon', 'tue'] }), new Date('2026-11-24T08:30:00+08:00'), taipei)).toBe(true);
  });

  it('runs across midnight into the next day, belonging to the day it starts', () => {
    const late = rules({ weekdays: ['fri'], windows: [{ from: '22:00', to: '02:00' }] });
    expect(windowOpen(late, new Date('2026-11-27T21:59:00+08:00'), taipei)).toBe(false); // Fri
    expect(windowOpen(late, new Date('2026-11-27T22:00:00+08:00'), taipei)).toBe(true);
    expect(windowOpen(late, new Date('2026-11-28T00:00:00+08:00'), taipei)).toBe(true); // Sat, midnight
    expect(windowOpen(late, new Date('2026-11-28T01:59:00+08:00'), taipei)).toBe(true);
    expect(windowOpen(late, new Date('2026-11-28T02:00:00+08:00'), taipei)).toBe(false);
    // Friday before 02:00 belongs to Thursday's window, which is not chosen.
    expect(windowOpen(late, new Date('2026-11-27T01:00:00+08:00'), taipei)).toBe(false);
    // Saturday 22:00 is not a start day.
    expect(windowOpen(late, new Date('2026-11-28T22:30:00+08:00'), taipei)).toBe(false);
  });

  it('runs to the end of the day with 24:00 and from midnight with 00:00', () => {
    const evening = rules({ windows: [{ from: '20:00', to: '24:00' }] });
    expect(windowOpen(evening, new Date('2026-11-23T23:59:00+08:00'), taipei)).toBe(true);
    expect(windowOpen(evening, new Date('2026-11-24T00:00:00+08:00'), taipei)).toBe(false);
    const early = rules({ windows: [{ from: '00:00', to: '06:00' }] });
    expect(windowOpen(early, new Date('2026-11-23T00:00:00+08:00'), taipei)).toBe(true);
    expect(windowOpen(early, new Date('2026-11-22T23:59:00+08:00'), taipei)).toBe(false);
  });

  it('reads half-hour zones on their own wall clock', () => {
    expect(windowOpen(rules(), monday('08:00', kolkata), kolkata)).toBe(true);
    expect(windowOpen(rules(), monday('08:00', kolkata), taipei)).toBe(false); // 10:30 in Taipei
  });

  it('keeps the wall-clock hours across a daylight-saving change', () => {
    // New York: 08:00 is 13:00 UTC in winter (EST) and 12:00 UTC in summer (EDT).
    const winter = new Date('2026-11-23T13:00:00Z'); // Monday 08:00 EST
    const summer = new Date('2026-06-01T12:00:00Z'); // Monday 08:00 EDT
    expect(windowOpen(rules(), winter, newYork)).toBe(true);
    expect(windowOpen(rules(), new Date(winter.getTime() - 60_000), newYork)).toBe(false);
    expect(windowOpen(rules(), summer, newYork)).toBe(true);
    expect(windowOpen(rules(), new Date(summer.getTime() - 60_000), newYork)).toBe(false);
    // The Sunday the clocks go back (2026-11-01): a window across 01:00-02:00 still holds by the wall clock.
    const night = rules({ weekdays: ['sun'], windows: [{ from: '01:00', to: '03:00' }] });
    expect(windowOpen(night, new Date('2026-11-01T05:30:00Z'), newYork)).toBe(true); // 01:30 EDT
    expect(windowOpen(night, new Date('2026-11-01T06:30:00Z'), newYork)).toBe(true); // 01:30 EST
    expect(windowOpen(night, new Date('2026-11-01T08:00:00Z'), newYork)).toBe(false); // 03:00 EST
  });
});

describe('discountedPrice by calculation type and coin unit', () => {
  const percent = (value: number) => ({ course: '*', kind: 'percent' as const, value });
  const amount = (value: number) => ({ course: '*', kind: 'amount' as const, value });

  it('rounds a percentage up, down or to the nearest coin', () => {
    // 6000 less 15% = 5100: exact in coins of 100, between coins of 1000.
    expect(discountedPrice(6000, percent(15), 'ceil', 100)).toBe(5100);
    expect(discountedPrice(6000, percent(15), 'ceil', 1000)).toBe(6000);
    expect(discountedPrice(6000, percent(15), 'floor', 1000)).toBe(5000);
    expect(discountedPrice(6000, percent(15), 'round', 1000)).toBe(5000);
    expect(discountedPrice(6000, percent(25), 'round', 1000)).toBe(5000); // 4500: half rounds up
    expect(discountedPrice(6000, percent(25), 'floor', 1000)).toBe(4000);
    expect(discountedPrice(6000, percent(25), 'ceil', 1000)).toBe(5000);
    expect(discountedPrice(6000, percent(25), 'round', 500)).toBe(4500);
  });

  it('rounds an amount off to the coin', () => {
    expect(discountedPrice(6000, amount(1250), 'ceil', 500)).toBe(5000);
    expect(discountedPrice(6000, amount(1250), 'floor', 500)).toBe(4500);
    expect(discountedPrice(6000, amount(1250), 'round', 500)).toBe(5000); // 4750: half rounds up
    expect(discountedPrice(6000, amount(1200), 'round', 500)).toBe(5000); // 4800
    expect(discountedPrice(6000, amount(1300), 'round', 500)).toBe(4500); // 4700
    expect(discountedPrice(6000, amount(1250), 'round', 1)).toBe(4750);
  });

  it('sets a fixed price, up to the coin', () => {
    const price = (value: number) => ({ course: '*', kind: 'price' as const, value });
    expect(discountedPrice(6000, price(3000), 'fixed', 1000)).toBe(3000);
    expect(discountedPrice(6000, price(3200), 'fixed', 1000)).toBe(4000);
    expect(discountedPrice(6000, price(9000), 'fixed', 1000)).toBe(6000); // never above the normal price
  });

  it('gives 0 only for a free cycle; any other result costs at least one coin', () => {
    expect(discountedPrice(6000, { course: '*', kind: 'free', value: 0 }, 'round', 1000)).toBe(0);
    expect(discountedPrice(6000, amount(5900), 'floor', 1000)).toBe(1000);
    expect(discountedPrice(6000, amount(9000), 'ceil', 1000)).toBe(1000);
  });
});

describe('coursePriceAt and the price list', () => {
  const happy = rules({
    calculation: 'floor',
    discounts: [
      { course: 'hot', kind: 'amount', value: 1000 },
      { course: 'quick', kind: 'free', value: 0 },
      { course: '*', kind: 'percent', value: 50 },
    ],
  });
  const inWindow = new Date('2026-11-23T09:00:00+08:00');
  const outside = new Date('2026-11-23T10:00:00+08:00');

  it('prices each course by its own discount, the others by *', () => {
    const at = (course: string | null, normalPrice: number, when: Date) =>
      coursePriceAt({ rules: happy, course, normalPrice, coinUnit: 1000, at: when, timeZone: taipei });
    expect(at('hot', 8000, inWindow)).toEqual({ price: 7000, discounted: true, free: false });
    expect(at('quick', 4000, inWindow)).toEqual({ price: 0, discounted: true, free: true });
    expect(at('cold', 6000, inWindow)).toEqual({ price: 3000, discounted: true, free: false });
    expect(at(null, 6000, inWindow).price).toBe(3000);
    expect(at('hot', 8000, outside)).toEqual({ price: 8000, discounted: false, free: false });
  });

  it('applies to the base price and every course of a machine price list', () => {
    const list = {
      type: 'list',
      price: 6000,
      courses: [
        { course: 'hot', price: 8000 },
        { course: 'cold', price: 5000 },
      ],
    };
    expect(discountedPriceList(list, happy, 1000)).toEqual({
      type: 'list',
      price: 3000,
      courses: [
        { course: 'hot', price: 7000 },
        { course: 'cold', price: 2000 },
      ],
    });
  });
});

describe('status by the clock', () => {
  const p = { startAt: new Date('2026-12-01T00:00:00Z'), endAt: new Date('2026-12-31T00:00:00Z'), disabledAt: null };

  it('is pending before the start, active from it, ended from the end', () => {
    expect(promotionStatusAt(p, new Date('2026-11-30T23:59:59Z'))).toBe('pending');
    expect(promotionStatusAt(p, new Date('2026-12-01T00:00:00Z'))).toBe('active');
    expect(promotionStatusAt(p, new Date('2026-12-30T23:59:59Z'))).toBe('active');
    expect(promotionStatusAt(p, new Date('2026-12-31T00:00:00Z'))).toBe('ended');
    expect(promotionStatusAt({ ...p, endAt: null }, new Date('2099-01-01T00:00:00Z'))).toBe('active');
  });

  it('is disabled once stopped, whatever the clock', () => {
    const stopped = { ...p, disabledAt: new Date('2026-12-10T00:00:00Z') };
    expect(promotionStatusAt(stopped, new Date('2026-12-05T00:00:00Z'))).toBe('disabled');
  });
});

describe('timesOverlap', () => {
  const at = (s: string) => new Date(`2026-${s}T00:00:00Z`);
  const t = (start: string, end: string | null) => ({
    startAt: at(start),
    endAt: end ? at(end) : null,
    disabledAt: null,
  });

  it('overlaps when the ranges share an instant, open ends running for ever', () => {
    expect(timesOverlap(t('12-01', '12-10'), t('12-05', '12-20'))).toBe(true);
    expect(timesOverlap(t('12-01', '12-10'), t('12-10', '12-20'))).toBe(false); // the end is exclusive
    expect(timesOverlap(t('12-01', null), t('12-20', '12-25'))).toBe(true);
    expect(timesOverlap(t('12-20', null), t('12-01', '12-10'))).toBe(false);
    expect(timesOverlap(t('12-01', null), t('12-05', null))).toBe(true);
  });

  it('does not count a stopped promotion', () => {
    expect(timesOverlap({ ...t('12-01', null), disabledAt: at('12-02') }, t('12-05', null))).toBe(false);
  });
});

describe('the promotion form schema', () => {
  it('refuses a percent or amount with a fixed calculation, and a set price with a rounding one', () => {
    const base = { weekdays: ['mon'], windows: [{ from: '08:00', to: '10:00' }] };
    expect(
      timeDiscountRules.safeParse({
        ...base,
        calculation: 'fixed',
        discounts: [{ course: '*', kind: 'percent', value: 10 }],
      }).success,
    ).toBe(false);
    expect(
      timeDiscountRules.safeParse({
        ...base,
        calculation: 'ceil',
        discounts: [{ course: '*', kind: 'price', value: 10 }],
      }).success,
    ).toBe(false);
    expect(
      timeDiscountRules.safeParse({
        ...base,
        calculation: 'fixed',
        discounts: [{ course: '*', kind: 'price', value: 10 }],
      }).success,
    ).toBe(true);
  });

  it('needs the rules of its category', () => {
    const common = { name: 'Top-up bonus', startAt: '2026-12-01T00:00:00Z', endAt: null };
    expect(promotionInput.safeParse({ ...common, category: 'deposit_reward' }).success).toBe(false);
    expect(
      promotionInput.safeParse({
        ...common,
        category: 'deposit_reward',
        depositRewardAmount: 50000,
        depositRewardFeedback: 5000,
      }).success,
    ).toBe(true);
  });
});
