import { createHmac } from 'node:crypto';
import { z } from 'zod';
import { deviceKinds, deviceTiming, hwid, modelsByKind } from '@sbo/contracts/mqtt';
import type { DeviceKind, DeviceModel } from '@sbo/contracts/mqtt';
import { SimClock } from './clock';
import { currencies } from './currency';
import type { CurrencyCode } from './currency';
import { DeviceClient } from './device-client';
import type { DeviceClientOptions, DeviceSpec } from './device-client';
import { createMachine } from './machines/create-machine';
import { createRandom } from './random';
import { createStats } from './stats';
import type { FleetStats } from './stats';

export type { DeviceSpec } from './device-client';

/** One entry of a `--fleet` file; the same shape the launcher passes to `startFleet`. */
export const fleetDevice = z
  .object({
    hwid,
    secret: z.string().min(1).max(256),
    kind: z.enum(deviceKinds),
    model: z.string(),
    /** A machine whose payment board is faulty: it refuses every paid start (`refuse`, busy) or never answers (`ignore`). */
    paidStart: z.enum(['refuse', 'ignore']).optional(),
    /** A card reader, and the member cards simulated customers tap on it (card numbers of the merchant). */
    cardReader: z
      .object({ cards: z.array(z.string().regex(/^\d{6,20}$/, 'a card number is 6 to 20 digits')).max(1_000) })
      .optional(),
  })
  .refine((d) => (modelsByKind[d.kind] as readonly string[]).includes(d.model), {
    message:
      'model does not fit the kind (laundry: AB3, AB2, AY; carWash CW1; vending VM1; waterStation WS1; coinChanger MC1)',
  });
export const fleetFile = z.array(fleetDevice).min(1).max(100_000);

export type FleetOptions = {
  url: string;
  devices: readonly DeviceSpec[];
  /** How much faster than real life machines run (10: a 30-minute wash takes 3 minutes). Default 1. */
  timeScale?: number;
  /** Seeds customer and fault choices; identifiers stay unique whatever the seed. */
  seed?: string | number;
  /** Wall-clock seconds between reports when nothing changes. Default the protocol's 30. */
  heartbeatSeconds?: number;
  /** Multiplier of customer arrivals (0: none, machines only answer commands). Default 1. */
  customers?: number;
  /** Multiplier of fault likelihood (0: never). Default 1. */
  faults?: number;
  /** Share of paid starts refused as busy (half) or left unanswered (half), 0-1. Default 0. */
  paidFailureRate?: number;
  /** Share of sales paid by tapping a card at machines with a card reader, 0-1. Default 0.2. */
  cardShare?: number;
  /** How long a card reader waits for the server's answer, ms. Default the protocol's 5 s. */
  cardAnswerMs?: number;
  /** Machine-time seconds before a customer empties a finished washer or dryer. Default a few minutes, at random. */
  collectAfterSeconds?: number;
  currency?: CurrencyCode;
  /** Connections opened per second at start, so a large fleet does not storm the broker. Default 200. */
  connectPerSecond?: number;
  reconnect?: DeviceClientOptions['reconnect'];
  log?: (message: string) => void;
};

type Fleet = { stats: FleetStats; stop(): Promise<void> };

/** A fifth of the sales at a card-reader machine are paid by card unless told otherwise. */
export const defaultCardShare = 0.2;

const firmwareByModel: Record<DeviceModel, string> = {
  AB3: '3.2.0',
  AB2: '2.8.4',
  AY: '1.6.2',
  CW1: '1.4.0',
  VM1: '2.1.3',
  WS1: '2.2.0',
  MC1: '1.9.1',
};

/** Starts every device as its own MQTT client; `stop()` takes them offline cleanly. */
export const startFleet = (options: FleetOptions): Fleet => {
  const devices = fleetFile.parse(options.devices);
  const stats = createStats(devices.length);
  const seed = options.seed ?? 1;
  const currency = currencies[options.currency ?? 'TWD'];
  const log = options.log ?? ((message: string) => console.log(`[simulator] ${message}`));
  const clients: DeviceClient[] = [];
  const gapMs = 1000 / (options.connectPerSecond ?? 200);
  const pending = devices.map((device, index) =>
    setTimeout(() => {
      const random = createRandom(`${seed}/${device.hwid}`);
      const machine = createMachine({
        kind: device.kind,
        model: device.model,
        firmware: firmwareByModel[device.model as DeviceModel] ?? '1.0.0',
        clock: new SimClock(options.timeScale ?? 1),
        random: random.fork('machine'),
        currency,
        customers: options.customers ?? 1,
        faults: options.faults ?? 1,
        paidFailureRate: options.paidFailureRate ?? 0,
        paidStartFailure: device.paidStart,
        cardReader: device.cardReader,
        cardShare: options.cardShare ?? defaultCardShare,
        collectAfterSeconds: options.collectAfterSeconds,
      });
      const client = new DeviceClient({
        url: options.url,
        device,
        machine,
        random: random.fork('network'),
        stats,
        log,
        heartbeatMs: (options.heartbeatSeconds ?? deviceTiming.heartbeatSeconds) * 1000,
        cardAnswerMs: options.cardAnswerMs,
        reconnect: options.reconnect ?? { minMs: 1_000, maxMs: 60_000 },
      });
      clients.push(client);
      client.start();
    }, index * gapMs),
  );
  return {
    stats,
    async stop() {
      for (const timer of pending) clearTimeout(timer);
      await Promise.all(clients.map((client) => client.stop()));
    },
  };
};

/** Per-device secret derived from a fleet key, so a server can register generated fleets without a file. */
const deriveSecret = (fleetKey: string, deviceHwid: string): string =>
  createHmac('sha256', fleetKey).update(deviceHwid).digest('base64url').slice(0, 32);

const kindMix: ReadonlyArray<readonly [DeviceKind, number]> = [
  ['washer', 35],
  ['dryer', 25],
  ['washerDryer', 10],
  ['carWash', 8],
  ['vending', 8],
  ['waterStation', 7],
  ['coinChanger', 7],
];
const laundryModels: ReadonlyArray<readonly [DeviceModel, number]> = [
  ['AB3', 50],
  ['AB2', 30],
  ['AY', 20],
];

/** A realistic mix of machines, the same for the same seed: hwids `${prefix}00001`... */
export const generateFleet = (options: {
  count: number;
  prefix?: string;
  seed?: string | number;
  fleetKey?: string;
}): DeviceSpec[] => {
  const random = createRandom(`${options.seed ?? 1}/fleet`);
  return Array.from({ length: options.count }, (_, i) => {
    const deviceHwid = `${options.prefix ?? 'SIM'}${String(i + 1).padStart(5, '0')}`;
    const kind = random.weighted(kindMix);
    const models = modelsByKind[kind];
    const model = models.length === 1 ? models[0]! : random.weighted(laundryModels);
    return { hwid: deviceHwid, secret: deriveSecret(options.fleetKey ?? 'sbo-simulator', deviceHwid), kind, model };
  });
};
