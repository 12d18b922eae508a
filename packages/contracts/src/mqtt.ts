/**
 * Device protocol v1 (docs/device-protocol.md): topics, timing, limits and the zod schemas of
 * every MQTT payload exchanged between machines and the gateway. Kept in one module so the
 * gateway, the simulator and tests import a single source of truth (`@sbo/contracts/mqtt`).
 */
import { z } from 'zod';
import {
  additiveTypes,
  deviceStatuses,
  dryTemperatures,
  machineTypes,
  paymentGateways,
  productTemplateTypes,
  units,
  washStages,
} from './constants';
import { CardReader, isCatalogueCode } from './errors';

// ---------------------------------------------------------------- version, timing, limits, topics

export const protocolVersion = 1;
/** Minor revision a device announces; grows with additive changes inside v1 (1.1: card payments). */
export const protocolRevision = '1.1';
export const mqttQos = 1;

export const deviceTiming = {
  /** MQTT keepalive: the broker fires the last will after 1.5 x this without traffic. */
  keepaliveSeconds: 30,
  /** A device publishes its state at least this often, also when nothing changed. */
  heartbeatSeconds: 30,
  /** No message of any kind for this long makes the server mark the device offline. */
  offlineAfterSeconds: 90,
  /** The server gives up waiting for an acknowledgement (below the web's 30 s request timeout). */
  ackTimeoutMs: 15_000,
  /**
   * A card reader waits this long for the answer to an `authorize`; then it shows 0003 (timeout),
   * does not vend, and sends `void` for the request. The server answers well within it.
   */
  cardAnswerMs: 5_000,
  /**
   * After CONNACK 3 (server unavailable: the server is up and letting a fleet in at the pace it
   * serves), a device tries again after a delay drawn uniformly from this range, without growing
   * its backoff: it is let in within seconds of its turn instead of minutes.
   */
  busyRetryMs: { min: 2_000, max: 10_000 },
} as const;

/** Larger payloads are dropped by the receiver; brokers must accept at least 32 KiB packets. */
export const maxPayloadBytes = {
  status: 512,
  state: 8_192,
  event: 4_096,
  cmd: 16_384,
  ack: 1_024,
  card: 512,
  cardResult: 1_024,
} as const;
/** Card requests (`authorize` and `void` each) a device may send; over it an authorize is answered 0001 at once. */
export const cardRequestLimit = { perDevice: 30, perMs: 60_000 } as const;

export const channels = ['status', 'state', 'event', 'cmd', 'ack', 'card', 'cardResult'] as const;
export type Channel = (typeof channels)[number];
/** Who publishes on each channel; the broker ACL enforces it. */
export const publisherOf = {
  status: 'device',
  state: 'device',
  event: 'device',
  ack: 'device',
  card: 'device',
  cmd: 'server',
  cardResult: 'server',
} as const;
/** What a device subscribes to (its own topic only); the rest of its channels it publishes. */
export const deviceSubscribes = ['cmd', 'cardResult'] as const satisfies readonly Channel[];

export const topicPrefix = `sbo/v${protocolVersion}/dev`;
/** Hardware ids are MQTT client ids and topic levels: no `/`, `+`, `#` or spaces. */
export const hwidPattern = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;
export const hwid = z.string().regex(hwidPattern);

export const deviceTopic = (deviceHwid: string, channel: Channel): string => `${topicPrefix}/${deviceHwid}/${channel}`;
export const deviceTopics = (deviceHwid: string): Record<Channel, string> =>
  Object.fromEntries(channels.map((c) => [c, deviceTopic(deviceHwid, c)])) as Record<Channel, string>;
/** Wildcard the gateway subscribes to, e.g. `sbo/v1/dev/+/event`. */
export const fleetTopic = (channel: Channel): string => `${topicPrefix}/+/${channel}`;
/** Shared subscription so several api instances split the load (MQTT 5 brokers, EMQX, Mosquitto 2). */
export const sharedFleetTopic = (group: string, channel: Channel): string => `$share/${group}/${fleetTopic(channel)}`;

const topicRegex = new RegExp(`^${topicPrefix.replaceAll('/', '\\/')}\\/([^/]+)\\/(${channels.join('|')})$`);
export const parseDeviceTopic = (topic: string): { hwid: string; channel: Channel } | null => {
  const match = topicRegex.exec(topic);
  if (!match || !hwidPattern.test(match[1]!)) return null;
  return { hwid: match[1]!, channel: match[2] as Channel };
};

// ---------------------------------------------------------------- machine kinds, models, actions

export const deviceKinds = [
  'washer',
  'dryer',
  'washerDryer',
  'carWash',
  'vending',
  'waterStation',
  'coinChanger',
] as const;
export type DeviceKind = (typeof deviceKinds)[number];
export const machineTypeByKind = {
  washer: machineTypes.WashOnly,
  dryer: machineTypes.DryOnly,
  washerDryer: machineTypes.Laundry,
  carWash: machineTypes.CarWashing,
  vending: machineTypes.VendingMachine,
  waterStation: machineTypes.Water,
  coinChanger: machineTypes.MoneyChanger,
} as const satisfies Record<DeviceKind, number>;

/** Controller models; laundry controllers (AB3, AB2, AY) drive washers, dryers and washer-dryers. */
export const deviceModels = ['AB3', 'AB2', 'AY', 'CW1', 'VM1', 'WS1', 'MC1'] as const;
export type DeviceModel = (typeof deviceModels)[number];
export const modelsByKind = {
  washer: ['AB3', 'AB2', 'AY'],
  dryer: ['AB3', 'AB2', 'AY'],
  washerDryer: ['AB3', 'AB2', 'AY'],
  carWash: ['CW1'],
  vending: ['VM1'],
  waterStation: ['WS1'],
  coinChanger: ['MC1'],
} as const satisfies Record<DeviceKind, readonly DeviceModel[]>;
/** Spec section 5: only these models may change product. */
export const productChangeModels = ['AB3', 'AB2', 'AY'] as const satisfies readonly DeviceModel[];

/** Statuses a device may report; `unknown` and `offline` are concluded by the server, never claimed. */
export const reportedStatuses = deviceStatuses.filter(
  (s): s is Exclude<(typeof deviceStatuses)[number], 'unknown' | 'offline'> => s !== 'unknown' && s !== 'offline',
);

const minor = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);
const positiveMinor = minor.min(1);
const count = z.number().int().nonnegative().max(1_000_000_000);
const epochMs = z.number().int().min(1_000_000_000_000).describe('Unix epoch milliseconds, UTC');
const id64 = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);
const courseCode = z.string().regex(/^[A-Za-z0-9_-]{1,32}$/);
const label = z.string().min(1).max(64);
export const dryTemp = z.literal([
  dryTemperatures.none,
  dryTemperatures.low,
  dryTemperatures.mid,
  dryTemperatures.high,
]);
const stage = z.enum(washStages);
const v = z.literal(protocolVersion);

/** Fault codes a device may raise: bill validator, bill dispenser, washer, and device-level results. */
// prettier-ignore
export const deviceFaultCodes: readonly number[] = [
  ...seq(1303001, 1303010), ...seq(1304001, 1304010), ...seq(16091006, 16091089), 1702001, 1702002, 1710002,
];
const faultCodeSet = new Set(deviceFaultCodes);
export const isDeviceFaultCode = (code: number): boolean => faultCodeSet.has(code);
export const faultCode = z.number().int().refine(isDeviceFaultCode, 'not a device fault code of the catalogue');
/** Acknowledgement codes with a meaning fixed by the protocol; any catalogue code is allowed. */
export const ackCodes = {
  invalidCommand: 400,
  expired: 478,
  statusUnavailable: 1702001,
  internalError: 1702002,
  notInStandby: 1710001,
  cannotDispense: 1710002,
} as const;

// ---------------------------------------------------------------- commands (server -> device)

/** Prices a product template pushes to a machine; `version` is echoed in `state.pricesVersion`. */
export const productPrices = z.object({
  version: id64,
  templateId: z.number().int().positive().optional(),
  type: z.enum(productTemplateTypes),
  price: positiveMinor.optional(),
  unitPrice: positiveMinor.optional(),
  unit: z.enum(units).optional(),
  spentTime: z.number().int().positive().max(600).optional().describe('minutes one `price` buys'),
  dryPrice: positiveMinor.optional().describe('price of one dry unit of `spentTime` minutes'),
  dryLimit: z.number().int().positive().max(600).optional().describe('most dry minutes one customer may buy'),
  defaultDryTemp: dryTemp.optional(),
  pulse: z.number().int().positive().max(1000).optional(),
  defaultPulse: z.number().int().positive().max(1000).optional(),
  courses: z
    .array(
      z.object({
        course: courseCode,
        price: positiveMinor,
        spentTime: z.number().int().positive().max(600).optional(),
      }),
    )
    .max(32)
    .optional(),
  selections: z
    .array(z.object({ selection: courseCode, name: label.optional(), price: positiveMinor }))
    .max(64)
    .optional(),
  additives: z
    .array(z.object({ type: z.enum(additiveTypes), price: minor }))
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
  insertCoin: z.object({ amount: positiveMinor }),
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
  dispenseCoins: z.object({ amount: positiveMinor }),
  setPrices: z.object({ prices: productPrices }),
  setTestMode: z.object({
    testTime: z.number().int().nonnegative().max(86_400).describe('seconds; 0 turns test mode off'),
  }),
  setConfig: z.object({ config: deviceConfig }),
  setCoinDispenser: z
    .object({ remainingAmount: minor.optional(), totalAmount: minor.optional() })
    .refine((p) => p.remainingAmount !== undefined || p.totalAmount !== undefined, 'remainingAmount or totalAmount'),
  resetBanknotes: none,
  collectCashBox: z.object({ expectedAmount: minor.describe('the cash-box amount the collector counted against') }),
  /** A start the consumer paid for online (checkout): credit `amount`, start `course`, report the sale with `orderId`. */
  paidStart: z.object({
    orderId: id64,
    course: courseCode,
    amount: minor.describe('what the consumer paid; 0 for a free cycle of a promotion'),
    payGateway: z.enum(paymentGateways).describe('the gateway the sale is reported with'),
  }),
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
export const actionsByModel: Record<DeviceModel, readonly CommandAction[]> = {
  AB3: laundry,
  AB2: without(laundry, 'removeBubbles', 'rebootTablet'),
  AY: without(laundry, 'pauseCycle', 'resumeCycle', 'skipStage', 'changeCourse', 'startDrumClean', 'resetDrumClean',
    'removeBubbles', 'rebootTablet'),
  CW1: ['insertCoin', 'resetPaidAmount', 'clearError', 'startCycle', 'pauseCycle', 'resumeCycle', 'terminateCycle',
    'skipStage', 'changeCourse', 'pauseMachine', 'resumeMachine', 'rebootTablet', 'setPrices', 'setTestMode',
    'setConfig', 'resetBanknotes', 'collectCashBox', 'paidStart'],
  VM1: ['insertCoin', 'resetPaidAmount', 'clearError', 'pauseMachine', 'resumeMachine', 'rebootTablet',
    'dispenseCoins', 'setCoinDispenser', 'resetBanknotes', 'setPrices', 'setTestMode', 'setConfig', 'collectCashBox'],
  WS1: ['insertCoin', 'resetPaidAmount', 'clearError', 'startCycle', 'pauseCycle', 'resumeCycle', 'terminateCycle',
    'pauseMachine', 'resumeMachine', 'setPrices', 'setTestMode', 'setConfig', 'collectCashBox', 'paidStart'],
  MC1: ['clearError', 'pauseMachine', 'resumeMachine', 'dispenseCoins', 'setCoinDispenser', 'resetBanknotes',
    'setConfig', 'collectCashBox'],
};
/** Actions a laundry controller cannot do on a machine of this kind (a washer has no heater...). */
export const actionsExcludedByKind: Partial<Record<DeviceKind, readonly CommandAction[]>> = {
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

// ---------------------------------------------------------------- device -> server

const bootId = id64.describe('new random id at every boot');
const connId = id64.describe('new random id at every connection; pairs an offline with its online');
const model = z
  .string()
  .regex(/^[A-Za-z0-9-]{1,16}$/)
  .describe('open set; unknown models get no remote actions');
const firmware = z
  .string()
  .regex(/^\d+\.\d+\.\d+([-+][0-9A-Za-z.-]+)?$/)
  .describe('semantic version');
const identity = { kind: z.enum(deviceKinds), model, machineType: z.number().int(), firmware };
const machineTypeMatchesKind = (m: { kind: DeviceKind; machineType: number }) =>
  machineTypeByKind[m.kind] === m.machineType;

/** Retained on `status`: online at connect, offline as last will or before a clean shutdown. */
export const statusMessage = z.discriminatedUnion('status', [
  z
    .object({
      v,
      status: z.literal('online'),
      bootId,
      connId,
      sentAt: epochMs,
      protocol: z.string().max(16),
      ...identity,
    })
    .refine(machineTypeMatchesKind, 'machineType does not match kind'),
  z.object({
    v,
    status: z.literal('offline'),
    bootId,
    connId,
    reason: z.enum(['lastWill', 'shutdown', 'reboot']),
    sentAt: epochMs.optional(),
  }),
]);
export type StatusMessage = z.infer<typeof statusMessage>;

export const billAcceptorRow = z.object({
  denomination: positiveMinor,
  count: count.describe('notes held since the last banknote reset'),
  amount: minor.describe('denomination x count'),
  usage: count.describe('notes of this denomination accepted over the life of the acceptor'),
  ratio: z.number().min(0).max(1).describe("this row's share of the held amount"),
});
export const coinDispenserState = z.object({
  remainingAmount: minor,
  totalAmount: minor.describe('capacity when full'),
  coinValue: positiveMinor,
});

/** Full snapshot on `state`, on change and at least every heartbeat; it is also the heartbeat. */
export const stateReport = z
  .object({
    v,
    bootId,
    seq: z.number().int().nonnegative().describe('per boot, +1 per report'),
    sentAt: epochMs,
    ...identity,
    status: z.enum(reportedStatuses),
    stage: stage,
    dryTemp,
    doorLocked: z.boolean(),
    doorOpen: z.boolean(),
    currentCourse: courseCode.nullable(),
    currentCoin: minor.describe('credit inserted and not yet spent'),
    extraCoin: minor.describe('paid for extras during the running cycle'),
    remainingSeconds: z.number().int().nonnegative().nullable().describe('as of sentAt; null when no cycle runs'),
    coinCount: count.describe('coins in the coin box since the last collection'),
    cumulativeAmount: minor.describe('lifetime sales of every payment kind'),
    cashBoxAmount: minor.describe('cash in the box since the last collection'),
    errorCode: faultCode.nullable(),
    testTime: z.number().int().nonnegative().describe('seconds of test mode left; 0 off'),
    cyclesSinceDrumClean: count.optional(),
    billAcceptor: z.array(billAcceptorRow).max(16).optional(),
    coinDispenser: coinDispenserState.optional(),
    pricesVersion: id64.nullable().optional(),
    config: deviceConfig.optional(),
  })
  .refine(machineTypeMatchesKind, 'machineType does not match kind');
export type StateReport = z.infer<typeof stateReport>;

/** The state report of an idle machine with nothing in it: what a controller sends when nobody uses it. */
export function idleStateReport(of: {
  bootId: string;
  seq: number;
  kind: DeviceKind;
  model: StateReport['model'];
  firmware: string;
}): StateReport {
  return {
    v: protocolVersion,
    bootId: of.bootId,
    seq: of.seq,
    sentAt: Date.now(),
    kind: of.kind,
    model: of.model,
    machineType: machineTypeByKind[of.kind],
    firmware: of.firmware,
    status: 'idle',
    stage: 'none',
    dryTemp: 0,
    doorLocked: false,
    doorOpen: false,
    currentCourse: null,
    currentCoin: 0,
    extraCoin: 0,
    remainingSeconds: null,
    coinCount: 0,
    cumulativeAmount: 0,
    cashBoxAmount: 0,
    errorCode: null,
    testTime: 0,
  };
}

const eventBase = {
  v,
  eventId: id64.describe('made by the device, unique per device forever, e.g. `${bootId}-${n}`'),
  occurredAt: epochMs,
  sentAt: epochMs,
  commandId: id64.optional().describe('set when a command caused the event'),
};
const minutes = z.number().int().positive().max(600);
export const eventFields = {
  sale: {
    amount: minor,
    payGateway: z.enum(paymentGateways),
    orderId: id64.optional(),
    selection: courseCode.optional(),
    course: courseCode.optional(),
    dryTemp: dryTemp.optional(),
    addDry: minutes.optional(),
    additive: z.array(z.enum(additiveTypes)).max(3).optional(),
    dryTime: minutes.optional(),
    quantity: z.number().int().positive().optional(),
    unit: z.enum(units).optional(),
    encore: minor.optional().describe('part paid by remote credit (insertCoin), not collected money'),
    test: z.boolean().optional().describe('sold in test mode; not revenue'),
  },
  coinInserted: { amount: positiveMinor, count: z.number().int().positive().max(1000) },
  banknoteAccepted: { denomination: positiveMinor, count: z.number().int().positive().max(1000) },
  banknoteDispensed: { denomination: positiveMinor, count: z.number().int().positive().max(1000) },
  coinsDispensed: {
    expected: count,
    actual: count,
    coinValue: positiveMinor,
    reason: z.enum(['change', 'exchange', 'remote']),
  },
  refill: { amount: minor, remainingAmount: minor, totalAmount: minor },
  error: { code: faultCode, detail: z.string().max(200).optional() },
  errorCleared: { code: faultCode },
  reset: { what: z.enum(['drumClean', 'paidAmount', 'banknotes', 'cashBox', 'coinCount', 'tablet']) },
  stageChanged: { from: stage, to: stage, course: courseCode.nullable().optional() },
} as const;
export type EventKind = keyof typeof eventFields;
export const eventKinds = Object.keys(eventFields) as EventKind[];
const event = <K extends EventKind>(kind: K) => z.object({ ...eventBase, kind: z.literal(kind), ...eventFields[kind] });
// prettier-ignore
export const deviceEvent = z.discriminatedUnion('kind', [
  event('sale'), event('coinInserted'), event('banknoteAccepted'), event('banknoteDispensed'), event('coinsDispensed'),
  event('refill'), event('error'), event('errorCleared'), event('reset'), event('stageChanged'),
]);
export type DeviceEvent = z.infer<typeof deviceEvent>;
const everyEventKindHasAVariant: Exclude<EventKind, DeviceEvent['kind']> extends never ? true : never = true;
void everyEventKindHasAVariant;

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

// ---------------------------------------------------------------- card payments (device <-> server)

/** The card-reader results of the spec (`CardReader` in errors.ts): 0000 approval, the rest refusals. */
export const cardReaderCodes = Object.values(CardReader);
const cardReaderCode = z.enum(cardReaderCodes as [CardReaderCodeValue, ...CardReaderCodeValue[]]);
type CardReaderCodeValue = (typeof CardReader)[keyof typeof CardReader];
const requestId = id64.describe('made by the device, unique per device forever, e.g. `${bootId}-${n}`');

/**
 * On `card`: `authorize` asks the server to charge a member card (stored value, then points) for a
 * sale of `amount`; `void` says the machine could not use an approval (it gave up waiting, or failed
 * to start), so the server gives the money back. Idempotent per (device, requestId).
 */
export const cardRequest = z.discriminatedUnion('kind', [
  z.object({
    v,
    kind: z.literal('authorize'),
    requestId,
    card: z.string().regex(/^\d{6,20}$/, 'a card number is 6 to 20 digits'),
    amount: positiveMinor,
    sentAt: epochMs,
  }),
  z.object({ v, kind: z.literal('void'), requestId, sentAt: epochMs }),
]);
export type CardRequest = z.infer<typeof cardRequest>;

/**
 * On `cardResult`: the answer to a card request, with the same `requestId`. On approval (0000) of an
 * `authorize`: `orderId` and `payGateway` for the machine's `sale` report, what was used from the
 * card's balance (`balanceUsed`, of which `rewardUsed` came from top-up rewards) and points
 * (`pointsUsed`), and what is left (`balance`, `point`) for the display. A `void` is answered 0000
 * (given back, or nothing was charged) or 0012 (no such approved request).
 */
export const cardResult = z.object({
  v,
  requestId,
  result: cardReaderCode,
  sentAt: epochMs,
  orderId: id64.optional(),
  payGateway: z.enum(['ESVC', 'cash-card']).optional(),
  balanceUsed: minor.optional(),
  rewardUsed: minor.optional(),
  pointsUsed: minor.optional(),
  balance: minor.optional(),
  point: minor.optional(),
});
export type CardResult = z.infer<typeof cardResult>;

// ---------------------------------------------------------------- parsing

export const messageSchemas = {
  status: statusMessage,
  state: stateReport,
  event: deviceEvent,
  cmd: deviceCommand,
  ack: commandAck,
  card: cardRequest,
  cardResult,
} as const;
export type MessageOf<C extends Channel> = z.infer<(typeof messageSchemas)[C]>;
export type DeviceMessage = { [C in Channel]: { hwid: string; channel: C; message: MessageOf<C> } }[Channel];
export type ParseFailure = {
  hwid?: string;
  channel?: Channel;
  reason: 'topic' | 'size' | 'json' | 'schema';
  issues?: string[];
};

/** Topic, size, JSON and schema checks in one place, for the gateway, devices and tests alike. */
export const parseDeviceMessage = (
  topic: string,
  payload: Uint8Array,
): ({ ok: true } & DeviceMessage) | ({ ok: false } & ParseFailure) => {
  const address = parseDeviceTopic(topic);
  if (!address) return { ok: false, reason: 'topic' };
  if (payload.byteLength > maxPayloadBytes[address.channel]) return { ok: false, ...address, reason: 'size' };
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder().decode(payload));
  } catch {
    return { ok: false, ...address, reason: 'json' };
  }
  const parsed = messageSchemas[address.channel].safeParse(json);
  if (!parsed.success) {
    return {
      ok: false,
      ...address,
      reason: 'schema',
      issues: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`),
    };
  }
  return { ok: true, ...address, message: parsed.data } as { ok: true } & DeviceMessage;
};

function seq(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}
