import { describe, expect, it } from 'vitest';
import {
  filtersFromSearch,
  quickRangeDays,
  searchFromFilters,
  withinQueryLimit,
} from '../src/features/device-log/components/log-filters';

// A Wednesday.
const today = '2026-11-18';

describe('device log quick ranges', () => {
  it.each([
    ['today', '2026-11-18', '2026-11-18'],
    ['yesterday', '2026-11-17', '2026-11-17'],
    ['thisWeek', '2026-11-16', '2026-11-18'],
    ['thisMonth', '2026-11-01', '2026-11-18'],
    ['oneMonth', '2026-10-18', '2026-11-18'],
    ['threeMonths', '2026-08-18', '2026-11-18'],
  ] as const)('%s runs from %s to %s', (range, from, to) => {
    expect(quickRangeDays(range, today)).toEqual({ from, to });
  });

  it('starts a week on Monday, also on a Sunday', () => {
    expect(quickRangeDays('thisWeek', '2026-11-22')).toEqual({ from: '2026-11-16', to: '2026-11-22' });
  });

  it('allows exactly three months and no more', () => {
    expect(withinQueryLimit('2026-08-18', '2026-11-18')).toBe(true);
    expect(withinQueryLimit('2026-08-18', '2026-11-19')).toBe(false);
  });
});

describe('device log filters in the address', () => {
  it('reads device, type and a custom range, and writes them back', () => {
    const search = new URLSearchParams(
      'deviceId=7&logType=remoteControl&range=custom&from=2026-11-01&to=2026-11-10&page=2',
    );
    const filters = filtersFromSearch(search, today);
    expect(filters).toEqual({
      page: 2,
      deviceId: 7,
      logType: 'remoteControl',
      range: 'custom',
      from: '2026-11-01',
      to: '2026-11-10',
    });
    expect(searchFromFilters(filters)).toEqual({
      deviceId: '7',
      logType: 'remoteControl',
      range: 'custom',
      from: '2026-11-01',
      to: '2026-11-10',
      page: '2',
    });
  });

  it('ends a custom range over three months on the last day its start allows, never asking the api for it', () => {
    expect(filtersFromSearch(new URLSearchParams('range=custom&from=2026-01-01&to=2026-11-20'), today)).toEqual({
      page: 1,
      range: 'custom',
      from: '2026-01-01',
      to: '2026-04-01',
      shortened: true,
    });
  });

  it('falls back to today and ignores what it does not know', () => {
    const filters = filtersFromSearch(new URLSearchParams('deviceId=x&logType=nope&range=forever'), today);
    expect(filters).toEqual({ page: 1, range: 'today', from: '2026-11-18', to: '2026-11-18' });
  });

  it('keeps a quick range by name only, so it moves with the calendar', () => {
    expect(searchFromFilters(filtersFromSearch(new URLSearchParams('range=thisMonth'), today))).toEqual({
      range: 'thisMonth',
    });
  });
});
