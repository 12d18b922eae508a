import type { BatchAction, BatchCommand, BatchPreviewInput } from '@sbo/contracts';
import type { DeviceListFilter } from './list-filter';

/**
 * Actions offered for many machines at once, grouped as on a machine's panel. Those that take an
 * amount, a course or a temperature differ per machine and stay on the machine's own screen; a
 * start runs the course each machine has selected.
 */
export const batchActionGroups: ReadonlyArray<{ key: string; actions: readonly BatchAction[] }> = [
  { key: 'cycle', actions: ['startCycle', 'pauseCycle', 'resumeCycle', 'skipStage', 'terminateCycle'] },
  {
    key: 'machine',
    actions: [
      'startDrumClean',
      'resetDrumClean',
      'removeBubbles',
      'pauseMachine',
      'resumeMachine',
      'clearError',
      'resetPaidAmount',
      'rebootTablet',
    ],
  },
  { key: 'prices', actions: ['pushPrices'] },
];

export const batchCommand = (action: BatchAction): BatchCommand => ({ action, params: {} }) as BatchCommand;

/** The machines picked in the list: some by hand (kept across pages and filters), or all matching a filter. */
export type DeviceSelection =
  { kind: 'some'; names: ReadonlyMap<number, string> } | { kind: 'matching'; filter: DeviceListFilter; total: number };

export const noSelection: DeviceSelection = { kind: 'some', names: new Map() };

export const selectedCount = (selection: DeviceSelection) =>
  selection.kind === 'some' ? selection.names.size : selection.total;

export function selectionInput(selection: DeviceSelection): BatchPreviewInput['selection'] {
  if (selection.kind === 'some') return { deviceIds: [...selection.names.keys()] };
  const { placeId, productId, promotionId, machineType, status } = selection.filter;
  return { filter: { placeId, productId, promotionId, machineType, status } };
}

/** Adds (or removes) devices from a hand-picked selection. */
export function toggled(
  selection: DeviceSelection,
  devices: ReadonlyArray<{ id: number; name: string }>,
  selected: boolean,
): DeviceSelection {
  const names = new Map(selection.kind === 'some' ? selection.names : []);
  for (const device of devices) {
    if (selected) names.set(device.id, device.name);
    else names.delete(device.id);
  }
  return { kind: 'some', names };
}
