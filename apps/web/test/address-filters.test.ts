import { describe, expect, it } from 'vitest';
import { rebaseFilters } from '../src/lib/address-filters';
import { filterFromSearch, withFilter } from '../src/features/device/utils/list-filter';

describe('filters changed quickly one after another', () => {
  it('keeps a pick the screen had not shown yet when the next one comes', () => {
    // The screen still shows no filter; the address already holds the machine type just picked.
    const seen = filterFromSearch(new URLSearchParams(''));
    const live = filterFromSearch(new URLSearchParams('machineType=1'));
    const next = withFilter(seen, { placeId: 4 });
    expect(rebaseFilters(seen, next, live)).toEqual({ page: 1, machineType: 1, placeId: 4 });
  });

  it('removes a filter that was cleared, and leaves the others as the address has them', () => {
    const seen = filterFromSearch(new URLSearchParams('placeId=4&status=operating'));
    const live = filterFromSearch(new URLSearchParams('placeId=4&status=operating&machineType=2'));
    const next = withFilter(seen, { status: undefined });
    expect(rebaseFilters(seen, next, live)).toEqual({ page: 1, placeId: 4, machineType: 2 });
  });

  it('changes nothing when nothing changed', () => {
    const seen = { page: 2, placeId: 4 };
    expect(rebaseFilters(seen, { ...seen }, { page: 3, placeId: 5 })).toEqual({ page: 3, placeId: 5 });
  });
});
