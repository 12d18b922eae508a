import { describe, expect, it } from 'vitest';
import { addMonths, isWithinQueryLimit, quickRangeDays, todayIn } from '../src/lib/sales-range';

// 2026-03-01 02:30 in Taipei is still 28 February in UTC and in Los Angeles.
const earlyMarchInTaipei = new Date('2026-02-28T18:30:00Z');

describe('todayIn', () => {
  it('reads the calendar day in the merchant zone, not the browser one', () => {
    expect(todayIn('Asia/Taipei', earlyMarchInTaipei)).toBe('2026-03-01');
    expect(todayIn('America/Los_Angeles', earlyMarchInTaipei)).toBe('2026-02-28');
  });
});

describe('quickRangeDays', () => {
  it('covers today and yesterday as single days across a month end', () => {
    expect(quickRangeDays('today', 'Asia/Taipei', earlyMarchInTaipei)).toEqual({
      from: '2026-03-01',
      to: '2026-03-01',
    });
    expect(quickRangeDays('yesterday', 'Asia/Taipei', earlyMarchInTaipei)).toEqual({
      from: '2026-02-28',
      to: '2026-02-28',
    });
  });

  it('starts this week on Monday', () => {
    // 2026-03-01 is a Sunday.
    expect(quickRangeDays('thisWeek', 'Asia/Taipei', earlyMarchInTaipei)).toEqual({
      from: '2026-02-23',
      to: '2026-03-01',
    });
    expect(quickRangeDays('thisWeek', 'America/Los_Angeles', earlyMarchInTaipei)).toEqual({
      from: '2026-02-23',
      to: '2026-02-28',
    });
  });

  it('starts this month on its first day in the merchant zone', () => {
    expect(quickRangeDays('thisMonth', 'Asia/Taipei', earlyMarchInTaipei)).toEqual({
      from: '2026-03-01',
      to: '2026-03-01',
    });
    expect(quickRangeDays('thisMonth', 'America/Los_Angeles', earlyMarchInTaipei)).toEqual({
      from: '2026-02-01',
      to: '2026-02-28',
    });
  });

  it('ends one and three months back on the day after the same date', () => {
    const now = new Date('2026-05-31T04:00:00Z');
    expect(quickRangeDays('oneMonth', 'Asia/Taipei', now)).toEqual({ from: '2026-05-01', to: '2026-05-31' });
    expect(quickRangeDays('threeMonths', 'Asia/Taipei', now)).toEqual({ from: '2026-03-01', to: '2026-05-31' });
  });

  it('keeps every quick range within the three-month limit', () => {
    for (const range of ['today', 'yesterday', 'thisWeek', 'thisMonth', 'oneMonth', 'threeMonths'] as const) {
      expect(isWithinQueryLimit(quickRangeDays(range, 'Asia/Bangkok', new Date('2026-12-31T12:00:00Z')))).toBe(true);
    }
  });
});

describe('addMonths and the query limit', () => {
  it('clamps to the last day of a shorter month', () => {
    expect(addMonths('2026-03-31', -1)).toBe('2026-02-28');
    expect(addMonths('2028-11-30', 3)).toBe('2029-02-28');
  });

  it('allows a last day exactly three months after the first and refuses one more', () => {
    expect(isWithinQueryLimit({ from: '2026-01-15', to: '2026-04-15' })).toBe(true);
    expect(isWithinQueryLimit({ from: '2026-01-15', to: '2026-04-16' })).toBe(false);
    expect(isWithinQueryLimit({ from: '2026-04-16', to: '2026-04-15' })).toBe(false);
  });
});
