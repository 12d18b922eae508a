// More than one box's worth of the product on this machine, for the benches that need it
// (several-instances.mjs, fleet-cluster.mjs): the system PostgreSQL 15 with a fresh database,
// Mosquitto with the password and ACL files the api writes, and built api instances run by plain node.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { freePort, root, sleep } from './harness.mjs';

/**
 * A fresh database on the system PostgreSQL 15 (started if stopped), owned by a role of the bench.
 * `prefix` names it (`<prefix>_<time>`), so a leftover tells which bench made it.
 */
export function systemDatabase(prefix = 'sbo_several') {
  try {
    execFileSync('pg_ctlcluster', ['15', 'main', 'status'], { stdio: 'ignore' });
  } catch {
    execFileSync('pg_ctlcluster', ['15', 'main', 'start'], { stdio: 'ignore' });
  }
  const psql = (sql) =>
    execFileSync('su', ['postgres', '-c', `psql -v ON_ERROR_STOP=1 -qc "${sql}"`], { stdio: 'pipe' });
  try {
    psql("create role sbo_bench login password 'sbo_bench'");
  } catch {
    // there from an earlier run
  }
  const name = `${prefix}_${Date.now()}`;
  psql(`create database ${name} owner sbo_bench`);
  return `postgres://sbo_bench:sbo_bench@127.0.0.1:5432/${name}`;
}

export function dropDatabase(name) {
  execFileSync('su', ['postgres', '-c', `psql -qc "drop database if exists ${name} with (force)"`], { stdio: 'pipe' });
}

/** The system PostgreSQL's postmaster (its pid file), for its processes' CPU. */
export function systemPostmasterPid() {
  return Number(readFileSync('/var/lib/postgresql/15/main/postmaster.pid', 'utf8').split('\n')[0]);
}

/**
 * The system PostgreSQL's processes: `backends`, those connected to `database` but the bench's own
 * (application_name starting with `sbo-bench`: its sampler's queries); `background`, the postmaster
 * and the cluster's background processes (WAL writer, checkpointer, autovacuum...), which work for
 * every database of the cluster.
 */
export async function postgresPids(query, database) {
  const rows = await query(
    `select pid, backend_type = 'client backend' as client, datname = $1 as ours,
            coalesce(application_name, '') like 'sbo-bench%' as bench
       from pg_stat_activity where pid <> pg_backend_pid()`,
    [database],
  );
  return {
    backends: rows.filter((r) => r.client && r.ours && !r.bench).map((r) => Number(r.pid)),
    background: [systemPostmasterPid(), ...rows.filter((r) => !r.client).map((r) => Number(r.pid))],
  };
}

/** CPU time (ms) used so far by each of `pids` (user and system, from /proc); those gone are left out. */
export function cpuOf(pids) {
  const times = new Map();
  for (const pid of pids) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      times.set(pid, ((Number(fields[11]) + Number(fields[12])) * 1000) / 100);
    } catch {
      // gone meanwhile
    }
  }
  return times;
}

/** CPU (ms) used between two cpuOf readings: a process new since `from` counts from its start. */
export function cpuBetween(from, to) {
  let total = 0;
  for (const [pid, ms] of to) total += ms - (from.get(pid) ?? 0);
  return total;
}

/** The soft and hard limits on open files of this process (the processes it starts inherit them). */
export function openFilesLimit() {
  const line = readFileSync('/proc/self/limits', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('Max open files'));
  const [soft, hard] = line
    .replace('Max open files', '')
    .trim()
    .split(/\s+/)
    .map((v) => (v === 'unlimited' ? Infinity : Number(v)));
  return { soft, hard };
}

/**
 * Mosquitto (/usr/sbin/mosquitto) in the foreground, with empty password and ACL files that the api
 * fills (MQTT_PASSWORD_FILE, MQTT_ACL_FILE; it sends SIGHUP through MQTT_BROKER_PID_FILE), shared
 * subscriptions (Mosquitto's default), persistence in `dir`. `port` reuses an address (a broker started
 * again on the same files). Its clients are limited by its open files (one each): the limit it
 * inherits (openFilesLimit). `stop()` ends it (SIGTERM) and waits.
 */
export async function startBroker(dir, children, { port } = {}) {
  port ??= await freePort();
  const brokerFiles = {
    passwordFile: path.join(dir, 'mosquitto-passwd'),
    aclFile: path.join(dir, 'mosquitto-acl'),
    pidFile: path.join(dir, 'mosquitto.pid'),
  };
  if (!existsSync(brokerFiles.passwordFile)) await writeFile(brokerFiles.passwordFile, '');
  if (!existsSync(brokerFiles.aclFile)) await writeFile(brokerFiles.aclFile, '');
  const config = [
    `listener ${port} 127.0.0.1`,
    'allow_anonymous false',
    `password_file ${brokerFiles.passwordFile}`,
    `acl_file ${brokerFiles.aclFile}`,
    `pid_file ${brokerFiles.pidFile}`,
    'persistence true',
    `persistence_location ${dir}/`,
    'max_queued_messages 100000',
    'max_packet_size 65536',
    'user root',
    'log_dest none',
  ];
  await writeFile(path.join(dir, 'mosquitto.conf'), `${config.join('\n')}\n`);
  const child = spawn('/usr/sbin/mosquitto', ['-c', path.join(dir, 'mosquitto.conf')], { stdio: 'ignore' });
  children.push(child);
  await until(async () => existsSync(brokerFiles.pidFile) && (await canConnect(port)), 10_000, 'mosquitto');
  return {
    url: `mqtt://127.0.0.1:${port}`,
    port,
    pid: child.pid,
    ...brokerFiles,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/**
 * One api instance: the built server (apps/api/dist/server.mjs) run by plain node, as `npm run serve`
 * runs it. Its stderr goes to `say`; `onLine` sees each JSON log line of its stdout (ignored without);
 * `nodeArgs` go to node before the server.
 */
export function instance(name, server, env, children, say, { onLine, nodeArgs = [] } = {}) {
  const self = {
    child: null,
    readyAt: null,
    start() {
      self.readyAt = null;
      self.child = spawn(process.execPath, ['--enable-source-maps', ...nodeArgs, server], {
        cwd: root,
        env,
        stdio: ['ignore', onLine ? 'pipe' : 'ignore', 'pipe'],
      });
      children.push(self.child);
      createInterface({ input: self.child.stderr }).on('line', (line) => say(`  api ${name}: ${line.slice(0, 300)}`));
      if (onLine) {
        createInterface({ input: self.child.stdout }).on('line', (line) => {
          if (!line.startsWith('{')) return;
          try {
            onLine(JSON.parse(line));
          } catch {
            // a line cut short at exit
          }
        });
      }
    },
    async ready() {
      await until(
        async () => {
          if (self.child.exitCode !== null) throw new Error(`instance ${name} exited with ${self.child.exitCode}`);
          return fetch(`http://127.0.0.1:${env.PORT}/api/ready`).then(
            (r) => r.ok,
            () => false,
          );
        },
        180_000,
        `instance ${name}`,
      );
      self.readyAt = Date.now();
    },
    async stop(signal) {
      const from = Date.now();
      if (self.child.exitCode !== null || self.child.signalCode !== null) return { ms: 0, code: self.child.exitCode };
      const exited = new Promise((resolve) => self.child.once('exit', (code, sig) => resolve(code ?? sig)));
      self.child.kill(signal);
      const code = await exited;
      return { ms: Date.now() - from, code };
    },
  };
  return self;
}

export async function until(test, timeoutMs, what) {
  const deadline = Date.now() + timeoutMs;
  while (!(await test())) {
    if (Date.now() > deadline) throw new Error(`${what}: not ready within ${timeoutMs / 1000} s`);
    await sleep(50);
  }
}

export function canConnect(port) {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
