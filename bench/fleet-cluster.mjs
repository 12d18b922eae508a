#!/usr/bin/env node
/**
 * Past one box: an external broker (Mosquitto) and several api instances sharing its subscription
 * (docs/performance.md, "Past one box"), with the measured unit costs a capacity model is made of.
 *
 * Sets up, on this machine: the system PostgreSQL 15 (a fresh database), Mosquitto with the password
 * and ACL files the api writes (bench/lib/cluster.mjs, as bench/several-instances.mjs does), a fleet of
 * registered controllers with their secrets (bench/lib/fleet.mjs) run by the simulator in
 * `--processes` processes per half (bench/device-fleet.mjs). Then, in one run, with the same fleet:
 *
 * 1. reference: Mosquitto with no api attached, but the api's own broker connections with a handler
 *    that only counts (bench/lib/gateway-subscriber.mjs: `--instances` members of the shared group,
 *    the same topics at QoS 1), so the broker does the same fan-out: what it takes from the fleet and
 *    delivers per second, seconds to connect the fleet, its CPU and memory;
 * 2. api: the same Mosquitto (started again, same configuration and files) with `--instances` built
 *    api instances (MQTT_URL, MQTT_SHARED_GROUP, each its own MQTT_CLIENT_ID): seconds to connect the
 *    fleet, state reports ingested per second (summed over the instances' `gateway stats` lines, a
 *    rate over the real time between them) and as a share of the reference's, report-to-database
 *    p50/p99, each instance's CPU and memory, Mosquitto's, PostgreSQL's CPU and the rows it wrote.
 *
 * Each phase measures 10 s with no machines, connects half the fleet, measures `--duration` seconds,
 * connects the other half and measures again: memory per machine is the growth from half to full over
 * the machines added (the api's should be about nothing, the broker holding the connections). Unit costs are printed from the
 * full fleet's window: CPU-ms per report of the api, Mosquitto and PostgreSQL (per row written),
 * bytes per machine, rows per second per PostgreSQL core.
 *
 *   node bench/fleet-cluster.mjs [--devices 20000] [--report-seconds 10] [--duration 30] [--processes 3]
 *        [--instances 2] [--connect-rate 1000] [--heap-snapshots DIR] [--json] [--keep]
 *
 * --processes: simulator processes per half of the fleet; --connect-rate: connections the whole fleet
 * opens per second; --heap-snapshots: each instance writes a heap snapshot into DIR after the window with
 * no machines, with half and with the whole fleet (each stops it for seconds, between windows), and the
 * bench prints its live heap at each and what grew from half to all, per machine added. Exit code 1
 * when a goal is missed: the whole fleet connected, ingestion at least half the reference's,
 * report-to-database p99 under 1 s.
 *
 * Needs (Debian): mosquitto (apt-get install -y mosquitto) and the postgresql-15 cluster; run as root
 * (it becomes `postgres` for psql). Mosquitto holds one open file per machine: the bench raises its
 * own soft limit to the hard one (`ulimit -Hn`), which must exceed the fleet by fifty or so (exit code 2
 * and the largest fleet it allows when it does not).
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { startDeviceFleet } from './device-fleet.mjs';
import {
  cpuBetween,
  cpuOf,
  dropDatabase,
  instance,
  openFilesLimit,
  postgresPids,
  startBroker,
  systemDatabase,
  until,
} from './lib/cluster.mjs';
import { registerFleet, reportSampler } from './lib/fleet.mjs';
import { heapSnapshotArgs, summarizeHeapSnapshot, takeHeapSnapshot } from './lib/heap-snapshot.mjs';
import {
  freePort,
  mainThreadTimes,
  percentile,
  processUsage,
  root,
  sleep,
  underTsx,
  waitingShare,
} from './lib/harness.mjs';

const connectDeadlineMs = 300_000;
/** Open files Mosquitto needs beside one per machine: listener, the api's connections, its own files. */
const brokerFilesBeside = 50;
const sharedGroup = 'sbo-gateway';
/** Seconds measured with no machines connected (each phase's idle figures). */
const idleSeconds = 10;

await underTsx(main);

async function main() {
  const { values } = parseArgs({
    options: {
      devices: { type: 'string', default: '20000' },
      'report-seconds': { type: 'string', default: '10' },
      duration: { type: 'string', default: '30' },
      processes: { type: 'string', default: '3' },
      instances: { type: 'string', default: '2' },
      'connect-rate': { type: 'string', default: '1000' },
      json: { type: 'boolean' },
      keep: { type: 'boolean' },
      'heap-snapshots': { type: 'string' },
    },
  });
  const count = Number(values.devices);
  const half = Math.floor(count / 2);
  const reportSeconds = Number(values['report-seconds']);
  const duration = Number(values.duration);
  const processes = Number(values.processes);
  const instanceCount = Number(values.instances);
  const connectRate = Number(values['connect-rate']);
  // A folder for each instance's heap snapshots at no machines, half and the whole fleet (api phase).
  const snapshotDir = values['heap-snapshots'] ? path.resolve(values['heap-snapshots']) : null;
  if (snapshotDir) mkdirSync(snapshotDir, { recursive: true });
  const say = (text) => console.error(`[${new Date().toISOString().slice(11, 19)}] ${text}`);
  for (const binary of ['/usr/sbin/mosquitto', '/usr/bin/pg_ctlcluster']) {
    if (!existsSync(binary)) throw new Error(`${binary} is missing (apt-get install -y mosquitto postgresql-15)`);
  }
  // Mosquitto holds a file per client; the simulator processes a file per machine of theirs.
  const limit = openFilesLimit();
  if (count + brokerFilesBeside > limit.hard) {
    console.error(
      `Mosquitto needs an open file per machine: ${count} machines need about ${count + brokerFilesBeside}, ` +
        `and the hard limit here is ${limit.hard} (ulimit -Hn; raising it needs CAP_SYS_RESOURCE: ` +
        `LimitNOFILE, limits.conf, or docker --ulimit nofile=...). At most --devices ${limit.hard - brokerFilesBeside} here.`,
    );
    process.exit(2);
  }
  if (limit.soft < limit.hard) {
    // Up to the hard limit is this process's to ask; Mosquitto and the simulators inherit it.
    execFileSync('prlimit', ['--pid', String(process.pid), `--nofile=${limit.hard}:${limit.hard}`]);
  }
  const load = () =>
    os
      .loadavg()
      .map((v) => v.toFixed(2))
      .join(' ');
  const figures = {
    devices: count,
    reportSeconds,
    offeredReportsPerSecond: Math.round(count / reportSeconds),
    instances: instanceCount,
    connectRate,
    openFilesLimit: limit.hard,
    cpus: os.cpus().length,
    loadAverageAtStart: load(),
  };

  const { buildApi, buildIsStale, builtServer } = await import('../apps/api/scripts/build.mjs');
  if (buildIsStale()) {
    say('building the api (apps/api/dist/server.mjs)...');
    await buildApi();
  }
  const pg = (await import('pg')).default;
  const secrets = await import('../apps/api/src/lib/device-secret.ts');
  const { createDatabase } = await import('../apps/api/src/db/client.ts');

  const dir = await mkdtemp(path.join(os.tmpdir(), 'sbo-cluster-'));
  let databaseName = null;
  const children = [];
  const fleets = [];
  const cleanups = [];
  // Ctrl-C: nothing the bench started outlives it (the terminal's SIGINT reaches the simulators too).
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => {
      say(`${signal}: cleaning up`);
      for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      for (const pid of fleets.flatMap((f) => f.pids)) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
      rmSync(dir, { recursive: true, force: true });
      if (databaseName) {
        try {
          dropDatabase(databaseName);
        } catch (error) {
          say(`could not drop the database ${databaseName}: ${error.message}`);
        }
      }
      process.exit(130);
    });
  }
  let failure = null;
  try {
    // --- The system PostgreSQL 15, a fresh database. The bench's own connections are named sbo-bench
    // (left out of PostgreSQL's CPU figure).
    const databaseUrl = systemDatabase('sbo_cluster');
    databaseName = new URL(databaseUrl).pathname.slice(1);
    const adminPool = new pg.Pool({ connectionString: `${databaseUrl}?application_name=sbo-bench`, max: 3 });
    adminPool.on('error', () => undefined);
    cleanups.push(() => adminPool.end());
    const q = async (text, params) => (await adminPool.query(text, params)).rows;

    // --- Mosquitto, with the files the api writes; every phase starts it again on the same port.
    const port = await freePort();
    let broker = await startBroker(dir, children, { port });
    const gatewayPassword = randomBytes(18).toString('base64url');
    const names = Array.from({ length: instanceCount }, (_, i) => String.fromCharCode(97 + i));
    const stats = [];
    const warnings = new Map();
    const instanceEnv = (name, httpPort) => ({
      ...process.env,
      MODE: 'production',
      PORT: String(httpPort),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${httpPort}`,
      DATA_DIR: path.join(dir, `data-${name}`),
      DATABASE_URL: `${databaseUrl}?application_name=sbo-api-${name}`,
      MQTT_URL: broker.url,
      MQTT_PASSWORD: gatewayPassword,
      MQTT_PASSWORD_FILE: broker.passwordFile,
      MQTT_ACL_FILE: broker.aclFile,
      MQTT_BROKER_PID_FILE: broker.pidFile,
      MQTT_SHARED_GROUP: sharedGroup,
      MQTT_CLIENT_ID: `sbo-api-${name}`,
      GATEWAY_STATS_SECONDS: '1',
      SHUTDOWN_DRAIN_SECONDS: '2',
      LOG_LEVEL: 'info',
    });
    const onLine = (name) => (entry) => {
      if (entry.msg === 'gateway stats') stats.push({ ...entry, source: `api ${name}`, at: Date.now() });
      else if (entry.level >= 40) warnings.set(entry.msg, (warnings.get(entry.msg) ?? 0) + 1);
      // The error's first 300 characters: a failed batch's message carries its statement and parameters.
      if (entry.level >= 50) say(`  api ${name} error: ${entry.msg} ${(entry.err?.message ?? '').slice(0, 300)}`);
    };
    /**
     * An instance started on a port picked just now: the fleet's 20,000 client sockets take ports of the
     * same ephemeral range, so one picked minutes earlier may be taken by then (tried again if it was).
     */
    const startInstance = async (name) => {
      for (let attempt = 1; ; attempt += 1) {
        const one = instance(name, builtServer, instanceEnv(name, await freePort()), children, say, {
          onLine: onLine(name),
          nodeArgs: snapshotDir ? heapSnapshotArgs(snapshotDir) : [],
        });
        one.start();
        try {
          await one.ready();
          return one;
        } catch (error) {
          if (attempt === 3) throw error;
          say(`  api ${name} did not start (${error.message}): again on another port`);
        }
      }
    };

    // --- Set-up: one instance migrates the database and writes Mosquitto's files; the fleet is
    // registered (each controller's PBKDF2 hash for the password file), the instance rewrites them.
    say('set-up: instance a migrates the database');
    const setUp = await startInstance(names[0]);
    say(`set-up: registering ${count} controllers`);
    const key = await secrets.deviceSecretKey(createDatabase(adminPool));
    const fleet = await registerFleet(q, {
      count,
      hash: (secret) => secrets.hashDeviceSecret(key, secret),
      brokerHash: secrets.mosquittoHash,
    });
    await q(`select pg_notify('sbo_hardware', 'bench')`);
    const passwordLines = () => readFileSync(broker.passwordFile, 'utf8').split('\n').filter(Boolean).length;
    await until(() => passwordLines() >= count + 1, 120_000, 'the password file with the whole fleet');
    await setUp.stop('SIGTERM');
    const halves = [fleet.slice(0, half), fleet.slice(half)].map((part, i) => {
      const file = path.join(dir, `fleet-${i + 1}.json`);
      writeFileSync(file, JSON.stringify(part));
      return { file, machines: part.length };
    });
    const fresh = async () => {
      await broker.stop();
      rmSync(path.join(dir, 'mosquitto.db'), { force: true });
      broker = await startBroker(dir, children, { port });
    };
    const phase = (name, consumers, options) =>
      runPhase(name, {
        broker,
        consumers,
        halves,
        stats,
        fleets,
        fleetOptions: { reportSeconds, connectRate, sampleSeconds: 1, processes },
        duration,
        reportSeconds,
        q,
        databaseName,
        say,
        ...options,
      });

    // 1. Reference: no api, the api's connections counting what they are given.
    await fresh();
    say(`reference: Mosquitto and ${instanceCount} counting subscribers in group ${sharedGroup}, no api`);
    const subscriber = await startSubscriber(
      { url: broker.url, password: gatewayPassword, consumers: instanceCount },
      stats,
      children,
    );
    figures.reference = await phase(
      'reference',
      [{ name: 'subscriber', pid: subscriber.pid, sources: names.map((_, i) => `consumer ${i}`) }],
      {},
    );
    await subscriber.stop();

    // 2. The api: the same broker, started again, and the instances sharing its subscription.
    await fresh();
    say(`api: ${instanceCount} instances sharing group ${sharedGroup}`);
    const instances = await Promise.all(names.map((name) => startInstance(name)));
    figures.api = await phase(
      'api',
      instances.map((one, i) => ({ name: `api ${names[i]}`, pid: one.child.pid, sources: [`api ${names[i]}`] })),
      { sampler: reportSampler(), postgres: true, snapshotDir },
    );
    figures.apiWarnings = [...warnings].map(([message, n]) => `${message} x${n}`).join('; ') || 'none';
    for (const one of instances) await one.stop('SIGTERM');
    await broker.stop();
    figures.loadAverageAtEnd = load();
    Object.assign(figures, unitCosts(figures, { count, half }));
  } catch (error) {
    failure = error;
  } finally {
    for (const f of fleets) await f.stop(5_000).catch(() => undefined);
    for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch(() => undefined);
    for (const child of children.reverse()) {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
    if (!values.keep) {
      await rm(dir, { recursive: true, force: true });
      if (databaseName) dropDatabase(databaseName);
    } else say(`kept ${dir}${databaseName ? ` and the database ${databaseName}` : ''}`);
  }
  if (failure) {
    say(`failed; the figures so far: ${JSON.stringify(figures)}`);
    throw failure;
  }
  const goals = {
    allConnected: (figures.api.full?.connected ?? 0) >= count,
    ingestion: (figures.ingestionVsReferencePercent ?? 0) >= 50,
    latency: (figures.api.full?.reportToDbP99Ms ?? Infinity) < 1000,
  };
  figures.goalsMet = goals;
  if (values.json) console.log(JSON.stringify(figures));
  else printTable(figures);
  if (!Object.values(goals).every(Boolean)) process.exitCode = 1;
}

/**
 * The api's broker connections with a handler that only counts, in a process of their own
 * (bench/lib/gateway-subscriber.mjs); its lines join `stats` as `consumer <n>`.
 */
async function startSubscriber({ url, password, consumers }, stats, children) {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'bench/lib/gateway-subscriber.mjs',
      ...['--url', url, '--password', password, '--group', sharedGroup, '--consumers', String(consumers)],
    ],
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  children.push(child);
  const ready = new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the subscriber exited with ${code}`)));
    createInterface({ input: child.stdout }).on('line', (line) => {
      const value = JSON.parse(line);
      if (value.ready) resolve();
      else stats.push({ ...value, source: `consumer ${value.consumer}`, at: Date.now() });
    });
  });
  await ready;
  return {
    pid: child.pid,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The mean of the numbers given, rounded; null for none. */
function meanOf(list) {
  const known = list.filter((v) => typeof v === 'number');
  return known.length ? Math.round(known.reduce((a, b) => a + b, 0) / known.length) : null;
}

/**
 * One phase: the consumers (api instances or the counting subscriber) are up on `broker`; the first
 * half of the fleet connects, is measured for `duration` s, the second half joins, all are measured
 * again; then the fleet stops. Resolves to the figures at no machines, half and full.
 */
async function runPhase(name, context) {
  const { broker, consumers, halves, stats, fleets, fleetOptions, duration, reportSeconds, q, say } = context;
  const latencies = [];
  // PostgreSQL's CPU so far (ms) in the api's backends and in the cluster's background processes.
  const postgresMeter = { backends: 0, background: 0, reading: null };
  const waits = [];
  let sampling = true;
  const rssOf = (pid) => {
    try {
      return processUsage(pid).rssKb;
    } catch {
      return null;
    }
  };
  // Every second: reports that reached the database (the api), PostgreSQL's CPU.
  const sampler = (async () => {
    while (sampling) {
      await sleep(1_000);
      if (context.sampler) {
        const states = await context.sampler(q).catch((error) => (say(`  sample failed: ${error.message}`), null));
        if (states) latencies.push(...states.map((ms) => ({ at: Date.now(), ms })));
      }
      if (context.postgres) {
        const pids = await postgresPids(q, context.databaseName).catch(() => null);
        if (pids) {
          const reading = { backends: cpuOf(pids.backends), background: cpuOf(pids.background) };
          for (const kind of ['backends', 'background']) {
            if (postgresMeter.reading) postgresMeter[kind] += cpuBetween(postgresMeter.reading[kind], reading[kind]);
          }
          postgresMeter.reading = reading;
        }
        // What the api's busy backends are doing: on a core (no wait event) or waiting, and for what.
        const busy = await q(
          `select coalesce(wait_event_type || ':' || wait_event, 'on a core') as wait from pg_stat_activity
            where datname = $1 and application_name like 'sbo-api-%' and state = 'active'`,
          [context.databaseName],
        ).catch(() => null);
        if (busy) waits.push({ at: Date.now(), waits: busy.map((r) => r.wait) });
      }
    }
  })();
  /** Reads the counters at the start and end of a window of `duration` seconds, memory every second. */
  const measure = async (running, seconds) => {
    const fleetTotals = () =>
      running.map((d) => {
        const s = d.latest();
        return { published: s?.published ?? 0, acknowledged: s?.acknowledged ?? 0, at: s?.receivedAt ?? Date.now() };
      });
    const rowsWritten = async () =>
      Number(
        (
          await q(`select tup_inserted + tup_updated + tup_deleted as n from pg_stat_database where datname = $1`, [
            context.databaseName,
          ])
        )[0].n,
      );
    const fleetPids = running.flatMap((d) => d.pids);
    const from = Date.now();
    const fleetFrom = fleetTotals();
    const rowsFrom = context.postgres ? await rowsWritten() : 0;
    const postgresFrom = { ...postgresMeter };
    const brokerFrom = cpuOf([broker.pid]);
    const consumersFrom = consumers.map((c) => cpuOf([c.pid]));
    const threadsFrom = consumers.map((c) => mainThreadTimes(c.pid));
    const simulatorsFrom = cpuOf(fleetPids);
    const rss = { broker: [], consumers: consumers.map(() => []) };
    while (Date.now() - from < seconds * 1000) {
      await sleep(1_000);
      rss.broker.push(rssOf(broker.pid));
      consumers.forEach((c, i) => rss.consumers[i].push(rssOf(c.pid)));
    }
    const to = Date.now();
    // Latencies and PostgreSQL's CPU of the window's last second come with the sampler's next turn.
    await sleep(1_200);
    const fleetTo = fleetTotals();
    const ms = to - from;
    const percent = (cpuMs) => Math.round((cpuMs / ms) * 100);
    const perSecond = (key) =>
      Math.round(
        fleetTo.reduce(
          (sum, t, i) => sum + ((t[key] - fleetFrom[i][key]) * 1000) / Math.max(1, t.at - fleetFrom[i].at),
          0,
        ),
      );
    const brokerCpuMs = cpuBetween(brokerFrom, cpuOf([broker.pid]));
    const consumerCpuMs = consumers.map((c, i) => cpuBetween(consumersFrom[i], cpuOf([c.pid])));
    return {
      from,
      to,
      fleet: {
        published: perSecond('published'),
        acknowledged: perSecond('acknowledged'),
        acknowledgedCount: fleetTo.reduce((sum, t, i) => sum + t.acknowledged - fleetFrom[i].acknowledged, 0),
      },
      brokerCpuMs,
      brokerCpuPercent: percent(brokerCpuMs),
      brokerRssKb: meanOf(rss.broker),
      consumerCpuMs,
      consumerCpuPercent: consumerCpuMs.map(percent),
      consumerRssKb: rss.consumers.map(meanOf),
      consumerWaiting: consumers.map((c, i) => waitingShare(threadsFrom[i], mainThreadTimes(c.pid))),
      fleetCpuPercent: percent(cpuBetween(simulatorsFrom, cpuOf(fleetPids))),
      rowsWritten: context.postgres ? (await rowsWritten()) - rowsFrom : 0,
      postgresFrom,
      postgresTo: { ...postgresMeter },
    };
  };
  const result = {};
  // Each consumer's heap snapshot files by stage (--heap-snapshots, api phase): taken after a window,
  // never in one (writing one stops the instance for seconds).
  const snapshots = context.snapshotDir ? consumers.map(() => ({})) : null;
  const snapshot = async (stage) => {
    if (!snapshots) return;
    for (const [i, c] of consumers.entries()) {
      snapshots[i][stage] = await takeHeapSnapshot(c.pid, context.snapshotDir);
      if (!snapshots[i][stage]) say(`  ${c.name}: no heap snapshot at ${stage}`);
    }
  };
  try {
    // No machines yet: what the consumers, the broker and PostgreSQL use for nothing (timers, jobs),
    // once the instances' start-up work (their first job runs) is over.
    await sleep(10_000);
    const idle = await measure([], idleSeconds);
    result.none = {
      brokerRssKb: idle.brokerRssKb,
      brokerCpuPercent: idle.brokerCpuPercent,
      consumerRssKb: idle.consumerRssKb,
      consumerCpuPercent: idle.consumerCpuPercent,
      consumerCpuMsPerSecond: idle.consumerCpuMs.map((ms) => (ms * 1000) / (idle.to - idle.from)),
      ...(context.postgres ? postgresFigures(idle) : {}),
    };
    await snapshot('none');
    const running = [];
    let machines = 0;
    for (const [stage, part] of [
      ['half', halves[0]],
      ['full', halves[1]],
    ]) {
      machines += part.machines;
      say(`${name}: ${part.machines} machines join (${machines} in all), one report each per ${reportSeconds} s`);
      let printedAt = null;
      const devices = startDeviceFleet({
        ...fleetOptions,
        url: broker.url,
        fleet: part.file,
        // Every 5 s while it connects (each simulator process's line makes a sample: printed once).
        onSample: (s) => {
          if (s.uptimeSeconds % 5 !== 0 || s.uptimeSeconds === printedAt) return;
          printedAt = s.uptimeSeconds;
          if (s.connected < s.devices || s.uptimeSeconds <= 60)
            say(
              `  ${name} ${stage} ${s.uptimeSeconds}s connected ${s.connected}/${s.devices}, published ${s.published}, ` +
                `failed connects ${s.failedConnects ?? 0} (${s.connectTimeouts ?? 0} timed out)`,
            );
        },
      });
      fleets.push(devices);
      running.push(devices);
      const startedAt = Date.now();
      const all = await devices.until((s) => s.connected >= s.devices, connectDeadlineMs);
      const connectedAt = Date.now();
      const figures = {
        machines,
        // From the simulator starting to connect (node and tsx take seconds to load on a busy machine).
        secondsToConnect: all
          ? Math.round((all.receivedAt - (devices.connectingFrom() ?? devices.startedAt)) / 100) / 10
          : null,
        connectFailedAttempts: devices.latest()?.failedConnects ?? 0,
      };
      // One report interval and a little more: every machine of the stage has reported, and the
      // backlog built while it connected has had time to drain.
      await sleep((reportSeconds + 5) * 1000);
      const window = await measure(running, duration);
      const inWindow = (entry) => entry.at > window.from && entry.at <= window.to;
      const rates = consumerRates(stats, consumers, window.from, window.to);
      Object.assign(figures, {
        connected: running.reduce((sum, d) => sum + (d.latest()?.connected ?? 0), 0),
        fleetPublishedPerSecond: window.fleet.published,
        brokerTookPerSecond: window.fleet.acknowledged,
        deliveredPerSecond: rates.total,
        statesPerSecond: rates.states,
        consumers: consumers.map((c, i) => ({
          name: c.name,
          statesPerSecond: rates.byConsumer[i].states,
          messagesPerSecond: rates.byConsumer[i].total,
          cpuPercent: window.consumerCpuPercent[i],
          rssMb: Math.round(window.consumerRssKb[i] / 1024),
          rssKb: window.consumerRssKb[i],
          // Live JavaScript objects (the instance's own `gateway stats` lines, mean over the window): what
          // the process holds, apart from the heap V8 keeps for its garbage.
          heapUsedMb: meanOf(stats.filter((s) => c.sources.includes(s.source) && inWindow(s)).map((s) => s.heapUsedMb)),
          waitingForCpuPercent: window.consumerWaiting[i],
        })),
        messagesInWindow: rates.totalCount,
        brokerCpuPercent: window.brokerCpuPercent,
        brokerCpuMs: window.brokerCpuMs,
        brokerRssKb: window.brokerRssKb,
        brokerRssMb: Math.round(window.brokerRssKb / 1024),
        brokerTookInWindow: window.fleet.acknowledgedCount,
        consumerCpuMs: window.consumerCpuMs,
        fleetCpuPercent: window.fleetCpuPercent,
        windowSeconds: Math.round((window.to - window.from) / 100) / 10,
      });
      if (context.sampler) {
        const steady = latencies.filter(inWindow).map((l) => l.ms);
        const connecting = latencies.filter((l) => l.at > startedAt && l.at <= connectedAt).map((l) => l.ms);
        Object.assign(figures, {
          reportToDbP50Ms: percentile(steady, 50),
          reportToDbP99Ms: percentile(steady, 99),
          reportToDbMaxMs: percentile(steady, 100),
          latencySamples: steady.length,
          connectingReportToDbP99Ms: percentile(connecting, 99),
        });
      }
      if (context.postgres) {
        Object.assign(figures, postgresFigures(window), waitFigures(waits.filter(inWindow)));
      }
      result[stage] = figures;
      await snapshot(stage);
      if (!all) {
        say(`${name}: not every machine connected within ${connectDeadlineMs / 1000} s`);
        break;
      }
    }
    for (const devices of running) await devices.stop();
  } finally {
    sampling = false;
    await sampler;
  }
  liveHeapFigures(result, snapshots, consumers, say);
  return result;
}

/**
 * Each consumer's live heap (its heap snapshot's size: taken after a full garbage collection, so what it
 * holds rather than what V8 keeps for garbage) at no machines, half and the whole fleet, and per machine
 * added from half to all; what grew is printed by kind of object.
 */
function liveHeapFigures(result, snapshots, consumers, say) {
  if (!snapshots) return;
  const added = (result.full?.machines ?? 0) - (result.half?.machines ?? 0);
  consumers.forEach((c, i) => {
    const files = snapshots[i];
    for (const stage of ['none', 'half', 'full']) {
      if (!files[stage]) continue;
      const { totalKb } = summarizeHeapSnapshot(files[stage], { top: 0 });
      if (stage === 'none') (result.none.consumerLiveHeapKb ??= [])[i] = totalKb;
      else if (result[stage]) result[stage].consumers[i].liveHeapKb = totalKb;
    }
    if (files.half && files.full && added > 0) {
      const grown = summarizeHeapSnapshot(files.full, { base: files.half, per: added, top: 12 });
      result.full.consumers[i].liveHeapKbPerMachine = Math.round((grown.totalKb / added) * 100) / 100;
      say(`${c.name}: live heap, half the fleet to all of it (per machine added):\n${grown.text}`);
    }
  });
}

/** PostgreSQL's CPU (the api's backends, the cluster's background processes) and rows written in a window. */
function postgresFigures(window) {
  const ms = window.to - window.from;
  const backendsMs = window.postgresTo.backends - window.postgresFrom.backends;
  const backgroundMs = window.postgresTo.background - window.postgresFrom.background;
  return {
    postgresCpuMs: backendsMs + backgroundMs,
    postgresBackendsCpuMs: backendsMs,
    postgresBackendsCpuPercent: Math.round((backendsMs / ms) * 100),
    postgresBackgroundCpuPercent: Math.round((backgroundMs / ms) * 100),
    postgresCpuMsPerSecond: ((backendsMs + backgroundMs) * 1000) / ms,
    rowsWritten: window.rowsWritten,
    rowsWrittenPerSecond: Math.round((window.rowsWritten / ms) * 1000),
  };
}

/**
 * The api's active PostgreSQL backends, sampled every second: how many on average, and the share of
 * those samples on a core or waiting, by wait event (the four most seen).
 */
function waitFigures(samples) {
  const counts = new Map();
  let total = 0;
  for (const sample of samples) {
    for (const wait of sample.waits) {
      counts.set(wait, (counts.get(wait) ?? 0) + 1);
      total += 1;
    }
  }
  return {
    postgresActiveBackends: samples.length ? Math.round((total / samples.length) * 10) / 10 : null,
    postgresWaits:
      [...counts]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 4)
        .map(([wait, n]) => `${wait} ${Math.round((n / total) * 100)} %`)
        .join(', ') || 'none',
  };
}

/**
 * Messages per second the consumers took between `from` and `to`, by channel: each source's lines
 * (one per second, each what was taken since its previous line) in the window, over the real time
 * from the source's last line before the window to its last line in it (a late line carries more).
 */
function consumerRates(stats, consumers, from, to) {
  const keys = ['states', 'events', 'statuses', 'acks', 'cards'];
  const byConsumer = consumers.map((consumer) => {
    const sum = Object.fromEntries([...keys, 'total', 'totalCount'].map((k) => [k, 0]));
    for (const source of consumer.sources) {
      const lines = stats.filter((s) => s.source === source);
      const inside = lines.filter((s) => s.at > from && s.at <= to);
      const before = lines.filter((s) => s.at <= from).at(-1);
      if (inside.length === 0 || !before) continue;
      const seconds = (inside.at(-1).at - before.at) / 1000;
      for (const key of keys) {
        const n = inside.reduce((total, s) => total + (s[key] ?? 0), 0);
        sum[key] += n / seconds;
        sum.total += n / seconds;
        sum.totalCount += n;
      }
    }
    return Object.fromEntries(Object.entries(sum).map(([k, v]) => [k, Math.round(v)]));
  });
  const total = (key) => byConsumer.reduce((sum, c) => sum + c[key], 0);
  return { byConsumer, states: total('states'), total: total('total'), totalCount: total('totalCount') };
}

/** The figures a capacity model is made of, from the full fleet's window (and half to full for memory). */
function unitCosts(figures, { count, half }) {
  const { reference, api } = figures;
  const added = count - half;
  // KB of RSS per machine, one decimal: the growth from `halfway` to `full` (KB) over the machines added.
  const perMachine = (full, halfway, machines = added) =>
    full !== null && full !== undefined && halfway !== null && halfway !== undefined
      ? Math.round(((full - halfway) / machines) * 10) / 10
      : null;
  const ratio = (a, b, digits = 3) => (b > 0 ? Number((a / b).toFixed(digits)) : null);
  const apiFull = api.full ?? {};
  const apiHalf = api.half ?? {};
  const apiRss = (stage) => (stage.consumers ?? []).reduce((sum, c) => sum + (c.rssKb ?? 0), 0);
  const total = (list) => (list ?? []).reduce((a, b) => a + b, 0);
  // The CPU costs of one stage's window (half the fleet or all of it).
  const costs = (stage) => {
    const a = api[stage] ?? {};
    const r = reference[stage] ?? {};
    return {
      // CPU per device message (state reports, statuses, events) taken by the consumers in the window.
      apiCpuMsPerMessage: ratio(total(a.consumerCpuMs), a.messagesInWindow),
      // The same less what the instances use with no machines (their timers and jobs) over the window.
      apiCpuMsPerMessageAboveIdle: ratio(
        total(a.consumerCpuMs) - total(api.none?.consumerCpuMsPerSecond) * (a.windowSeconds ?? 0),
        a.messagesInWindow,
      ),
      subscriberCpuMsPerMessage: ratio(total(r.consumerCpuMs), r.messagesInWindow),
      // Mosquitto's CPU per message it took from the fleet (QoS 1, acknowledged) and delivered once.
      referenceBrokerCpuMsPerMessage: ratio(r.brokerCpuMs, r.brokerTookInWindow),
      apiBrokerCpuMsPerMessage: ratio(a.brokerCpuMs, a.brokerTookInWindow),
      postgresCpuMsPerRow: ratio(a.postgresCpuMs, a.rowsWritten),
      postgresBackendsCpuMsPerRow: ratio(a.postgresBackendsCpuMs, a.rowsWritten),
      postgresCpuMsPerRowAboveIdle: ratio(
        a.postgresCpuMs - (api.none?.postgresCpuMsPerSecond ?? 0) * (a.windowSeconds ?? 0),
        a.rowsWritten,
      ),
      rowsPerSecondPerPostgresCore: a.postgresCpuMs > 0 ? Math.round(a.rowsWritten / (a.postgresCpuMs / 1000)) : null,
      rowsPerMessage: ratio(a.rowsWritten, a.messagesInWindow, 2),
    };
  };
  return {
    ingestionVsReferencePercent:
      reference.full?.statesPerSecond && apiFull.statesPerSecond !== undefined
        ? Math.round((apiFull.statesPerSecond / reference.full.statesPerSecond) * 100)
        : null,
    apiIdleCpuPercent: (api.none?.consumerCpuPercent ?? []).join(' / '),
    unitCosts: { half: costs('half'), full: costs('full') },
    referenceBrokerKbPerMachine: perMachine(reference.full?.brokerRssKb, reference.half?.brokerRssKb),
    referenceBrokerKbPerMachineFirstHalf: perMachine(reference.half?.brokerRssKb, reference.none?.brokerRssKb, half),
    apiBrokerKbPerMachine: perMachine(apiFull.brokerRssKb, apiHalf.brokerRssKb),
    // Every instance's RSS added up: half the fleet to all of it, over the machines added.
    apiKbPerMachine: apiFull.consumers && apiHalf.consumers ? perMachine(apiRss(apiFull), apiRss(apiHalf)) : null,
    apiKbPerMachineByInstance: (apiFull.consumers ?? []).map((c, i) =>
      perMachine(c.rssKb, apiHalf.consumers?.[i]?.rssKb),
    ),
  };
}

function printTable(f) {
  const { reference: r, api: a } = f;
  const both = (phase, key, unit = '') => `${phase.half?.[key] ?? '-'} / ${phase.full?.[key] ?? '-'}${unit}`;
  const unit = (key) => `${f.unitCosts?.half?.[key] ?? '-'} / ${f.unitCosts?.full?.[key] ?? '-'}`;
  const each = (phase, stage, key) => (phase[stage]?.consumers ?? []).map((c) => c[key] ?? '-').join(' / ');
  const rows = [
    ['machines: half / full (reports every s)', `${f.api.half?.machines ?? '-'} / ${f.devices} (${f.reportSeconds})`],
    ['state reports offered per second (full)', f.offeredReportsPerSecond],
    [
      'connects offered per second (fleet)',
      `${f.connectRate} (a half in ${Math.round((f.devices / 2 / f.connectRate) * 10) / 10} s at best)`,
    ],
    ['reference: Mosquitto, counting subscribers, no api', ''],
    ['  seconds to connect: first half / second half', both(r, 'secondsToConnect')],
    ['  fleet published per second', both(r, 'fleetPublishedPerSecond')],
    ['  broker took per second (PUBACKs to the fleet)', both(r, 'brokerTookPerSecond')],
    ['  delivered to the group per second: all', both(r, 'deliveredPerSecond')],
    ['  delivered to the group per second: states', both(r, 'statesPerSecond')],
    ['  Mosquitto CPU %', both(r, 'brokerCpuPercent')],
    ['  Mosquitto RSS MB (no machines / half / full)', `${mb(r.none?.brokerRssKb)} / ${both(r, 'brokerRssMb')}`],
    ['  subscriber process CPU % / RSS MB (full)', `${each(r, 'full', 'cpuPercent')} / ${each(r, 'full', 'rssMb')}`],
    ['  simulator processes CPU % (full)', r.full?.fleetCpuPercent ?? '-'],
    [`api: ${f.instances} instances, shared subscription`, ''],
    ['  seconds to connect: first half / second half', both(a, 'secondsToConnect')],
    ['  connected: half / full', both(a, 'connected')],
    ['  fleet published per second', both(a, 'fleetPublishedPerSecond')],
    ['  broker took per second (PUBACKs to the fleet)', both(a, 'brokerTookPerSecond')],
    ['  states ingested per second (sum of instances)', both(a, 'statesPerSecond')],
    ['  device messages ingested per second (all)', both(a, 'deliveredPerSecond')],
    ['  states ingested per instance (full)', each(a, 'full', 'statesPerSecond')],
    ['  ingestion vs reference (full)', `${f.ingestionVsReferencePercent ?? '-'} % (goal >= 50 %)`],
    ['  report to database p50 (ms)', both(a, 'reportToDbP50Ms')],
    ['  report to database p99 (ms)', `${both(a, 'reportToDbP99Ms')} (goal < 1000)`],
    ['  report to database max (ms)', both(a, 'reportToDbMaxMs')],
    ['  latency samples', both(a, 'latencySamples')],
    ['  report to database p99 while connecting (ms)', both(a, 'connectingReportToDbP99Ms')],
    ['  api CPU % per instance: half', each(a, 'half', 'cpuPercent')],
    ['  api CPU % per instance: full', each(a, 'full', 'cpuPercent')],
    ['  api waiting for a core % per instance (full)', each(a, 'full', 'waitingForCpuPercent')],
    ['  api RSS MB per instance: none', (a.none?.consumerRssKb ?? []).map(mb).join(' / ')],
    ['  api RSS MB per instance: half', each(a, 'half', 'rssMb')],
    ['  api RSS MB per instance: full', each(a, 'full', 'rssMb')],
    ['  api heap used MB per instance: half', each(a, 'half', 'heapUsedMb')],
    ['  api heap used MB per instance: full', each(a, 'full', 'heapUsedMb')],
    ...(a.none?.consumerLiveHeapKb
      ? [
          [
            '  api live heap MB per instance (snapshots): none / half / full',
            a.none.consumerLiveHeapKb
              .map((kb, i) =>
                [kb, a.half?.consumers?.[i]?.liveHeapKb, a.full?.consumers?.[i]?.liveHeapKb].map(mb).join(' / '),
              )
              .join(', '),
          ],
          ['  api live heap KB per machine added, per instance', each(a, 'full', 'liveHeapKbPerMachine')],
        ]
      : []),
    ['  Mosquitto CPU %', both(a, 'brokerCpuPercent')],
    ['  Mosquitto RSS MB (no machines / half / full)', `${mb(a.none?.brokerRssKb)} / ${both(a, 'brokerRssMb')}`],
    ["  PostgreSQL CPU %: the api's backends", both(a, 'postgresBackendsCpuPercent')],
    ['  PostgreSQL CPU %: background (whole cluster)', both(a, 'postgresBackgroundCpuPercent')],
    ['  rows written per second', both(a, 'rowsWrittenPerSecond')],
    ['  PostgreSQL: api backends active (mean)', both(a, 'postgresActiveBackends')],
    ['  PostgreSQL: their waits, half', a.half?.postgresWaits ?? '-'],
    ['  PostgreSQL: their waits, full', a.full?.postgresWaits ?? '-'],
    ['  simulator processes CPU % (full)', a.full?.fleetCpuPercent ?? '-'],
    ['  api warnings', f.apiWarnings],
    ['unit costs, half fleet / full fleet', ''],
    ['  api CPU-ms per device message', unit('apiCpuMsPerMessage')],
    ["  the same above the instances' idle use", unit('apiCpuMsPerMessageAboveIdle')],
    ['  api CPU % per instance with no machines', f.apiIdleCpuPercent],
    ['  subscriber CPU-ms per message (no storage)', unit('subscriberCpuMsPerMessage')],
    ['  Mosquitto CPU-ms per message: reference', unit('referenceBrokerCpuMsPerMessage')],
    ['  Mosquitto CPU-ms per message: with the api', unit('apiBrokerCpuMsPerMessage')],
    ['  PostgreSQL CPU-ms per row: its api backends', unit('postgresBackendsCpuMsPerRow')],
    ['  PostgreSQL CPU-ms per row: with background', unit('postgresCpuMsPerRow')],
    ['  PostgreSQL CPU-ms per row: above its idle use', unit('postgresCpuMsPerRowAboveIdle')],
    ['  rows written per second per PostgreSQL core', unit('rowsPerSecondPerPostgresCore')],
    ['  rows written per device message', unit('rowsPerMessage')],
    [
      '  KB per machine, Mosquitto: ref. / with api',
      `${f.referenceBrokerKbPerMachine} / ${f.apiBrokerKbPerMachine} (first half, ref.: ${f.referenceBrokerKbPerMachineFirstHalf})`,
    ],
    ['  KB per machine, api (all instances)', `${f.apiKbPerMachine} (${f.apiKbPerMachineByInstance.join(' / ')})`],
    ['load average (1, 5, 15 min) at start', f.loadAverageAtStart],
    ['load average (1, 5, 15 min) at end', `${f.loadAverageAtEnd} (${f.cpus} cores)`],
    [
      'goals',
      Object.entries(f.goalsMet)
        .map(([goal, met]) => `${goal} ${met ? 'met' : 'NOT met'}`)
        .join(', '),
    ],
  ];
  for (const [label, value] of rows) console.log(`${label.padEnd(52)} ${value}`);
}

function mb(kb) {
  return kb === null || kb === undefined ? '-' : Math.round(kb / 1024);
}
