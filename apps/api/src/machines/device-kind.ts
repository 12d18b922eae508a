import {
  machineTypeByKind,
  productChangeModels,
  supportedActions,
  type CommandAction,
  type DeviceKind,
} from '@sbo/contracts/mqtt';

const kindByMachineType = new Map<number, DeviceKind>(
  Object.entries(machineTypeByKind).map(([kind, type]) => [type, kind as DeviceKind]),
);

/** The protocol's machine kind of a spec machine type; null for types no controller drives (PetOnly...). */
export const kindOf = (machineType: number): DeviceKind | null => kindByMachineType.get(machineType) ?? null;

export const deviceActions = (row: { machineType: number; model: string }): readonly CommandAction[] => {
  const kind = kindOf(row.machineType);
  return kind ? supportedActions(kind, row.model) : [];
};

/** The version a machine echoes after applying a template (`state.pricesVersion`). */
export const pricesVersion = (templateId: number, revision: number) => `tpl-${templateId}-r${revision}`;

export const canChangeProduct = (model: string) => (productChangeModels as readonly string[]).includes(model);
export const hasAbConfig = (model: string) => model.startsWith('AB');
