import { describe, expect, it } from 'vitest';
import { addDays, dayIn, startOfDay, type Day } from '../src/lib/time-zone';

/** The day as a formatter of its own states it: what `dayIn` must answer, remembered day or not. */
const formatters = new Map<string, Intl.DateTimeFormat>();
function reference(instant: Date, timeZone: string): Day {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(timeZone, formatter);
  }
  const [year, month, day] = formatter.format(instant).split('-').map(Number);
  return { year: year!, month: month!, day: day! };
}

// Whole-hour and half-hour offsets, daylight saving in both hemispheres, changes at midnight.
const zones = [
  'Asia/Taipei',
  'America/New_York',
  'Europe/London',
  'Australia/Lord_Howe',
  'America/Santiago',
  'America/Havana',
  'Asia/Kathmandu',
  'Pacific/Chatham',
];
// Spans around the 2026 daylight-saving changes of both hemispheres.
const spans = [
  [Date.UTC(2026, 2, 5), Date.UTC(2026, 3, 12)],
  [Date.UTC(2026, 8, 1), Date.UTC(2026, 10, 10)],
];

describe('dayIn', () => {
  it('answers the day a formatter states, walking forwards and backwards through DST changes', () => {
    for (const timeZone of zones) {
      for (const [from, until] of spans) {
        const step = 61 * 60_000;
        for (let t = from!; t < until!; t += step)
          expect(dayIn(new Date(t), timeZone)).toEqual(reference(new Date(t), timeZone));
        for (let t = until!; t > from!; t -= step)
          expect(dayIn(new Date(t), timeZone)).toEqual(reference(new Date(t), timeZone));
      }
    }
  });

  it('starts each day at its first instant, answers right either side of it, and for instants in random order', () => {
    let seed = 7;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    for (const timeZone of zones) {
      for (const first of [Date.UTC(2026, 2, 1), Date.UTC(2026, 7, 25)]) {
        let day = reference(new Date(first), timeZone);
        for (let i = 0; i < 60; i += 1) {
          const start = startOfDay(day, timeZone).getTime();
          // The start is the first instant of the day: the one before it is on another day.
          expect(reference(new Date(start), timeZone)).toEqual(day);
          expect(reference(new Date(start - 1), timeZone)).not.toEqual(day);
          for (const t of [start, start - 1, start + 1]) {
            expect(dayIn(new Date(t), timeZone)).toEqual(reference(new Date(t), timeZone));
          }
          day = addDays(day, 1);
        }
      }
      for (let i = 0; i < 500; i += 1) {
        const t = Date.UTC(2026, 0, 1) + Math.floor(random() * 365 * 86_400_000);
        expect(dayIn(new Date(t), timeZone)).toEqual(reference(new Date(t), timeZone));
      }
    }
  });

  it('hands out a day the caller may change without changing the next answer', () => {
    const instant = new Date(Date.UTC(2026, 5, 1, 12));
    const first = dayIn(instant, 'Asia/Taipei');
    first.day = 31;
    expect(dayIn(instant, 'Asia/Taipei')).toEqual({ year: 2026, month: 6, day: 1 });
  });
});
