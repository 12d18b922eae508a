#!/usr/bin/env node
/**
 * Gateway benchmark: a simulated fleet (10,000 machines, one report each per 2 s: 5,000 reports/s
 * offered, via bench/device-fleet.mjs), first against a bare broker (Aedes, no auth, no database)
 * and then against the api (embedded PostgreSQL and MQTT broker, fresh data folder), in one run:
 *
 * 1. bare broker: seconds to connect the whole fleet, and what the broker receives per second;
 * 2. api, cold: seconds to connect the whole fleet (every CONNECT authenticated against the
 *    database), what the api ingests per second beside the bare broker's rate, report-to-database
 *    latency (from each report's `sentAt` to its row's `report_updated_at`), the api's memory per
 *    connected machine (RSS with the fleet connected less RSS before it) and CPU;
 * 3. reconnect storm: the api is restarted (SIGTERM, then started again on the same database),
 *    every machine loses its connection at once and comes back with its backoff; seconds until all
 *    are connected again, from the restart and from the broker listening again.
 *
 *   node bench/device-ingest.mjs [--devices 10000] [--report-seconds 2] [--duration 30]
 *        [--connect-rate 500] [--processes 2] [--no-bare] [--no-storm] [--profile <dir>]
 *        [--latencies <file>] [--json] [--heap-snapshot <dir>] [--api-node-options=<flags>]
 *        [--api-env NAME=value ...]
 *
 * The fleet runs in `--processes` simulator processes (bench/device-fleet.mjs).
 *
 * `--profile <dir>` writes a CPU profile of the api (`--cpu-prof`) covering the whole run.
 */
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  deviceSecretHasher,
  mainThreadTimes,
  percentile,
  processUsage,
  sleep,
  startApi,
  underTsx,
  waitingShare,
} from './lib/harness.mjs';
import { startBareBroker, startDeviceFleet } from './device-fleet.mjs';
import { registerFleet, reportSampler } from './lib/fleet.mjs';
import { heapSnapshotArgs, takeHeapSnapshot } from './lib/heap-snapshot.mjs';

const connectDeadlineMs = 180_000;

await underTsx(main);

async function main() {
  const { values } = parseArgs({
    options: {
      devices: { type: 'string', default: '10000' },
      'report-seconds': { type: 'string', default: '2' },
      duration: { type: 'string', default: '30' },
      'connect-rate': { type: 'string', default: '500' },
      processes: { type: 'string', default: '2' },
      'no-bare': { type: 'boolean' },
      'no-storm': { type: 'boolean' },
      profile: { type: 'string' },
      'heap-snapshot': { type: 'string' },
      'api-node-options': { type: 'string' },
      'api-env': { type: 'string', multiple: true },
      latencies: { type: 'string' },
      json: { type: 'boolean' },
    },
  });
  const count = Number(values.devices);
  const reportSeconds = Number(values['report-seconds']);
  const duration = Number(values.duration);
  const connectRate = Number(values['connect-rate']);
  const say = (text) => console.error(text);
  const fleetOptions = { reportSeconds, connectRate, sampleSeconds: 1, processes: Number(values.processes) };
  const summary = { devices: count, reportSeconds, offeredReportsPerSecond: Math.round(count / reportSeconds) };

  const load = () => Math.round(os.loadavg()[0] * 10) / 10;
  const loadAtStart = load();
  const stats = [];
  const warnings = new Map();
  /**
   * The api's admission between `from` and `to` (its per-second stats lines): the longest stretch in
   * which it admitted nobody, and CONNECTs refused by reason; with the fleet's failed attempts (no
   * CONNACK in time, reset) since `fleetFrom`.
   */
  const admission = (phase, from, to, fleetNow, fleetFrom) => {
    const lines = stats.filter((line) => line.at > from && line.at <= to);
    let gap = 0;
    let longest = 0;
    for (const line of lines) {
      gap = line.connects?.admitted ? 0 : gap + line.seconds;
      longest = Math.max(longest, gap);
    }
    const refused = {};
    for (const line of lines) {
      for (const [reason, n] of Object.entries(line.connects ?? {})) {
        if (reason !== 'admitted') refused[reason] = (refused[reason] ?? 0) + n;
      }
    }
    return {
      [`${phase}LongestSecondsNoneAdmitted`]: longest,
      [`${phase}Refused`]:
        Object.entries(refused)
          .map(([reason, n]) => `${reason} ${n}`)
          .join(', ') || 'none',
      [`${phase}FleetFailedAttempts`]:
        `${(fleetNow?.failedConnects ?? 0) - (fleetFrom?.failedConnects ?? 0)} ` +
        `(no CONNACK in time: ${(fleetNow?.connectTimeouts ?? 0) - (fleetFrom?.connectTimeouts ?? 0)})`,
    };
  };
  const api = await startApi({
    env: {
      LOG_LEVEL: 'info',
      GATEWAY_STATS_SECONDS: '1',
      // `--api-env MQTT_CONNECTS_PER_SECOND=300`: the api's settings, one per flag.
      ...Object.fromEntries(
        (values['api-env'] ?? []).map((pair) => [pair.split('=')[0], pair.split('=').slice(1).join('=')]),
      ),
    },
    onLine: (entry) => {
      if (entry.msg === 'gateway stats') stats.push({ ...entry, at: Date.now() });
      else if (entry.level >= 40) warnings.set(entry.msg, (warnings.get(entry.msg) ?? 0) + 1);
      if (entry.level >= 50) say(`  api error: ${entry.msg} ${entry.err?.message ?? ''}`);
    },
    nodeArgs: [
      ...(values['api-node-options']?.split(/\s+/).filter(Boolean) ?? []),
      ...(values.profile ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(values.profile)}`] : []),
      ...(values['heap-snapshot'] ? heapSnapshotArgs(values['heap-snapshot']) : []),
    ],
  });
  let db = await api.connectDb();
  // The api's restart stops its embedded database too: the client is replaced then.
  db.on('error', () => undefined);
  const query = async (text, params) => (await db.query(text, params)).rows;
  try {
    say(`registering ${count} controllers...`);
    const fleet = await registerFleet(query, { count, hash: await deviceSecretHasher(db) });
    const fleetFile = path.join(api.dataDir, 'bench-fleet.json');
    writeFileSync(fleetFile, JSON.stringify(fleet));
    // Every 5 s: the fleet's side (connected, attempts refused busy or failed: timeout, reset) and, against
    // the api, its admission in the last stats line (admitted, refused by reason).
    const progress = (label) => (s) => {
      if (s.uptimeSeconds % 5 !== 0) return;
      const last = label === 'api' ? stats.at(-1) : undefined;
      const admission = last ? { ...last.connects, ...last.admission } : undefined;
      say(
        `  ${label} ${s.uptimeSeconds}s connected ${s.connected}/${s.devices}, published ${s.published}, ` +
          `refused busy ${s.refusedBusy ?? 0}, failed ${s.failedConnects ?? 0} (${s.connectTimeouts ?? 0} timed out)` +
          (admission ? `; api last second ${JSON.stringify(admission)}` : ''),
      );
    };

    // 1. The same fleet against a bare broker: what the machine allows without auth or a database.
    if (!values['no-bare']) {
      const broker = await startBareBroker({ every: 1 });
      say(`bare broker: ${count} devices, one report per ${reportSeconds} s`);
      const devices = startDeviceFleet({
        ...fleetOptions,
        url: broker.url,
        fleet: fleetFile,
        onSample: progress('bare'),
      });
      const all = await devices.until((s) => s.connected >= s.devices, connectDeadlineMs);
      summary.bareSecondsToConnectAll = all ? Math.round((all.receivedAt - devices.startedAt) / 1000) : null;
      await sleep(5_000);
      const from = Date.now();
      await sleep(duration * 1000);
      const window = broker.lines.filter((l) => l.receivedAt > from + 1_000);
      summary.bareReceivedPerSecond = Math.round(
        window.reduce((sum, l) => sum + l.receivedPerSecond, 0) / Math.max(1, window.length),
      );
      summary.bareFleetPublishedPerSecond = publishedPerSecond(devices.latest(), all);
      // The same measure of memory as the api's below: RSS with the fleet less RSS before it.
      const idleRss = broker.lines[0]?.rssMb ?? 0;
      const busyRss = window.reduce((sum, l) => sum + l.rssMb, 0) / Math.max(1, window.length);
      summary.bareKbPerConnectedMachine = Math.round(((busyRss - idleRss) * 1024) / count);
      summary.bareHeapUsedKbPerConnectedMachine = perMachine(window, broker.lines[0], 'heapMb', count);
      await devices.stop();
      await broker.stop();
    }

    // 2. The api from cold.
    await sleep(2_000);
    const idle = processUsage(api.process.pid);
    const idleStats = stats.at(-1);
    const latencies = [];
    const usage = [];
    // One machine in ten, read by primary key: a scan of the whole table each second fell behind at
    // 10,000 machines (5,000 updates a second), and the steady window got no samples at all.
    const sample = reportSampler({ hwids: fleet.filter((_, i) => i % 10 === 0).map((d) => d.hwid) });
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        await sleep(1_000);
        const states = await sample(query).catch((error) => (say(`  sample failed: ${error.message}`), null));
        if (states) latencies.push(...states.map((ms) => ({ at: Date.now(), ms })));
        try {
          usage.push({ at: Date.now(), ...processUsage(api.process.pid) });
        } catch {
          // restarting: no process to read
        }
      }
    })();
    say(`api: ${count} devices, one report per ${reportSeconds} s, ${duration} s measured`);
    const devices = startDeviceFleet({
      ...fleetOptions,
      url: api.mqttUrl,
      fleet: fleetFile,
      onSample: progress('api'),
    });
    const coldFrom = { ...processUsage(api.process.pid), ...mainThreadTimes(api.process.pid) };
    const all = await devices.until((s) => s.connected >= s.devices, connectDeadlineMs);
    summary.secondsToConnectAll = all ? Math.round((all.receivedAt - devices.startedAt) / 1000) : null;
    summary.connectedWithin180s = all?.connected ?? devices.latest()?.connected ?? 0;
    Object.assign(summary, admission('cold', devices.startedAt, all?.receivedAt ?? Date.now(), devices.latest()));
    // What a connect costs the api whatever the machine's load, and how long it waited for a core meanwhile.
    const coldTo = { ...processUsage(api.process.pid), ...mainThreadTimes(api.process.pid) };
    summary.coldApiCpuMsPerConnect =
      Math.round(((coldTo.cpuMs - coldFrom.cpuMs) / Math.max(1, summary.connectedWithin180s)) * 100) / 100;
    summary.coldApiWaitingForCpuPercent = waitingShare(coldFrom, coldTo);
    if (all) {
      // While 500 machines a second are admitted the api's core is mostly theirs, and reports wait
      // (their latency grows through the connect phase). The steady figures start once that backlog
      // has drained (printed: how long it took, and the p99 until then).
      const drained = await drainBacklog(latencies);
      summary.secondsToDrainConnectBacklog = drained.seconds;
      summary.connectPhaseReportToDbP99Ms = drained.p99;
      await sleep(2_000);
      const from = Date.now();
      const first = devices.latest();
      const threadFrom = mainThreadTimes(api.process.pid);
      await sleep(duration * 1000);
      const to = Date.now();
      summary.steadyApiWaitingForCpuPercent = waitingShare(threadFrom, mainThreadTimes(api.process.pid));
      const inWindow = (entry) => entry.at > from && entry.at <= to;
      const steady = stats.filter(inWindow);
      const seconds = steady.reduce((sum, s) => sum + s.seconds, 0) || 1;
      const total = (key) => steady.reduce((sum, s) => sum + s[key], 0);
      const states = latencies.filter(inWindow).map((l) => l.ms);
      const cpu = usage.filter(inWindow);
      const rssKb = cpu.reduce((sum, u) => sum + u.rssKb, 0) / Math.max(1, cpu.length);
      Object.assign(summary, {
        fleetPublishedPerSecond: publishedPerSecond(devices.latest(), first),
        ingestedPerSecond: Math.round(
          (total('states') + total('events') + total('statuses') + total('acks')) / seconds,
        ),
        ingestedStatesPerSecond: Math.round(total('states') / seconds),
        // The database's side: state batches written, their rows and time (the longest per stats line).
        stateRowsWrittenPerSecond: Math.round(total('stateRows') / seconds),
        stateRowsPerBatch: Math.round(total('stateRows') / Math.max(1, total('stateBatches'))),
        stateBatchMeanMs: Math.round(total('stateBatchMs') / Math.max(1, total('stateBatches'))),
        stateBatchLongestMs: steady.reduce((max, s) => Math.max(max, s.longestStateBatchMs ?? 0), 0),
        ingestedVsBareBroker: summary.bareReceivedPerSecond
          ? `${Math.round((total('states') / seconds / summary.bareReceivedPerSecond) * 100)}%`
          : null,
        reportToDbP50Ms: percentile(states, 50),
        reportToDbP99Ms: percentile(states, 99),
        latencySamples: states.length,
        apiRssMbIdle: idle.rssMb,
        apiRssMbConnected: Math.round(rssKb / 1024),
        apiKbPerConnectedMachine: Math.round((rssKb - idle.rssKb) / count),
        // Of that, live JavaScript objects (heap used) and Buffers: the rest is heap room, native and allocator memory.
        apiHeapUsedKbPerConnectedMachine: perMachine(steady, idleStats, 'heapUsedMb', count),
        apiHeapTotalKbPerConnectedMachine: perMachine(steady, idleStats, 'heapTotalMb', count),
        apiExternalKbPerConnectedMachine: perMachine(steady, idleStats, 'externalMb', count),
        apiCpuPercent:
          cpu.length > 1 ? Math.round(((cpu.at(-1).cpuMs - cpu[0].cpuMs) / (cpu.at(-1).at - cpu[0].at)) * 100) : null,
      });
      if (values['heap-snapshot'])
        summary.heapSnapshot = await takeHeapSnapshot(api.process.pid, values['heap-snapshot']);
    }

    // 3. A reconnect storm: the broker restarts under a connected fleet.
    if (all && !values['no-storm']) {
      say('restarting the api (and its broker) under the connected fleet...');
      const restartedAt = Date.now();
      const halted = api.halt().then(() => Date.now());
      const down = await devices.until((s) => s.connected === 0, 30_000);
      const stoppedAt = await halted;
      const { startMs } = await api.restart();
      const upAt = Date.now();
      const previous = db;
      db = await api.connectDb();
      db.on('error', () => undefined);
      await previous.end().catch(() => undefined);
      const stormFrom = { ...processUsage(api.process.pid), ...mainThreadTimes(api.process.pid) };
      const stormFleetFrom = devices.latest();
      const back = await devices.until((s) => s.receivedAt > upAt && s.connected >= s.devices, connectDeadlineMs);
      Object.assign(
        summary,
        admission('storm', upAt, back?.receivedAt ?? Date.now(), devices.latest(), stormFleetFrom),
      );
      const stormTo = { ...processUsage(api.process.pid), ...mainThreadTimes(api.process.pid) };
      summary.stormApiWaitingForCpuPercent = waitingShare(stormFrom, stormTo);
      Object.assign(summary, {
        restartSeconds: Math.round((upAt - restartedAt) / 1000),
        restartStopSeconds: Math.round((stoppedAt - restartedAt) / 100) / 10,
        restartStartSeconds: Math.round(startMs / 100) / 10,
        stormAllDropped: down !== null,
        stormSecondsToReconnectAllFromRestart: back ? Math.round((back.receivedAt - restartedAt) / 1000) : null,
        stormSecondsToReconnectAllFromBrokerDown: back ? Math.round((back.receivedAt - stoppedAt) / 1000) : null,
        stormSecondsToReconnectAllFromBrokerUp: back ? Math.round((back.receivedAt - upAt) / 1000) : null,
        stormConnected: back?.connected ?? devices.latest()?.connected ?? 0,
      });
      if (back) {
        const drained = await drainBacklog(latencies);
        summary.secondsToDrainStormBacklog = drained.seconds;
        summary.stormReportToDbP99Ms = drained.p99;
        const since = Date.now() + 2_000;
        await sleep(12_000);
        const after = latencies.filter((l) => l.at > since).map((l) => l.ms);
        summary.afterStormReportToDbP99Ms = percentile(after, 99);
      }
    }
    await devices.stop();
    sampling = false;
    await sampler;
    // Each report's latency with the second it was seen, to tell a steady tail from spikes.
    if (values.latencies) writeFileSync(values.latencies, latencies.map((l) => `${l.at} ${l.ms}`).join('\n'));
    summary.apiWarnings = [...warnings].map(([message, n]) => `${message} x${n}`).join('; ') || 'none';
    summary.cpus = os.cpus().length;
    summary.loadAverage1m = `${loadAtStart} at the start, ${load()} at the end`;
  } finally {
    await db.end().catch(() => undefined);
    await api.stop();
  }
  if (values.json) console.log(JSON.stringify(summary));
  else for (const [key, value] of Object.entries(summary)) console.log(`${key.padEnd(40)} ${value}`);
}

/**
 * Waits (at most 60 s) until the reports written in the last moments mostly took under 100 ms from
 * device to database: a backlog built while the fleet was being admitted has drained. Returns the
 * seconds it took and the p99 of the reports written meanwhile.
 */
async function drainBacklog(latencies) {
  const from = Date.now();
  await sleep(2_000);
  while (Date.now() - from < 60_000) {
    const recent = latencies.filter((l) => l.at > Date.now() - 1_500).map((l) => l.ms);
    if (recent.length > 0 && percentile(recent, 50) < 100) break;
    await sleep(1_000);
  }
  const meanwhile = latencies.filter((l) => l.at > from).map((l) => l.ms);
  return { seconds: Math.round((Date.now() - from) / 100) / 10, p99: percentile(meanwhile, 99) };
}

/** KB per machine of a memory figure of the gateway stats: its mean over `lines` less its value in `idle`. */
function perMachine(lines, idle, key, count) {
  if (!idle || lines.length === 0 || idle[key] === undefined) return null;
  const mean = lines.reduce((sum, line) => sum + line[key], 0) / lines.length;
  return Math.round(((mean - idle[key]) * 1024) / count);
}

function publishedPerSecond(last, first) {
  if (!last || !first || last.uptimeSeconds <= first.uptimeSeconds) return null;
  return Math.round((last.published - first.published) / (last.uptimeSeconds - first.uptimeSeconds));
}
