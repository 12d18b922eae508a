/** The `cmd` channel (server -> device) and its answer on `ack`: actions, their parameters, who supports what. */
import { z } from 'zod';
import { additiveTypes, paymentGateways, productTemplateTypes, units } from '../constants';
import { isCatalogueCode } from '../errors';
import { amount, courseCode, dryTemp, epochMs, id64, label, positiveAmount, v } from './fields';
import { deviceModels, type DeviceKind, type DeviceModel } from './machines';
import { deviceTiming, protocolVersion } from './topics';

/** Prices a product template pushes to a machine; `version` is echoed in `state.pricesVersion`. */
export const productPrices = z.object({
  version: id64,
  templateId: z.number().int().positive().optional(),
  type: z.enum(productTemplateTypes),
  price: positiveAmount.optional(),
  unitPrice: positiveAmount.optional(),
  unit: z.enum(units).optional(),
  spentTime: z.number().int().positive().max(600).optional().describe('minutes one `price` buys'),
  dryPrice: positiveAmount.optional().describe('price of one dry unit of `spentTime` minutes'),
  dryLimit: z.number().int().positive().max(600).optional().describe('most dry minutes one customer may buy'),
  defaultDryTemp: dryTemp.optional(),
  pulse: z.number().int().positive().max(1000).optional(),
  defaultPulse: z.number().int().positive().max(1000).optional(),
  courses: z
    .array(
      z.object({
        course: courseCode,
        price: positiveAmount,
        spentTime: z.number().int().positive().max(600).optional(),
      }),
    )
    .max(32)
    .optional(),
  selections: z
    .array(z.object({ selection: courseCode, name: label.optional(), price: positiveAmount }))
    .max(64)
    .optional(),
  additives: z
    .array(z.object({ type: z.enum(additiveTypes), price: amount }))
    .max(3)
    .optional(),
});
export type ProductPrices = z.infer<typeof productPrices>;

/** Opaque controller settings (the AB config screen); values are scalars only. */
export const deviceConfig = z
  .record(z.string().regex(/^[A-Za-z][A-Za-z0-9_.]{0,63}$/), z.union([z.number(), z.boolean(), z.string().max(256)]))
  .refine((c) => Object.keys(c).length <= 64, 'at most 64 settings');

const none = z.object({});
export const commandParams = {
  insertCoin: z.object({ amount: positiveAmount }),
  extendDrying: z.object({ minutes: z.number().int().min(1).max(120) }),
  resetDrumClean: none,
  resetPaidAmount: none,
  clearError: none,
  startCycle: z.object({ course: courseCode.optional(), dryTemp: dryTemp.optional() }),
  pauseCycle: none,
  resumeCycle: none,
  terminateCycle: none,
  skipStage: none,
  changeTemperature: z.object({ dryTemp: z.literal([1, 2, 3]) }),
  changeCourse: z.object({ course: courseCode }),
  startDrumClean: none,
  pauseMachine: none,
  resumeMachine: none,
  removeBubbles: none,
  rebootTablet: none,
  dispenseCoins: z.object({ amount: positiveAmount }),
  setPrices: z.object({ prices: productPrices }),
  setTestMode: z.object({
    testTime: z.number().int().nonnegative().max(86_400).describe('seconds; 0 turns test mode off'),
  }),
  setConfig: z.object({ config: deviceConfig }),
  setCoinDispenser: z
    .object({ remainingAmount: amount.optional(), totalAmount: amount.optional() })
    .refine((p) => p.remainingAmount !== undefined || p.totalAmount !== undefined, 'remainingAmount or totalAmount'),
  resetBanknotes: none,
  collectCashBox: z.object({ expectedAmount: amount.describe('the cash-box amount the collector counted against') }),
  /**
   * A start the consumer paid for online (checkout), reported as a sale of `amount` with `orderId`. What was
   * bought is one of: `course` (a course or program), `selection` (a vending slot or a water volume such as
   * `10L`), `minutes` (drying or running time; with `extend`, added to the running dryer) or `credit` (an
   * amount credited: the bay runs on it, the vending machine holds it, the coin changer pays it out in coins).
   */
  paidStart: z
    .object({
      orderId: id64,
      course: courseCode.optional(),
      selection: courseCode.optional(),
      minutes: z.number().int().min(1).max(600).optional(),
      extend: z.boolean().optional().describe('with `minutes`: added to the running dryer'),
      credit: positiveAmount.optional().describe('what the machine gives; may exceed `amount` under a happy hour'),
      amount: amount.describe('what the consumer paid; 0 for a free cycle of a promotion'),
      payGateway: z.enum(paymentGateways).describe('the gateway the sale is reported with (`free`: a free cycle)'),
    })
    .refine(
      (p) => [p.course, p.selection, p.minutes, p.credit].filter((x) => x !== undefined).length === 1,
      'one of course, selection, minutes or credit',
    ),
} as const;
export type CommandAction = keyof typeof commandParams;
export const commandActions = Object.keys(commandParams) as CommandAction[];
export type CommandParams<A extends CommandAction> = z.infer<(typeof commandParams)[A]>;

const commandBase = z.object({ v, commandId: id64, issuedAt: epochMs, expiresAt: epochMs });
const command = <A extends CommandAction>(action: A) =>
  commandBase.extend({ action: z.literal(action), params: commandParams[action] });
// prettier-ignore
export const deviceCommand = z.discriminatedUnion('action', [
  command('insertCoin'), command('extendDrying'), command('resetDrumClean'), command('resetPaidAmount'),
  command('clearError'), command('startCycle'), command('pauseCycle'), command('resumeCycle'),
  command('terminateCycle'), command('skipStage'), command('changeTemperature'), command('changeCourse'),
  command('startDrumClean'), command('pauseMachine'), command('resumeMachine'), command('removeBubbles'),
  command('rebootTablet'), command('dispenseCoins'), command('setPrices'), command('setTestMode'),
  command('setConfig'), command('setCoinDispenser'), command('resetBanknotes'), command('collectCashBox'),
  command('paidStart'),
]);
export type DeviceCommand = z.infer<typeof deviceCommand>;
// Compile-time guard: every action in `commandParams` has a variant in the union above.
const everyActionHasAVariant: Exclude<CommandAction, DeviceCommand['action']> extends never ? true : never = true;
void everyActionHasAVariant;

export const buildCommand = <A extends CommandAction>(
  action: A,
  params: CommandParams<A>,
  options: { commandId: string; now?: number; ttlMs?: number },
): Extract<DeviceCommand, { action: A }> => {
  const issuedAt = options.now ?? Date.now();
  const expiresAt = issuedAt + (options.ttlMs ?? deviceTiming.ackTimeoutMs);
  return { v: protocolVersion, commandId: options.commandId, issuedAt, expiresAt, action, params } as Extract<
    DeviceCommand,
    { action: A }
  >;
};

// prettier-ignore
const laundry = [
  'insertCoin', 'extendDrying', 'resetDrumClean', 'resetPaidAmount', 'clearError', 'startCycle', 'pauseCycle',
  'resumeCycle', 'terminateCycle', 'skipStage', 'changeTemperature', 'changeCourse', 'startDrumClean',
  'pauseMachine', 'resumeMachine', 'removeBubbles', 'rebootTablet', 'setPrices', 'setTestMode', 'setConfig',
  'collectCashBox', 'paidStart',
] as const satisfies readonly CommandAction[];
const without = (list: readonly CommandAction[], ...drop: CommandAction[]) => list.filter((a) => !drop.includes(a));
/** What each controller model can do at all; `supportedActions` narrows it by machine kind. */
// prettier-ignore
const actionsByModel: Record<DeviceModel, readonly CommandAction[]> = {
  AB3: laundry,
  AB2: without(laundry, 'removeBubbles', 'rebootTablet'),
  AY: without(laundry, 'pauseCycle', 'resumeCycle', 'skipStage', 'changeCourse', 'startDrumClean', 'resetDrumClean',
    'removeBubbles', 'rebootTablet'),
  CW1: ['insertCoin', 'resetPaidAmount', 'clearError', 'startCycle', 'pauseCycle', 'resumeCycle', 'terminateCycle',
    'skipStage', 'changeCourse', 'pauseMachine', 'resumeMachine', 'rebootTablet', 'setPrices', 'setTestMode',
    'setConfig', 'resetBanknotes', 'collectCashBox', 'paidStart'],
  VM1: ['insertCoin', 'resetPaidAmount', 'clearError', 'pauseMachine', 'resumeMachine', 'rebootTablet',
    'dispenseCoins', 'setCoinDispenser', 'resetBanknotes', 'setPrices', 'setTestMode', 'setConfig', 'collectCashBox',
    'paidStart'],
  WS1: ['insertCoin', 'resetPaidAmount', 'clearError', 'startCycle', 'pauseCycle', 'resumeCycle', 'terminateCycle',
    'pauseMachine', 'resumeMachine', 'setPrices', 'setTestMode', 'setConfig', 'collectCashBox', 'paidStart'],
  MC1: ['clearError', 'pauseMachine', 'resumeMachine', 'dispenseCoins', 'setCoinDispenser', 'resetBanknotes',
    'setConfig', 'collectCashBox', 'paidStart'],
};
/** Actions a laundry controller cannot do on a machine of this kind (a washer has no heater...). */
const actionsExcludedByKind: Partial<Record<DeviceKind, readonly CommandAction[]>> = {
  washer: ['extendDrying', 'changeTemperature'],
  dryer: ['changeCourse', 'startDrumClean', 'resetDrumClean', 'removeBubbles'],
};
export const supportedActions = (kind: DeviceKind, model: string): readonly CommandAction[] => {
  const excluded = actionsExcludedByKind[kind] ?? [];
  const byModel = (deviceModels as readonly string[]).includes(model) ? actionsByModel[model as DeviceModel] : [];
  return byModel.filter((a) => !excluded.includes(a));
};
export const supportsAction = (kind: DeviceKind, model: string, action: CommandAction): boolean =>
  supportedActions(kind, model).includes(action);

/** Acknowledgement codes with a meaning fixed by the protocol; any catalogue code is allowed. */
export const ackCodes = {
  invalidCommand: 400,
  expired: 478,
  statusUnavailable: 1702001,
  internalError: 1702002,
  notInStandby: 1710001,
  cannotDispense: 1710002,
  cycleRunning: 1710003,
} as const;
/** Answer on `ack`: ok means the action was applied (state already published); else a catalogue code. */
export const commandAck = z.discriminatedUnion('ok', [
  z.object({ v, commandId: id64, sentAt: epochMs, ok: z.literal(true) }),
  z.object({
    v,
    commandId: id64,
    sentAt: epochMs,
    ok: z.literal(false),
    code: z.number().int().refine(isCatalogueCode, 'not a catalogue code'),
    detail: z.string().max(200).optional(),
  }),
]);
export type CommandAck = z.infer<typeof commandAck>;
