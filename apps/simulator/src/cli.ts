/**
 * `npm run simulate -w apps/simulator -- --devices 500 --url mqtt://localhost:1883`
 * or `-- --fleet fleet.json` with `[{ hwid, secret, kind, model, cardReader? }]`. Ctrl-C takes the fleet offline cleanly.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { currencyCodes } from './currency';
import type { CurrencyCode } from './currency';
import { defaultCardShare, fleetFile, generateFleet, startFleet } from './fleet';

const usage = `Options:
  --url <mqtt url>         broker (default mqtt://localhost:1883, or MQTT_URL)
  --fleet <file.json>      devices [{hwid, secret, kind, model, cardReader?: {cards}}]; or generate with:
  --devices <n>            generated devices (default 20), hwids <prefix>00001...
  --prefix <text>          hwid prefix of generated devices (default SIM)
  --fleet-key <key>        secrets of generated devices = HMAC-SHA256(key, hwid) base64url[0..32] (default sbo-simulator)
  --time-scale <x>         machines run x times faster than real life (default 1)
  --seed <seed>            customer and fault choices (default 1)
  --heartbeat <seconds>    report interval when nothing changes (default 30)
  --customers <x>          customer arrival multiplier, 0 for none (default 1)
  --faults <x>             fault likelihood multiplier, 0 for none (default 1)
  --paid-failure-rate <x>  share of paid starts refused busy (half) or unanswered (half), 0-1 (default 0)
  --card-share <x>         share of sales paid by tapping a card at machines with a card reader, 0-1 (default 0.2)
  --currency <code>        ${currencyCodes.join(', ')} (default TWD)
  --connect-rate <n>       connections opened per second (default 200)
  --stats <seconds>        print a JSON line of fleet counters this often (default 10, 0 off)`;

const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    fleet: { type: 'string' },
    devices: { type: 'string' },
    prefix: { type: 'string' },
    'fleet-key': { type: 'string' },
    'time-scale': { type: 'string' },
    seed: { type: 'string' },
    heartbeat: { type: 'string' },
    customers: { type: 'string' },
    faults: { type: 'string' },
    'paid-failure-rate': { type: 'string' },
    'card-share': { type: 'string' },
    currency: { type: 'string' },
    'connect-rate': { type: 'string' },
    stats: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});
if (values.help) {
  console.log(usage);
  process.exit(0);
}

const number = (name: keyof typeof values, fallback: number): number => {
  const raw = values[name];
  if (raw === undefined) return fallback;
  const parsed = Number(raw);
  if (typeof raw !== 'string' || !Number.isFinite(parsed) || parsed < 0) {
    console.error(`--${name} must be a non-negative number\n\n${usage}`);
    process.exit(2);
  }
  return parsed;
};
const currency = values.currency ?? 'TWD';
if (!(currencyCodes as string[]).includes(currency)) {
  console.error(`--currency must be one of ${currencyCodes.join(', ')}`);
  process.exit(2);
}

const readFleet = (file: string) => {
  try {
    return fleetFile.parse(JSON.parse(readFileSync(file, 'utf8')));
  } catch (error) {
    const issues = error instanceof z.ZodError ? z.prettifyError(error) : String(error);
    console.error(`--fleet ${file} is not a list of {hwid, secret, kind, model}:\n${issues}`);
    process.exit(2);
  }
};
const devices = values.fleet
  ? readFleet(values.fleet)
  : generateFleet({
      count: number('devices', 20),
      prefix: values.prefix,
      seed: values.seed,
      fleetKey: values['fleet-key'],
    });
const url = values.url ?? process.env.MQTT_URL ?? 'mqtt://localhost:1883';

const fleet = startFleet({
  url,
  devices,
  seed: values.seed,
  currency: currency as CurrencyCode,
  timeScale: number('time-scale', 1) || 1,
  heartbeatSeconds: number('heartbeat', 30) || 30,
  customers: number('customers', 1),
  faults: number('faults', 1),
  paidFailureRate: Math.min(1, number('paid-failure-rate', 0)),
  cardShare: Math.min(1, number('card-share', defaultCardShare)),
  connectPerSecond: number('connect-rate', 200) || 200,
});
console.log(`[simulator] ${devices.length} devices -> ${url}`);

const statsEvery = number('stats', 10);
const startedAt = Date.now();
const { stats } = fleet;
const report =
  statsEvery > 0
    ? setInterval(() => {
        const line = {
          at: new Date().toISOString(),
          uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
          devices: stats.devices,
          connected: stats.connected,
          connects: stats.connects,
          refusedBusy: stats.refusedBusy,
          failedConnects: stats.failedConnects,
          connectTimeouts: stats.connectTimeouts,
          published: stats.published,
          acknowledged: stats.acknowledged,
          failed: stats.failed,
          events: stats.events,
          droppedEvents: stats.droppedEvents,
          commands: stats.commands,
          cardApproved: stats.cardApproved,
          cardRefused: stats.cardRefused,
          cardTimeouts: stats.cardTimeouts,
          cardVoids: stats.cardVoids,
          ackP50Ms: stats.ackLatency(50),
          ackP99Ms: stats.ackLatency(99),
          rssMb: Math.round(process.memoryUsage().rss / 1_048_576),
          heapMb: Math.round(process.memoryUsage().heapUsed / 1_048_576),
        };
        stats.resetLatency();
        console.log(JSON.stringify(line));
      }, statsEvery * 1000)
    : null;

/** How long a stop waits for the offline messages to be acknowledged. */
const stopBoundMs = 3000;
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) process.exit(1);
    stopping = true;
    if (report) clearInterval(report);
    console.log('[simulator] stopping: publishing offline for every device');
    // A broker that stopped answering (its server is stopping too) holds an offline message forever:
    // the machines' last wills say it for them after this bound.
    setTimeout(() => process.exit(0), stopBoundMs).unref();
    void fleet.stop().then(() => process.exit(0));
  });
}
