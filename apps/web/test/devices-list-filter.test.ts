import { describe, expect, it } from 'vitest';
import { filterFromSearch, hasFilters, searchFromFilter, withFilter } from '../src/features/device/utils/list-filter';

describe('device list filters in the address', () => {
  it('reads place, machine type, status and page together', () => {
    const filter = filterFromSearch(new URLSearchParams('placeId=4&machineType=1&status=operating&page=3'));
    expect(filter).toEqual({ page: 3, placeId: 4, machineType: 1, status: 'operating' });
  });

  it('ignores malformed or unknown values instead of sending them to the api', () => {
    const filter = filterFromSearch(new URLSearchParams('placeId=abc&machineType=-1&status=unknown&page=0'));
    expect(filter).toEqual({ page: 1 });
    expect(filterFromSearch(new URLSearchParams('machineType=99&status=melting'))).toEqual({ page: 1 });
  });

  it('accepts machine type 0 (None) as a filter', () => {
    expect(filterFromSearch(new URLSearchParams('machineType=0')).machineType).toBe(0);
  });

  it('round-trips through the query string', () => {
    const filter = { page: 2, placeId: 7, machineType: 8, status: 'idle' as const };
    expect(filterFromSearch(searchFromFilter(filter))).toEqual(filter);
    expect(searchFromFilter(filter).toString()).toBe('placeId=7&machineType=8&status=idle&page=2');
  });

  it('leaves page 1 and absent filters out of the address', () => {
    expect(searchFromFilter({ page: 1 }).toString()).toBe('');
  });

  it('keeps the other filters and goes back to page 1 when one changes or is cleared', () => {
    const filter = { page: 4, placeId: 7, machineType: 1 };
    expect(withFilter(filter, { status: 'done' })).toEqual({ page: 1, placeId: 7, machineType: 1, status: 'done' });
    expect(withFilter(filter, { placeId: undefined })).toEqual({ page: 1, machineType: 1 });
    expect(hasFilters(withFilter(filter, { placeId: undefined, machineType: undefined }))).toBe(false);
  });
});
