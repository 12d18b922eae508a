import { describe, expect, it } from 'vitest';
import {
  noSelection,
  selectedCount,
  selectionInput,
  toggled,
  type DeviceSelection,
} from '../src/features/device/utils/batch-actions';

const washer1 = { id: 1, name: 'Washer 1' };
const washer2 = { id: 2, name: 'Washer 2' };
const dryer = { id: 7, name: 'Dryer 1' };

describe('device selection for a command to many machines', () => {
  it('keeps machines picked on one page when machines of another are added or removed', () => {
    const firstPage = toggled(noSelection, [washer1, washer2], true);
    const both = toggled(firstPage, [dryer], true);
    expect(selectedCount(both)).toBe(3);
    const fewer = toggled(both, [washer2], false);
    expect(selectionInput(fewer)).toEqual({ deviceIds: [1, 7] });
  });

  it('sends "all matching" as the filter, without the page', () => {
    const all: DeviceSelection = { kind: 'matching', filter: { page: 3, placeId: 4, machineType: 1 }, total: 42 };
    expect(selectedCount(all)).toBe(42);
    expect(selectionInput(all)).toEqual({ filter: { placeId: 4, machineType: 1, status: undefined } });
  });
});
