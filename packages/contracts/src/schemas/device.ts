import { z } from 'zod';
import { pageQuery } from './pagination';
import { deviceStatuses, washStages } from '../constants';
import {
  billAcceptorRow,
  coinDispenserState,
  commandParams,
  deviceConfig,
  deviceKinds,
  type CommandAction,
} from '../mqtt';

/** Remote actions of spec section 4, sent through `POST device-cloud/{id}/remote`. */
export const remoteActions = [
  'insertCoin',
  'extendDrying',
  'resetDrumClean',
  'resetPaidAmount',
  'clearError',
  'startCycle',
  'pauseCycle',
  'resumeCycle',
  'terminateCycle',
  'skipStage',
  'changeTemperature',
  'changeCourse',
  'startDrumClean',
  'pauseMachine',
  'resumeMachine',
  'removeBubbles',
  'rebootTablet',
  'dispenseCoins',
] as const satisfies readonly CommandAction[];
export type RemoteAction = (typeof remoteActions)[number];

const id = z.number().int();
const isoTime = z.string().describe('ISO 8601, UTC');

export const deviceListItem = z.object({
  id,
  name: z.string(),
  serialNum: z.string(),
  machineType: z.number().int().describe('spec section 9 machine type'),
  model: z.string().describe('controller model: AB3, AB2, AY, CW1, VM1, WS1, MC1'),
  kind: z.enum(deviceKinds).nullable(),
  place: z.object({ id, title: z.string() }).nullable(),
  product: z.object({ id, name: z.string() }).nullable(),
  hwid: z.string().nullable().describe('bound hardware id; null when unbound'),
  status: z.enum(deviceStatuses).describe('offline when not connected, else the status the device reports'),
  online: z.boolean(),
  lastSeenAt: isoTime.nullable(),
  stage: z.enum(washStages),
  dryTemp: z.number().int(),
  currentCourse: z.string().nullable(),
  remainingSeconds: z.number().int().nullable().describe('as of reportedAt'),
  errorCode: z.number().int().nullable(),
  testTime: z.number().int().describe('seconds of test mode left; 0 off'),
  reportedAt: isoTime.nullable(),
});
export type DeviceListItem = z.infer<typeof deviceListItem>;

export const deviceListQuery = z.object({
  ...pageQuery.shape,
  placeId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  productId: z.coerce.number().int().positive().max(2_147_483_647).optional().describe('machines using this template'),
  promotionId: z.coerce
    .number()
    .int()
    .positive()
    .max(2_147_483_647)
    .optional()
    .describe('machines bound to this promotion'),
  machineType: z.coerce.number().int().min(-1).max(1000).optional().describe('-1 (All) or absent: every type'),
  status: z.enum(deviceStatuses).optional(),
  keyword: z.string().trim().max(100).optional().describe('name, serial number or hardware id'),
});

/** What the web may offer for a device, from its model and kind (`supportedActions`). */
const deviceFeatures = z.object({
  productChange: z.boolean(),
  coinDispenser: z.boolean(),
  banknoteReset: z.boolean(),
  testMode: z.boolean(),
  abConfig: z.boolean(),
});

export const deviceInfo = deviceListItem.extend({
  paymentProduct: z.string().nullable(),
  revenue: z
    .number()
    .int()
    .nullable()
    .describe(
      "revenue in minor units: the machine's sales less refunds, as in the statistics (test sales excluded); null without revenue.read",
    ),
  firmware: z.string().nullable(),
  coinCount: z.number().int().nullable(),
  doorLocked: z.boolean().nullable(),
  doorOpen: z.boolean().nullable(),
  currentCoin: z.number().int().nullable(),
  extraCoin: z.number().int().nullable(),
  cumulativeAmount: z.number().int().nullable().describe('null without revenue.read'),
  cashBoxAmount: z.number().int().nullable().describe('null without revenue.read'),
  billAcceptor: z.array(billAcceptorRow),
  coinDispenser: coinDispenserState.nullable(),
  pricesVersion: z.string().nullable(),
  productSynced: z
    .boolean()
    .nullable()
    .describe('the machine runs the prices of its product; null without product or report'),
  remoteActions: z.array(z.enum(remoteActions)).describe('remote actions this machine supports'),
  features: deviceFeatures,
  createdAt: isoTime,
});
export type DeviceInfo = z.infer<typeof deviceInfo>;

export const deviceUpdate = z.object({
  name: z.string().trim().max(50).optional().describe('blank answers 1102008'),
  productId: z.number().int().positive().max(2_147_483_647).nullable().optional(),
  placeId: z.number().int().positive().max(2_147_483_647).nullable().optional(),
  paymentProduct: z.string().trim().max(50).nullable().optional(),
});
export type DeviceUpdate = z.infer<typeof deviceUpdate>;

const none = z.object({}).default({});
const remote = <A extends RemoteAction>(action: A) =>
  z.object({ action: z.literal(action), params: commandParams[action] });
const remoteNone = <A extends RemoteAction>(action: A) => z.object({ action: z.literal(action), params: none });

export const remoteCommand = z.discriminatedUnion('action', [
  remote('insertCoin'),
  remote('extendDrying'),
  remoteNone('resetDrumClean'),
  remoteNone('resetPaidAmount'),
  remoteNone('clearError'),
  remote('startCycle'),
  remoteNone('pauseCycle'),
  remoteNone('resumeCycle'),
  remoteNone('terminateCycle'),
  remoteNone('skipStage'),
  remote('changeTemperature'),
  remote('changeCourse'),
  remoteNone('startDrumClean'),
  remoteNone('pauseMachine'),
  remoteNone('resumeMachine'),
  remoteNone('removeBubbles'),
  remoteNone('rebootTablet'),
  remote('dispenseCoins'),
]);
export type RemoteCommand = z.infer<typeof remoteCommand>;

/** Answer of every command route: the device acknowledged it (else a catalogue error). */
export const commandResult = z.object({ commandId: z.string(), action: z.string(), logId: z.number().int() });

export const coinDispenserRefill = z.object({ remainingAmount: z.number().int().nonnegative().max(1e12) });
export const coinDispenserTotal = z.object({ totalAmount: z.number().int().nonnegative().max(1e12) });
export const testModeInput = z.object({
  testTime: z.number().int().min(0).max(86_400).describe('seconds; positive turns test mode on, 0 off'),
});

export const abConfigInput = z.object({ config: deviceConfig });
export const abConfig = z.object({
  deviceId: id,
  model: z.string(),
  config: z.record(z.string(), z.union([z.number(), z.boolean(), z.string()])),
  reportedAt: isoTime.nullable().describe('when the machine last reported its settings; null if never'),
});

/** Data of the `device` Server-Sent Event: the live part of a list item. */
export const deviceLiveUpdate = deviceListItem
  .pick({
    status: true,
    online: true,
    lastSeenAt: true,
    stage: true,
    dryTemp: true,
    currentCourse: true,
    remainingSeconds: true,
    errorCode: true,
    testTime: true,
    reportedAt: true,
  })
  .extend({ deviceId: id });
export type DeviceLiveUpdate = z.infer<typeof deviceLiveUpdate>;
