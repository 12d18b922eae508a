import client from 'prom-client';

/**
 * The api's figures in Prometheus' text format (`/metrics` on `METRICS_PORT`, lib/metrics-server.ts).
 * One registry per process, as Prometheus counts per process: counters are bumped where things happen,
 * and the figures that already live elsewhere (a pool's connections, the gateway's counts, the job
 * queue's backlog) are read at each scrape through `observe`.
 */
export const metricsRegistry = new client.Registry();
const registers = [metricsRegistry];

/**
 * The route label of /metrics: the route's template; the web app's files (a route each, named by file)
 * share one label, `static`, so a new build adds no series.
 */
export function routeLabel(url: string | undefined): string {
  if (url === undefined) return 'unmatched';
  return !url.startsWith('/api/') && /\.[a-z0-9]+$/i.test(url) ? 'static' : url;
}

/** HTTP requests by method, route (its template, never the address asked for) and status. */
export const httpRequestSeconds = new client.Histogram({
  name: 'sbo_http_request_duration_seconds',
  help: 'HTTP requests answered, by method, route template and status, with their latency',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers,
});

/** Consumers' payments back from their gateway: paid, declined by the gateway, or refused by our checks. */
export const paymentConfirmations = new client.Counter({
  name: 'sbo_payment_confirmations_total',
  help: 'Payment confirmations from a gateway, by gateway and outcome (paid, declined, refused)',
  labelNames: ['gateway', 'outcome'] as const,
  registers,
});

/** Background jobs finished, by queue and outcome (done, retry, failed). */
export const jobsFinished = new client.Counter({
  name: 'sbo_jobs_finished_total',
  help: 'Background jobs finished, by queue and outcome (done, retry: failed and tried again later, failed: for good)',
  labelNames: ['queue', 'outcome'] as const,
  registers,
});

/** Notification deliveries (the job queue's notify.push, notify.line and notify.email), by channel and outcome. */
export const notificationDeliveries = new client.Counter({
  name: 'sbo_notification_deliveries_total',
  help: 'Notification deliveries, by channel (push, line, email) and outcome (sent, retry, failed)',
  labelNames: ['channel', 'outcome'] as const,
  registers,
});

/** Connections to the embedded broker: admitted, or refused and why (starting, stopping, busy, throttled, credentials, gave up, error). */
export const gatewayConnects = new client.Counter({
  name: 'sbo_gateway_connects_total',
  help: 'Connections to the embedded broker, by outcome (admitted, refused) and the reason of a refusal',
  labelNames: ['outcome', 'reason'] as const,
  registers,
});

const deliveryQueue = /^notify\.(push|line|email)$/;

/** Counts a finished job; a notification delivery is counted by its channel too. */
export function countJob(queue: string, outcome: 'done' | 'retry' | 'failed'): void {
  jobsFinished.inc({ queue, outcome });
  const channel = deliveryQueue.exec(queue)?.[1];
  if (channel) notificationDeliveries.inc({ channel, outcome: outcome === 'done' ? 'sent' : outcome });
}

/** What a scrape reads from the running parts: each source is asked for its figures at that moment. */
type Sample = { labels?: Record<string, string>; value: number };
const sources = new Map<string, () => Sample[] | Promise<Sample[]>>();

/**
 * Names a source of one gauge or counter read at scrape time (a later one of the same key replaces it:
 * the api's parts register once per process; tests that build several apps see the last one's).
 */
export function observe(key: string, read: () => Sample[] | Promise<Sample[]>): void {
  sources.set(key, read);
}

function scraped(
  kind: 'gauge' | 'counter',
  name: string,
  help: string,
  labelNames: readonly string[],
  key: string,
): void {
  const collect = async function (this: client.Gauge | client.Counter) {
    const read = sources.get(key);
    if (!read) return;
    const samples = await read();
    this.reset();
    for (const sample of samples) {
      if (this instanceof client.Gauge) this.set(sample.labels ?? {}, sample.value);
      else this.inc(sample.labels ?? {}, sample.value);
    }
  };
  if (kind === 'gauge') new client.Gauge({ name, help, labelNames, registers, collect });
  else new client.Counter({ name, help, labelNames, registers, collect });
}

// First: a scrape's own reads (the backlog, the gateway's figures) would otherwise queue on the pool it reports.
scraped(
  'gauge',
  'sbo_db_pool_connections',
  'Database pool connections, by pool (api) and state (total, idle, waiting)',
  ['pool', 'state'],
  'pools',
);
scraped('gauge', 'sbo_machines_connected', 'Machines connected to the broker now', [], 'machines');
scraped(
  'counter',
  'sbo_reports_ingested_total',
  'Device messages stored, by kind (states, events, statuses, acks, cards)',
  ['kind'],
  'reports',
);
scraped('counter', 'sbo_reports_refused_total', 'Device messages refused, by reason', ['reason'], 'reportsRefused');
scraped('gauge', 'sbo_job_queue_depth', 'Background jobs waiting (due or not), by queue', ['queue'], 'jobDepth');
scraped(
  'gauge',
  'sbo_job_queue_oldest_age_seconds',
  'Age of the oldest due job not yet done, by queue (how far behind the queue is)',
  ['queue'],
  'jobAge',
);

const pools = new Map<string, { totalCount: number; idleCount: number; waitingCount: number }>();
observe('pools', () =>
  [...pools].flatMap(([pool, p]) => [
    { labels: { pool, state: 'total' }, value: p.totalCount },
    { labels: { pool, state: 'idle' }, value: p.idleCount },
    { labels: { pool, state: 'waiting' }, value: p.waitingCount },
  ]),
);

/** Reports a database pool's connections at each scrape. */
export function observePool(name: string, pool: { totalCount: number; idleCount: number; waitingCount: number }) {
  pools.set(name, pool);
}

let defaultsOn = false;
/** The process's own figures (CPU, memory, event loop lag, GC): once, when the endpoint is served. */
export function collectProcessMetrics(): void {
  if (defaultsOn) return;
  defaultsOn = true;
  client.collectDefaultMetrics({ register: metricsRegistry, prefix: 'sbo_' });
}
