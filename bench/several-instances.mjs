#!/usr/bin/env node
/**
 * Several instances behind a real reverse proxy (README, "Several instances"; docs/operations.md).
 *
 * Sets up, on this machine: the system PostgreSQL 15 (a fresh database), Mosquitto (password and
 * ACL files maintained by the api, shared subscriptions), two built api instances
 * (apps/api/dist/server.mjs, MODE=production) behind HAProxy (health checks on /api/ready,
 * retries of idempotent reads), a fake mail server for the notification deliveries, the demo
 * data seeded into the database, the simulated demo fleet (apps/simulator) reporting through the
 * broker, devices of the bench's own that sell at QoS 1 and count every acknowledgement, and HTTP
 * clients signed in through the proxy reading the back-office's screens. Then:
 *
 * 1. migrations: instance A starts on the empty database; B is started while A holds the
 *    migration lock, waits for it, and starts once A's migrations are done;
 * 2. SIGTERM to A (graceful drain), A started again; kill -9 to B, B started again;
 * 3. a happy hour starts, is stopped and a second one starts while that happens (scheduled
 *    price pushes), and the demo fleet's faults raise notifications delivered by e-mail (jobs).
 *
 * It prints a table: HTTP requests sent / failed / retried by the proxy, sessions still signed in
 * after each stop (their tokens tried on the surviving instance directly), device reports sent /
 * acknowledged / stored / lost / stored twice, e-mail jobs and mails (each job's side effect
 * once), price pushes and duplicates, the migration lock's wait, and the load average.
 *
 *   node bench/several-instances.mjs [--phase-seconds 20] [--clients 6] [--sellers 8] [--machines 200]
 *        [--json] [--keep]
 *
 * --machines: simulated machines registered beside the demo's 16 (the simulator runs them all).
 *
 * Needs (Debian): haproxy (apt-get install -y haproxy), mosquitto (/usr/sbin/mosquitto), and the
 * postgresql-15 cluster (pg_ctlcluster 15 main); run as root (it becomes `postgres` for psql).
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { canConnect, dropDatabase, instance, startBroker, systemDatabase, until } from './lib/cluster.mjs';
import { registerFleet } from './lib/fleet.mjs';
import { freePort, root, sleep, underTsx } from './lib/harness.mjs';

await underTsx(main);

async function main() {
  const { values } = parseArgs({
    options: {
      'phase-seconds': { type: 'string', default: '20' },
      clients: { type: 'string', default: '6' },
      sellers: { type: 'string', default: '8' },
      machines: { type: 'string', default: '200' },
      json: { type: 'boolean' },
      keep: { type: 'boolean' },
    },
  });
  const phase = Number(values['phase-seconds']) * 1000;
  const say = (text) => console.error(`[${new Date().toISOString().slice(11, 19)}] ${text}`);
  for (const binary of ['/usr/sbin/haproxy', '/usr/sbin/mosquitto', '/usr/bin/pg_ctlcluster']) {
    if (!existsSync(binary))
      throw new Error(`${binary} is missing (apt-get install -y haproxy mosquitto postgresql-15)`);
  }
  const load = () =>
    os
      .loadavg()
      .map((v) => v.toFixed(2))
      .join(' ');
  const figures = { cpus: os.cpus().length, loadAverageAtStart: load() };

  const { buildApi, buildIsStale, builtServer } = await import('../apps/api/scripts/build.mjs');
  if (buildIsStale()) {
    say('building the api (apps/api/dist/server.mjs)...');
    await buildApi();
  }
  const pg = (await import('pg')).default;
  const { TestDevice } = await import('../apps/api/test/helpers/test-device.ts');
  const { signInThroughPages, redeemKeyring } = await import('../apps/api/test/helpers/sign-in-client.ts');
  const { startSmtpSink } = await import('../apps/api/test/helpers/smtp-sink.ts');
  const { seedDemo } = await import('../apps/api/src/seed/demo.ts');
  const { createDatabase } = await import('../apps/api/src/db/client.ts');
  const secrets = await import('../apps/api/src/lib/device-secret.ts');

  const dir = await mkdtemp(path.join(os.tmpdir(), 'sbo-several-'));
  let databaseName = null;
  const children = [];
  const cleanups = [];
  // Ctrl-C: nothing the bench started outlives it.
  process.once('SIGINT', () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    void rm(dir, { recursive: true, force: true }).finally(() => process.exit(130));
  });
  try {
    // --- External PostgreSQL: the system's 15, a fresh database and its own role.
    const databaseUrl = systemDatabase();
    databaseName = new URL(databaseUrl).pathname.slice(1);
    const adminPool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
    adminPool.on('error', () => undefined);
    cleanups.push(() => adminPool.end());
    const q = async (text, params) => (await adminPool.query(text, params)).rows;

    // --- Mosquitto, with the files the api writes.
    const broker = await startBroker(dir, children);
    const smtp = await startSmtpSink();
    cleanups.push(() => smtp.close());

    // --- Two instances and HAProxy in front.
    const [portA, portB, proxyPort] = [await freePort(), await freePort(), await freePort()];
    const proxy = `http://127.0.0.1:${proxyPort}`;
    const haproxy = await startHaproxy(dir, { proxyPort, portA, portB }, children);
    const instanceEnv = (name, port) => ({
      ...process.env,
      MODE: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: proxy,
      TRUST_PROXY: '127.0.0.1',
      DATA_DIR: path.join(dir, `data-${name}`),
      // application_name tells the two instances apart in pg_stat_activity (the migration lock).
      DATABASE_URL: `${databaseUrl}?application_name=sbo-api-${name}`,
      MQTT_URL: broker.url,
      MQTT_PASSWORD_FILE: broker.passwordFile,
      MQTT_ACL_FILE: broker.aclFile,
      MQTT_BROKER_PID_FILE: broker.pidFile,
      MQTT_SHARED_GROUP: 'sbo-gateway',
      MQTT_CLIENT_ID: `sbo-api-${name}`,
      SHUTDOWN_DRAIN_SECONDS: '5',
      SHUTDOWN_TIMEOUT_SECONDS: '15',
      SMTP_URL: smtp.url,
      PROMOTION_PRICING_SECONDS: '2',
      NOTIFICATION_JOB_SECONDS: '1',
      SETTLEMENT_JOB_SECONDS: '5',
      // Every client of the bench signs in from one address.
      RATE_LIMIT_SIGN_IN_PER_MINUTE: '1000',
      LOG_LEVEL: 'warn',
    });
    const instances = {
      a: instance('a', builtServer, instanceEnv('a', portA), children, say),
      b: instance('b', builtServer, instanceEnv('b', portB), children, say),
    };

    // 1. Migrations: A on the empty database; B started while A holds the lock.
    say('migrations: starting A on the empty database');
    const migrationLock = () =>
      q(`select a.application_name as name, l.granted from pg_locks l join pg_stat_activity a on a.pid = l.pid
          where l.locktype = 'advisory' and l.objid = 727001`);
    // A node process takes seconds to load on a busy machine, longer than the migrations: B is
    // started a moment after A, so it asks for the lock while A (which asked first) migrates.
    instances.a.start();
    await sleep(300);
    instances.b.start();
    const startedB = Date.now();
    // Who took the lock first, and whether the other was seen waiting for it.
    let holder = null;
    let heldAt = null;
    let waitSeen = null;
    let lockFree = null;
    while (lockFree === null && Date.now() - startedB < 120_000) {
      const rows = await migrationLock();
      const held = rows.find((r) => r.granted);
      if (held && !holder) [holder, heldAt] = [held.name, Date.now()];
      if (holder && rows.some((r) => r.name !== holder && !r.granted)) waitSeen ??= Date.now();
      if (holder && !rows.some((r) => r.name === holder && r.granted)) lockFree = Date.now();
      else await sleep(5);
    }
    await Promise.all([instances.a.ready(), instances.b.ready()]);
    const [first, second] = holder === 'sbo-api-b' ? [instances.b, instances.a] : [instances.a, instances.b];
    figures.migrationFirst = holder;
    figures.migrationLockHeldMs = heldAt && lockFree ? lockFree - heldAt : null;
    figures.migrationSecondSeenWaiting = waitSeen !== null;
    figures.migrationSecondWaitedMs = waitSeen && lockFree ? lockFree - waitSeen : 0;
    figures.migrationSecondReadyAfterLockFreedMs = lockFree ? second.readyAt - lockFree : null;
    figures.migrationFirstReadyMs = first.readyAt - startedB;
    say(
      `migrations: ${holder} held the lock ${figures.migrationLockHeldMs} ms; the other seen waiting: ${figures.migrationSecondSeenWaiting}; both ready`,
    );

    // 2. Demo data (as the demo's seed makes it), then the broker's password file is rewritten.
    const seedPool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
    await seedDemo(createDatabase(seedPool), seedPool, { embeddedSignIn: true, dataDir: dir });
    await seedPool.end();
    await q(`select pg_notify('sbo_hardware', 'bench')`);
    const fleet = JSON.parse(readFileSync(path.join(dir, 'demo-fleet.json'), 'utf8'));
    const [{ id: merchantId }] = await q(`select id from merchants order by id limit 1`);
    // E-mail for every kind for the first merchant's members: each delivery job's side effect is a mail.
    const kinds = [
      'deviceOffline',
      'deviceOnline',
      'deviceError',
      'settlementFailed',
      'paymentRefunded',
      'unverifiedPayment',
      'okMachineError',
      'idleMachine',
      'cashBoxFull',
      'coinDispenserLow',
      'billAcceptorFull',
    ];
    const everyChannel = Object.fromEntries(
      kinds.map((k) => [k, { inApp: true, push: false, line: false, email: true }]),
    );
    await q(
      `insert into notification_settings (user_id, merchant_id, kinds, critical_kinds)
       select user_id, merchant_id, $2::jsonb, '{deviceError}' from merchant_members where merchant_id = $1
       on conflict do nothing`,
      [merchantId, JSON.stringify(everyChannel)],
    );

    // Machines of the bench's own for the first merchant: sellers (washers with the first washer's
    // product, no promotion: the bench's happy hours are theirs alone) and more simulated machines.
    const [washer] = await q(
      `select product_id from devices where merchant_id = $1 and machine_type = 1 and product_id is not null order by id limit 1`,
      [merchantId],
    );
    // Washers (AB3) whose secrets the bench knows, hashed the api's way and for Mosquitto's password file.
    const key = await secrets.deviceSecretKey(createDatabase(adminPool));
    const register = (prefix, count, productId) =>
      registerFleet(q, {
        count,
        merchantId,
        prefix,
        kinds: [['washer', 'AB3']],
        productId,
        hash: (secret) => secrets.hashDeviceSecret(key, secret),
        brokerHash: secrets.mosquittoHash,
      });
    const sellerEntries = await register('SELLER', Number(values.sellers), washer.product_id);
    const extra = await register('SIM', Number(values.machines), null);
    await q(`select pg_notify('sbo_hardware', 'bench')`);
    const sellerHwids = new Set(sellerEntries.map((e) => e.hwid));
    const fleetFile = path.join(dir, 'simulated-fleet.json');
    await writeFile(fleetFile, JSON.stringify([...fleet, ...extra]));
    // Mosquitto reloads its password file on SIGHUP, a moment after the api rewrote it.
    await sleep(2_000);
    const fleetStartedAt = new Date();
    say(`fleet: ${fleet.length + extra.length} simulated machines, ${sellerEntries.length} sellers`);
    const simulator = startSimulator(broker.url, fleetFile, children);
    const sellers = await startSellers(TestDevice, broker.url, sellerEntries);
    cleanups.push(() => sellers.stop());

    // HTTP clients, each signed in through the proxy (the sign-in's pages land on either instance).
    const clients = [];
    const signInFailures = [];
    for (let i = 0; i < Number(values.clients); i += 1) {
      for (let attempt = 1; ; attempt += 1) {
        try {
          clients.push(await signIn(proxy, signInThroughPages, redeemKeyring));
          break;
        } catch (error) {
          signInFailures.push(error.message);
          say(`  sign-in failed: ${error.message}`);
          if (attempt === 3) throw error;
          await sleep(2_000);
        }
      }
    }
    figures.signInFailures = signInFailures.length;
    say(`${clients.length} clients signed in through the proxy`);
    const readers = startReaders(proxy, clients);

    // Happy hours through the proxy (a write, sent while both instances run).
    const owner = clients[0];
    const timeZone = (await q(`select timezone from merchants where id = $1`, [merchantId]))[0].timezone;
    const happyHour = async (percent) => {
      const created = await api(proxy, owner.merchantJwt, 'POST', '/promotion', {
        name: `Bench happy hour ${percent}%`,
        category: 'time_discount',
        startAt: new Date(Date.now() - 3_600_000).toISOString(),
        endAt: null,
        timeDiscount: {
          weekdays: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'],
          windows: [{ from: '00:00', to: '23:59' }],
          calculation: 'round',
          discounts: [{ course: '*', kind: 'percent', value: percent }],
        },
      });
      const id = created.result.id;
      await api(proxy, owner.merchantJwt, 'PUT', `/promotion/${id}/binding`, {
        deviceIds: sellerEntries.map((e) => e.deviceId),
      });
      return id;
    };
    figures.timeZone = timeZone;

    // --- The run.
    await sleep(phase / 2);
    sellers.nextChange();
    const happyHourOne = await happyHour(10);
    say('both instances serving; happy hour 1 bound');
    await sleep(phase);

    say('SIGTERM to A (graceful)');
    const away = { a: [Date.now()], b: [] };
    const stopA = await instances.a.stop('SIGTERM');
    figures.sigtermStopMs = stopA.ms;
    figures.sigtermExitCode = stopA.code;
    await sleep(phase / 4);
    figures.sessionsAfterSigterm = await sessionsOn(`http://127.0.0.1:${portB}`, clients);
    await sleep(phase / 4);
    say('A started again');
    instances.a.start();
    await instances.a.ready();
    away.a.push(Date.now());
    await sleep(phase / 2);

    say('kill -9 to B');
    away.b.push(Date.now());
    await instances.b.stop('SIGKILL');
    await sleep(1_500);
    sellers.nextChange();
    await api(proxy, owner.merchantJwt, 'POST', `/promotion/${happyHourOne}/stop`, {});
    say('happy hour 1 stopped (prices go back), happy hour 2 bound, while B is down');
    await sleep(phase / 4);
    figures.sessionsAfterKill = await sessionsOn(`http://127.0.0.1:${portA}`, clients);
    await sleep(phase / 4);
    say('B started again');
    instances.b.start();
    await instances.b.ready();
    away.b.push(Date.now());
    await sleep(phase / 4);
    sellers.nextChange();
    await happyHour(25);
    await sleep(phase);

    // --- Quiesce and count.
    say('stopping the load; waiting for every acknowledged report to be stored...');
    await readers.stop();
    await sellers.quiet();
    const reports = await settleReports(q, sellers, 90_000, away);
    await sleep(3_000);
    const simulated = await simulator.stop();
    const jobs = await jobFigures(q, smtp, 30_000);
    const prices = sellers.priceFigures();
    const proxyStats = await haproxyStats(haproxy.socket);

    Object.assign(figures, {
      httpRequestsSent: readers.sent,
      httpOk: readers.ok,
      httpFailed: readers.failed,
      httpFailedWhy: readers.why(),
      httpUnauthorized: readers.unauthorized,
      httpRefused: readers.refused,
      proxyRetries: proxyStats.retries,
      proxyRedispatches: proxyStats.redispatches,
      proxyServerStates: proxyStats.states,
      sessionsSignedIn: clients.length,
      ...reports,
      simulatedPublished: simulated?.published ?? null,
      simulatedAcknowledged: simulated?.acknowledged ?? null,
      simulatedEvents: simulated?.events ?? null,
      simulatedEventsStored: Number(
        (
          await q(`select count(*)::int as n from device_events where not (hwid = any($1)) and received_at >= $2`, [
            [...sellerHwids],
            fleetStartedAt,
          ])
        )[0].n,
      ),
      ...jobs,
      ...prices,
      loadAverageAtEnd: load(),
    });
  } finally {
    for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch(() => undefined);
    for (const child of children.reverse()) {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
    if (!values.keep) {
      await rm(dir, { recursive: true, force: true });
      if (databaseName) dropDatabase(databaseName);
    } else say(`kept ${dir}${databaseName ? ` and the database ${databaseName}` : ''}`);
  }
  if (values.json) console.log(JSON.stringify(figures));
  else printTable(figures);
}

function printTable(figures) {
  const rows = [
    ['migrations: lock taken first by', figures.migrationFirst],
    ['  lock held while migrating the empty database (ms)', figures.migrationLockHeldMs],
    [
      '  the other seen waiting for it (ms waited)',
      `${figures.migrationSecondSeenWaiting} (${figures.migrationSecondWaitedMs})`,
    ],
    ['  the other ready after the lock was freed (ms)', figures.migrationSecondReadyAfterLockFreedMs],
    ['SIGTERM: A stopped in (ms), exit code', `${figures.sigtermStopMs}, ${figures.sigtermExitCode}`],
    ['HTTP requests sent through the proxy', figures.httpRequestsSent],
    ['HTTP answered 2xx', figures.httpOk],
    ['HTTP failed (5xx or no answer)', `${figures.httpFailed} ${figures.httpFailedWhy}`],
    ['HTTP 401 (a session lost)', figures.httpUnauthorized],
    ['HTTP other 4xx', figures.httpRefused],
    ['proxy retries / redispatches', `${figures.proxyRetries} / ${figures.proxyRedispatches}`],
    ['proxy servers at the end (times marked down)', figures.proxyServerStates],
    ['sessions signed in (failed sign-ins)', `${figures.sessionsSignedIn} (${figures.signInFailures})`],
    ['  still signed in after SIGTERM (on B)', figures.sessionsAfterSigterm],
    ['  still signed in after kill -9 (on A)', figures.sessionsAfterKill],
    ['sales sent by the sellers (incl. resends)', figures.salesSent],
    ['  of them deliberate resends (same eventId)', figures.salesResent],
    ['  acknowledged (PUBACK from the broker)', figures.salesAcknowledged],
    ['  distinct acknowledged sales', figures.salesAcknowledgedDistinct],
    ['  stored in the database', figures.salesStored],
    ['  acknowledged but not stored (lost)', figures.salesLost],
    ['  stored twice (events / transactions)', `${figures.salesEventsStoredTwice} / ${figures.salesTransactionsTwice}`],
    ['  ack to stored: p50 / max (ms)', `${figures.ackToStoredP50Ms} / ${figures.ackToStoredMaxMs}`],
    [
      '  stored over 5 s after the ack (A away / B away)',
      `${figures.storedLate} (${figures.storedLateAckedWhileAAway} / ${figures.storedLateAckedWhileBAway})`,
    ],
    [
      'simulated fleet: published / acknowledged',
      `${figures.simulatedPublished} / ${figures.simulatedAcknowledged} (its last 2 s sample)`,
    ],
    ['simulated fleet: events made / stored', `${figures.simulatedEvents} / ${figures.simulatedEventsStored}`],
    ['background jobs by queue (done/failed/not due yet)', figures.jobsByQueue],
    ['jobs run more than once (attempts > 1)', figures.jobsRunTwice],
    ['e-mail jobs done / mails received', `${figures.emailJobsDone} / ${figures.mailsReceived}`],
    ['notification events raised / duplicates', `${figures.notificationEvents} / ${figures.notificationDuplicates}`],
    ['price changes expected (sellers x changes)', figures.priceChangesExpected],
    ['price pushes received / duplicates', `${figures.pricePushes} / ${figures.pricePushDuplicates}`],
    ['load average (1, 5, 15 min) at start', figures.loadAverageAtStart],
    ['load average (1, 5, 15 min) at end', `${figures.loadAverageAtEnd} (${figures.cpus} cores)`],
  ];
  for (const [label, value] of rows) console.log(`${label.padEnd(48)} ${value}`);
}

/** HAProxy as docs/operations.md configures it, in the foreground, with a stats socket for its counters. */
async function startHaproxy(dir, { proxyPort, portA, portB }, children) {
  const socket = path.join(dir, 'haproxy.sock');
  const config = haproxyConfig({
    bind: `127.0.0.1:${proxyPort}`,
    servers: [`127.0.0.1:${portA}`, `127.0.0.1:${portB}`],
  });
  const file = path.join(dir, 'haproxy.cfg');
  await writeFile(file, config.replace('global\n', `global\n  stats socket ${socket} mode 600 level admin\n`));
  execFileSync('/usr/sbin/haproxy', ['-c', '-q', '-f', file]);
  const child = spawn('/usr/sbin/haproxy', ['-db', '-f', file], { stdio: ['ignore', 'ignore', 'pipe'] });
  child.stderr.resume();
  children.push(child);
  await until(() => canConnect(proxyPort), 10_000, 'haproxy');
  return { socket };
}

/** The proxy's configuration: the README's example ("Several instances"), with this run's addresses. */
export function haproxyConfig({ bind, servers }) {
  return `global
  maxconn 4096

defaults
  mode http
  option httplog
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  timeout http-request 10s
  # Live streams (device and notification events) send a keep-alive every 15 s.
  timeout tunnel 1h
  # A request that found no server, or whose server closed without answering, goes to another.
  retries 3
  option redispatch 1
  retry-on conn-failure empty-response response-timeout 502 503 504

frontend back_office
  bind ${bind}
  option forwardfor
  default_backend api

backend api
  balance roundrobin
  # Only reads are sent again after they reached a server; a write that did is never repeated.
  http-request disable-l7-retry unless METH_GET
  option httpchk GET /api/ready
  http-check expect status 200
  # A busy instance may take a moment to answer: out after two failed probes a second apart.
  timeout check 3s
  default-server inter 1s fall 2 rise 2
${servers.map((address, i) => `  server api${i + 1} ${address} check`).join('\n')}
`;
}

async function haproxyStats(socket) {
  const csv = await new Promise((resolve, reject) => {
    let text = '';
    const client = connect(socket, () => client.write('show stat\n'));
    client.on('data', (chunk) => (text += chunk));
    client.on('end', () => resolve(text));
    client.on('error', reject);
  });
  const [header, ...lines] = csv.trim().split('\n');
  const names = header.replace(/^# /, '').split(',');
  const rows = lines.map((line) => Object.fromEntries(line.split(',').map((v, i) => [names[i], v])));
  const backend = rows.find((r) => r.pxname === 'api' && r.svname === 'BACKEND') ?? {};
  const servers = rows.filter((r) => r.pxname === 'api' && r.svname.startsWith('api'));
  return {
    retries: Number(backend.wretr ?? 0),
    redispatches: Number(backend.wredis ?? 0),
    states: servers.map((s) => `${s.svname} ${s.status}, ${s.chkdown} down`).join('; '),
  };
}

function startSimulator(url, fleetFile, children) {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'apps/simulator/src/cli.ts',
      ...['--url', url, '--fleet', fleetFile, '--heartbeat', '5', '--stats', '2'],
      ...['--time-scale', '20', '--customers', '4', '--faults', '30', '--seed', 'several'],
    ],
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  children.push(child);
  let latest = null;
  createInterface({ input: child.stdout }).on('line', (line) => {
    if (line.startsWith('{')) latest = JSON.parse(line);
  });
  return {
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGINT');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
      return latest;
    },
  };
}

/**
 * Machines of the bench's own (TestDevice, QoS 1): each sells every 400 ms with a fresh eventId and
 * every tenth sale is sent again with the same one; each acknowledgement is noted with its time.
 * They answer commands, report the prices they were sent, and count each price push they receive.
 */
async function startSellers(TestDevice, url, entries) {
  const sent = new Map();
  const acked = new Map();
  let sentCount = 0;
  let resent = 0;
  let ackCount = 0;
  // Price pushes counted per machine, version and change (a change of prices the bench made).
  let generation = 0;
  const pushes = new Map();
  let running = true;
  const devices = [];
  for (const entry of entries) {
    const device = await TestDevice.connect(url, {
      hwid: entry.hwid,
      secret: entry.secret,
      kind: entry.kind,
      model: entry.model,
    });
    device.answer = (command) => {
      if (command.action === 'setPrices') {
        const key = `${entry.hwid} ${command.params.prices.version} ${generation}`;
        pushes.set(key, (pushes.get(key) ?? 0) + 1);
        setTimeout(
          () => void device.state({ pricesVersion: command.params.prices.version }).catch(() => undefined),
          50,
        );
      }
      return { ok: true };
    };
    await device.state();
    devices.push({ device, entry });
  }
  const loops = devices.map(async ({ device, entry }, index) => {
    let n = 0;
    let lastState = Date.now();
    await sleep(index * 50);
    while (running) {
      n += 1;
      const eventId = `bench-${entry.hwid}-${n}`;
      const again = n % 10 === 0 ? `bench-${entry.hwid}-${n - 1}` : null;
      for (const id of again ? [eventId, again] : [eventId]) {
        sentCount += 1;
        if (id === again) resent += 1;
        sent.set(id, entry.hwid);
        device
          .event({ kind: 'sale', amount: 1000, payGateway: 'offline' }, id)
          .then(() => {
            ackCount += 1;
            if (!acked.has(id)) acked.set(id, Date.now());
          })
          .catch(() => undefined);
      }
      if (Date.now() - lastState > 5_000) {
        lastState = Date.now();
        await device.state().catch(() => undefined);
      }
      await sleep(400);
    }
  });
  return {
    sent,
    acked,
    counts: () => ({ sentCount, resent, ackCount }),
    nextChange: () => (generation += 1),
    hwids: entries.map((e) => e.hwid),
    async quiet() {
      running = false;
      await Promise.all(loops);
      await sleep(2_000);
    },
    priceFigures() {
      const counts = [...pushes.values()];
      return {
        // Each seller: its template's prices on connecting, the first happy hour's, its template's again
        // when that was stopped, then the second happy hour's.
        priceChangesExpected: entries.length * 4,
        pricePushes: counts.reduce((a, b) => a + b, 0),
        pricePushDuplicates: counts.reduce((a, b) => a + b - 1, 0),
      };
    },
    async stop() {
      running = false;
      await Promise.all(devices.map(({ device }) => device.close().catch(() => undefined)));
    },
  };
}

/** Waits until every acknowledged sale is stored (or the deadline), then counts. */
async function settleReports(q, sellers, timeoutMs, away) {
  const ids = [...sellers.acked.keys()];
  const stored = async () =>
    q(
      `select e.event_id, extract(epoch from e.received_at) * 1000 as at, count(t.id)::int as sales
         from device_events e left join transactions t on t.device_event_id = e.id
        where e.hwid = any($1) and e.event_id = any($2) group by e.id`,
      [sellers.hwids, ids],
    );
  let rows = await stored();
  const deadline = Date.now() + timeoutMs;
  while (rows.length < ids.length && Date.now() < deadline) {
    await sleep(1_000);
    rows = await stored();
  }
  const twice = await q(
    `select count(*)::int as n from (select event_id from device_events where hwid = any($1)
       group by hwid, event_id having count(*) > 1) x`,
    [sellers.hwids],
  );
  const late = rows
    .map((r) => ({ ackedAt: sellers.acked.get(r.event_id), delay: Number(r.at) - sellers.acked.get(r.event_id) }))
    .filter((r) => r.delay > 5_000);
  const within = ([from, to], at) => at >= from && at <= to;
  const delays = rows.map((r) => Math.max(0, Number(r.at) - sellers.acked.get(r.event_id))).sort((a, b) => a - b);
  const { sentCount, resent, ackCount } = sellers.counts();
  return {
    salesSent: sentCount,
    salesResent: resent,
    salesAcknowledged: ackCount,
    salesAcknowledgedDistinct: sellers.acked.size,
    salesStored: rows.length,
    salesLost: ids.length - rows.length,
    salesEventsStoredTwice: twice[0].n,
    salesTransactionsTwice: rows.filter((r) => r.sales > 1).length,
    ackToStoredP50Ms: Math.round(delays[Math.floor(delays.length / 2)] ?? 0),
    ackToStoredMaxMs: Math.round(delays.at(-1) ?? 0),
    storedLate: late.length,
    storedLateAckedWhileAAway: late.filter((r) => within(away.a, r.ackedAt)).length,
    storedLateAckedWhileBAway: late.filter((r) => within(away.b, r.ackedAt)).length,
  };
}

/** The job queue once nothing is due any more: by queue, runs of more than one attempt, mails against e-mail jobs. */
async function jobFigures(q, smtp, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  let due = 1;
  while (due > 0 && Date.now() < deadline) {
    due = (
      await q(
        `select count(*)::int as n from background_jobs where status in ('pending', 'running') and run_at <= now()`,
      )
    )[0].n;
    if (due > 0) await sleep(1_000);
  }
  await sleep(2_000);
  const byQueue = await q(
    `select queue, count(*) filter (where status = 'done')::int as done, count(*) filter (where status = 'failed')::int as failed,
            count(*) filter (where status not in ('done', 'failed'))::int as other,
            count(*) filter (where attempts > 1)::int as again
       from background_jobs group by queue order by queue`,
  );
  const events = await q(
    `select count(*)::int as n, (count(*) - count(distinct (merchant_id, dedupe_key)))::int as dup from notification_events`,
  );
  return {
    jobsByQueue: byQueue.map((r) => `${r.queue} ${r.done}/${r.failed}/${r.other}`).join(', ') || 'none',
    jobsRunTwice: byQueue.reduce((sum, r) => sum + r.again, 0),
    emailJobsDone: byQueue.find((r) => r.queue === 'notify.email')?.done ?? 0,
    mailsReceived: smtp.mails.length,
    notificationEvents: events[0].n,
    notificationDuplicates: events[0].dup,
  };
}

/** Signs in through the proxy's pages as the demo owner, then picks the first merchant. */
async function signIn(base, signInThroughPages, redeemKeyring) {
  const pages = await signInThroughPages(`${base}/api/v1/sso/authorize?redirect=%2F&lang=en`, {
    email: 'demo@example.com',
    password: 'demo1234',
  });
  if (!pages.keyring) {
    throw new Error(
      `sign-in stopped at ${pages.finalUrl.pathname} with ${pages.lastStatus}: ${pages.lastPage.slice(0, 300)}`,
    );
  }
  const userJwt = (await (await redeemKeyring(base, pages)).json()).result.jwt;
  const merchants = await api(base, userJwt, 'GET', '/merchant/list');
  const merchantJwt = (await api(base, userJwt, 'GET', `/merchant/${merchants.result[0].id}/login`)).result.jwt;
  return { userJwt, merchantJwt };
}

async function api(base, jwt, method, url, body) {
  const response = await fetch(`${base}/api/v1${url}`, {
    method,
    headers: { authorization: `Bearer ${jwt}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await response.json();
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

/** Each client reads the back-office's screens through the proxy, one request after another. */
function startReaders(base, clients) {
  const reads = [
    '/user/me',
    '/device-cloud/list',
    '/merchant/info',
    '/transaction/list',
    '/wallet/summary',
    '/dashboard/overview',
  ];
  const state = { sent: 0, ok: 0, failed: 0, unauthorized: 0, refused: 0, reasons: new Map(), running: true };
  const loops = clients.map(async (client, c) => {
    for (let i = c; state.running; i += 1) {
      const url = reads[i % reads.length];
      const jwt = url === '/user/me' ? client.userJwt : client.merchantJwt;
      state.sent += 1;
      try {
        const response = await fetch(`${base}/api/v1${url}`, {
          headers: { authorization: `Bearer ${jwt}` },
          signal: AbortSignal.timeout(30_000),
        });
        await response.arrayBuffer();
        if (response.ok) state.ok += 1;
        else if (response.status === 401) state.unauthorized += 1;
        else if (response.status < 500) state.refused += 1;
        else {
          state.failed += 1;
          state.reasons.set(response.status, (state.reasons.get(response.status) ?? 0) + 1);
        }
      } catch (error) {
        state.failed += 1;
        const reason = error.cause?.code ?? error.name;
        state.reasons.set(reason, (state.reasons.get(reason) ?? 0) + 1);
      }
      await sleep(100);
    }
  });
  return {
    get sent() {
      return state.sent;
    },
    get ok() {
      return state.ok;
    },
    get failed() {
      return state.failed;
    },
    get unauthorized() {
      return state.unauthorized;
    },
    get refused() {
      return state.refused;
    },
    why: () => (state.reasons.size ? `(${[...state.reasons].map(([k, v]) => `${k} x${v}`).join(', ')})` : ''),
    async stop() {
      state.running = false;
      await Promise.all(loops);
    },
  };
}

/** How many clients' tokens (user and merchant) the surviving instance accepts, asked directly. */
async function sessionsOn(base, clients) {
  let signedIn = 0;
  for (const client of clients) {
    const user = await fetch(`${base}/api/v1/user/me`, { headers: { authorization: `Bearer ${client.userJwt}` } });
    const merchant = await fetch(`${base}/api/v1/merchant/info`, {
      headers: { authorization: `Bearer ${client.merchantJwt}` },
    });
    if (user.ok && merchant.ok) signedIn += 1;
  }
  return `${signedIn}/${clients.length}`;
}
