import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { walletStatuses } from '@sbo/contracts';
import { listTarEntries, readEntryBuffer, TarWriter } from '../src/db/backup/tar-file';
import {
  embeddedDatabaseUrl,
  exited,
  spawnApi,
  spawnNode,
  waitUntilReady,
  type RunningProcess,
} from './helpers/api-process';
import { bearer, body } from './helpers/fixtures';
import { freePort } from './helpers/free-port';
import { redeemKeyring, signInThroughPages } from './helpers/sign-in-client';
import { TestDevice } from './helpers/test-device';

const started: RunningProcess[] = [];
let work = '';
/** The running demo's backup, which the external database's test restores too. */
let demoArchive = '';
const externalNames: string[] = [];

afterAll(async () => {
  for (const running of started.reverse()) {
    if (running.child.exitCode !== null || running.child.signalCode !== null) continue;
    running.child.kill('SIGTERM');
    await exited(running.child);
  }
  if (work) await rm(work, { recursive: true, force: true, maxRetries: 10 });
  for (const name of externalNames) {
    execFileSync('su', ['postgres', '-c', `psql -qc "drop database if exists ${name}"`], { stdio: 'ignore' });
  }
});

/** `npm run backup` / `npm run restore` as an operator runs them (scripts/backup.mjs), to its exit. */
async function command(args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const running = spawnNode(['scripts/backup.mjs', ...args], env);
  const { code } = await exited(running.child);
  return { code, output: running.output() };
}

const start = (running: RunningProcess) => (started.push(running), running);

async function query<T extends pg.QueryResultRow>(url: string, sql: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql, values)).rows;
  } finally {
    await client.end();
  }
}

const count = async (url: string, table: string) =>
  Number((await query<{ n: string }>(url, `select count(*) as n from ${table}`))[0]!.n);

type Sale = { id: string; merchantId: number; status: number; total: string; collected: string; fee: string };
type Entry = { id: string; cardId: number; balanceChange: string; balanceAfter: string };

/** What the comparison reads of one database, in one snapshot. */
async function businessData(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const rows = async <T extends pg.QueryResultRow>(sql: string) => (await client.query<T>(sql)).rows;
    const data = {
      merchants: await rows('select * from merchants order by id'),
      users: await rows('select id, email, is_root from users order by id'),
      accounts: await rows('select email, password_hash from sso.accounts order by email'),
      withdrawals: await rows('select * from withdrawals order by id'),
      sales: await rows<Sale>(
        `select id::text, merchant_id as "merchantId", status, total::text, collected::text, fee::text
           from transactions order by id`,
      ),
      entries: await rows<Entry>(
        `select id::text, card_id as "cardId", balance_change::text as "balanceChange", balance_after::text as "balanceAfter"
           from card_entries order by id`,
      ),
      cards: await rows<{ id: number; balance: string }>('select id, balance::text from cards order by id'),
      deviceEvents: Number((await rows<{ n: string }>('select count(*) as n from device_events'))[0]!.n),
    };
    await client.query('commit');
    return data;
  } finally {
    await client.end();
  }
}

/** The merchant's token through the real sign-in pages (the embedded OIDC provider) and merchant pick. */
async function merchantToken(base: string): Promise<{ jwt: string; merchantId: number }> {
  const signIn = await signInThroughPages(`${base}/api/v1/sso/authorize`, {
    email: 'demo@example.com',
    password: 'demo1234',
  });
  const { jwt } = (await body(redeemKeyring(base, signIn))).result;
  const merchants = (await body(fetch(`${base}/api/v1/merchant/list`, { headers: bearer(jwt) }))).result;
  const picked = await body(fetch(`${base}/api/v1/merchant/${merchants[0].id}/login`, { headers: bearer(jwt) }));
  return { jwt: picked.result.jwt, merchantId: merchants[0].id };
}

const wallet = async (base: string, jwt: string) => {
  const response = await fetch(`${base}/api/v1/wallet/summary`, { headers: bearer(jwt) });
  expect(response.status).toBe(200);
  return (await body(response)).result;
};

/** A data folder's own files (its running database's aside), with sizes and times. */
const listing = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name !== 'postgres' && !name.startsWith(`postgres${path.sep}`))
    .sort()
    .map((name) => {
      const stat = statSync(path.join(dir, name));
      return `${name} ${stat.size} ${stat.mtimeMs}`;
    });

describe('npm run backup / npm run restore on the embedded database', () => {
  it('backs up the running demo while its fleet reports, and the restore starts with the same data, sign-in and machine secrets', async () => {
    work = await mkdtemp(path.join(os.tmpdir(), 'backup-restore-test-'));
    // Run as root, the embedded PostgreSQL runs as `postgres`, who must reach the data folders inside.
    await chmod(work, 0o755);
    const source = path.join(work, 'source');
    const restored = path.join(work, 'restored');
    const archive = (demoArchive = path.join(work, 'demo.backup.tar'));
    const [port, mqttPort, restoredPort, restoredMqtt] = [
      await freePort(),
      await freePort(),
      await freePort(),
      await freePort(),
    ];
    const sourceEnv = {
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: source,
      EMBEDDED_PG_PORT: String(await freePort()),
      MQTT_PORT: String(mqttPort),
    };
    const api = start(spawnApi(sourceEnv));
    await waitUntilReady(api, port);
    const base = `http://127.0.0.1:${port}`;
    const sourceDb = embeddedDatabaseUrl(source);
    const session = await merchantToken(base);

    // The demo fleet reports live, as `npm start` runs it (no refused starts: every sale stays as it was made).
    const fleet = start(
      spawnNode(
        [
          ...['--import', 'tsx', 'apps/simulator/src/cli.ts', '--fleet', path.join(source, 'demo-fleet.json')],
          ...['--url', `mqtt://127.0.0.1:${mqttPort}`, '--stats', '0', '--time-scale', '10'],
          ...['--paid-failure-rate', '0', '--card-share', '0.5'],
        ],
        {},
      ),
    );
    const seededEvents = await count(sourceDb, 'device_events');
    await expect
      .poll(() => count(sourceDb, 'device_events'), { timeout: 180_000, interval: 500 })
      .toBeGreaterThan(seededEvents);
    const before = await businessData(sourceDb);

    // The backup runs while the api serves and the fleet reports: the api stays ready throughout.
    const backup = spawnNode(['scripts/backup.mjs', 'backup', archive], { DATA_DIR: source });
    const readiness: number[] = [];
    while (backup.child.exitCode === null) {
      readiness.push((await fetch(`${base}/api/ready`)).status);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect((await exited(backup.child)).code, backup.output()).toBe(0);
    expect(backup.output()).toMatch(
      /Backed up \d+ tables \(\d+ rows\) and 1 DATA_DIR file\(s\) of the embedded database/,
    );
    expect(readiness.every((status) => status === 200)).toBe(true);
    fleet.child.kill('SIGTERM');
    await exited(fleet.child);

    const restore = await command(['restore', archive], {
      DATA_DIR: restored,
      EMBEDDED_PG_PORT: String(await freePort()),
    });
    expect(restore.code, restore.output).toBe(0);
    expect(restore.output).toContain(`into ${restored}`);
    expect(readFileSync(path.join(restored, 'demo-fleet.json'))).toEqual(
      readFileSync(path.join(source, 'demo-fleet.json')),
    );

    const restoredApi = start(
      spawnApi({
        ...sourceEnv,
        PORT: String(restoredPort),
        PUBLIC_URL: `http://127.0.0.1:${restoredPort}`,
        DATA_DIR: restored,
        EMBEDDED_PG_PORT: String(await freePort()),
        MQTT_PORT: String(restoredMqtt),
      }),
    );
    await waitUntilReady(restoredApi, restoredPort);
    expect(restoredApi.output()).not.toContain('just created');
    const restoredBase = `http://127.0.0.1:${restoredPort}`;
    const restoredDb = embeddedDatabaseUrl(restored);

    // The source went on after the backup's moment: the restore holds all it had before the backup began,
    // nothing it never had, and exactly what it had of what does not move (merchants, people, payouts).
    const got = await businessData(restoredDb);
    const after = await businessData(sourceDb);
    for (const stable of ['merchants', 'users', 'accounts', 'withdrawals'] as const)
      expect(got[stable]).toEqual(after[stable]);
    const byId = <T extends { id: string }>(rows: T[]) => new Map(rows.map((row) => [row.id, row]));
    const [gotSales, afterSales, gotEntries, afterEntries] = [
      byId(got.sales),
      byId(after.sales),
      byId(got.entries),
      byId(after.entries),
    ];
    expect(before.sales.filter((sale) => !gotSales.has(sale.id))).toEqual([]);
    // A sale's amounts never change; its status may have moved on in the source since the backup.
    const amounts = (sale?: Sale) => sale && JSON.stringify({ ...sale, status: undefined });
    expect(got.sales.filter((sale) => amounts(sale) !== amounts(afterSales.get(sale.id)))).toEqual([]);
    expect(before.entries.filter((entry) => !gotEntries.has(entry.id))).toEqual([]);
    expect(got.entries.filter((entry) => JSON.stringify(entry) !== JSON.stringify(afterEntries.get(entry.id)))).toEqual(
      [],
    );
    expect(got.deviceEvents).toBeGreaterThan(seededEvents);
    // Card balances as of the backup: each card's balance is the sum of its restored ledger entries, as the
    // ledger's trigger keeps it (the trigger did not run again on the restored rows).
    const ledgerBalances = (data: typeof got) =>
      data.cards.map((card) => ({
        card: card.id,
        balance: card.balance,
        ledger: String(
          data.entries.filter((e) => e.cardId === card.id).reduce((sum, e) => sum + Number(e.balanceChange), 0),
        ),
      }));
    expect(ledgerBalances(got).filter((card) => card.balance !== card.ledger)).toEqual([]);
    expect(ledgerBalances(got).some((card) => Number(card.balance) > 0)).toBe(true);
    expect(got.cards.map((card) => card.id)).toEqual(after.cards.map((card) => card.id));

    // Sessions and signing keys came along: the token signed in on the source works on the restore, whose
    // wallet is the source's sales as of the backup, and the demo user signs in again through the pages.
    const sales = got.sales.filter((sale) => sale.merchantId === session.merchantId);
    const sum = (status: number, amount: (sale: Sale) => number) =>
      sales.filter((sale) => sale.status === status).reduce((total, sale) => total + amount(sale), 0);
    const restoredWallet = await wallet(restoredBase, session.jwt);
    expect(restoredWallet).toMatchObject({
      settlementAmount: sum(walletStatuses.withdrawable, (sale) => Number(sale.collected)),
      totalFee: sum(walletStatuses.withdrawable, (sale) => Number(sale.fee)),
      inSettlement: sum(walletStatuses.settling, (sale) => Number(sale.collected) - Number(sale.fee)),
    });
    expect(restoredWallet.settlementAmount + restoredWallet.inSettlement).toBeGreaterThan(0);
    const signedInAgain = await merchantToken(restoredBase);
    expect((await wallet(restoredBase, signedInAgain.jwt)).settlementAmount).toBe(restoredWallet.settlementAmount);

    // A machine of the restored fleet connects with its secret; a wrong secret is still refused.
    const [machine] = JSON.parse(readFileSync(path.join(restored, 'demo-fleet.json'), 'utf8'));
    const url = `mqtt://127.0.0.1:${restoredMqtt}`;
    const device = await TestDevice.connect(url, { hwid: machine.hwid, secret: machine.secret, kind: machine.kind });
    expect(device.client.connected).toBe(true);
    device.client.end(true);
    await expect(
      TestDevice.connect(url, { hwid: machine.hwid, secret: 'not-the-secret-of-this-machine' }),
    ).rejects.toThrow();

    // Bad input is refused with a reason, and changes nothing.
    const untouched = { files: listing(restored), data: await businessData(restoredDb) };
    const fresh = path.join(work, 'never-made');
    const refusals: Array<[string, string[], Record<string, string>, RegExp]> = [
      ['a non-empty DATA_DIR', ['restore', archive], { DATA_DIR: restored }, /DATA_DIR .* is not empty/],
      [
        'a missing file',
        ['restore', path.join(work, 'missing.tar')],
        { DATA_DIR: fresh },
        /missing\.tar does not exist/,
      ],
      ['an existing backup file', ['backup', archive], { DATA_DIR: source }, /exists already/],
    ];
    for (const [damage, file, pattern] of await damagedArchives(archive, work)) {
      refusals.push([damage, ['restore', file], { DATA_DIR: fresh }, pattern]);
    }
    const answers = await Promise.all(refusals.map(([, args, env]) => command(args, env)));
    for (const [index, [what, , , pattern]] of refusals.entries()) {
      expect(answers[index]!.code, what).toBe(1);
      expect(answers[index]!.output, what).toMatch(pattern);
    }
    expect({ files: listing(restored), data: await businessData(restoredDb) }).toEqual(untouched);
    expect(existsSync(fresh)).toBe(false);
    expect(readdirSync(work).filter((name) => name.includes('.restoring-') || name.includes('.partial-'))).toEqual([]);
    expect((await fetch(`${restoredBase}/api/ready`)).status).toBe(200);

    for (const running of [restoredApi, api]) {
      running.child.kill('SIGTERM');
      expect((await exited(running.child)).code).toBe(0);
    }
  }, 900_000);
});

/** The system PostgreSQL 15 (installed, stopped) stands in for an external server: empty databases on it. */
function externalDatabases(names: string[]): string[] {
  try {
    execFileSync('pg_ctlcluster', ['15', 'main', 'status'], { stdio: 'ignore' });
  } catch {
    execFileSync('pg_ctlcluster', ['15', 'main', 'start'], { stdio: 'ignore' });
  }
  const psql = (sql: string) => execFileSync('su', ['postgres', '-c', `psql -v ON_ERROR_STOP=1 -qc "${sql}"`]);
  const role = execFileSync('su', [
    'postgres',
    '-c',
    `psql -tAc "select 1 from pg_roles where rolname = 'backoffice'"`,
  ]);
  if (!role.toString().trim()) psql("create role backoffice login password 'backoffice'");
  return names.map((name) => {
    psql(`create database ${name} owner backoffice`);
    externalNames.push(name);
    return `postgres://backoffice:backoffice@127.0.0.1:5432/${name}`;
  });
}

/** Every table's rows (as text, sorted) and every sequence's position, digested: two equal databases agree. */
async function contentDigest(url: string): Promise<Record<string, string>> {
  const tables = await query<{ name: string }>(
    url,
    `select quote_ident(schemaname) || '.' || quote_ident(tablename) as name from pg_tables
      where schemaname in ('public', 'sso') order by 1`,
  );
  const digest: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = await query<{ md5: string; n: string }>(
      url,
      `select md5(coalesce(string_agg(t::text, E'\\n' order by t::text), '')) as md5, count(*) as n from ${name} t`,
    );
    digest[name] = `${row!.n} rows, ${row!.md5}`;
  }
  for (const row of await query<{ name: string; last: string | null }>(
    url,
    `select schemaname || '.' || sequencename as name, last_value::text as last from pg_sequences
      where schemaname in ('public', 'sso')`,
  )) {
    digest[row.name] = String(row.last);
  }
  return digest;
}

describe.runIf(existsSync('/usr/bin/pg_ctlcluster'))(
  'npm run backup / npm run restore on an external PostgreSQL',
  () => {
    it('restores into an empty database, backs that up, restores it into another: the same rows; a used database is refused', async () => {
      expect(existsSync(demoArchive), 'the embedded test made the demo backup').toBe(true);
      const stamp = Date.now();
      const [first, second] = externalDatabases([`backup_a_${stamp}`, `backup_b_${stamp}`]);
      const [firstDir, secondDir] = [path.join(work, 'external-a'), path.join(work, 'external-b')];
      const archive = path.join(work, 'external.backup.tar');
      // The embedded server's backup (PostgreSQL 17) restores into PostgreSQL 15: COPY's text crosses versions.
      const intoFirst = await command(['restore', demoArchive], { DATABASE_URL: first!, DATA_DIR: firstDir });
      expect(intoFirst.code, intoFirst.output).toBe(0);
      expect(intoFirst.output).toContain(`into 127.0.0.1:5432/backup_a_${stamp}`);
      expect(intoFirst.output).not.toContain('backoffice:backoffice');
      const backup = await command(['backup', archive], { DATABASE_URL: first!, DATA_DIR: firstDir });
      expect(backup.code, backup.output).toBe(0);
      expect(backup.output).toContain('of the external database');
      const intoSecond = await command(['restore', archive], { DATABASE_URL: second!, DATA_DIR: secondDir });
      expect(intoSecond.code, intoSecond.output).toBe(0);

      const original = await contentDigest(first!);
      expect(Object.keys(original).length).toBeGreaterThan(40);
      expect(await contentDigest(second!)).toEqual(original);
      expect(readFileSync(path.join(secondDir, 'demo-fleet.json'))).toEqual(
        readFileSync(path.join(firstDir, 'demo-fleet.json')),
      );

      const again = await command(['restore', archive], { DATABASE_URL: first!, DATA_DIR: firstDir });
      expect(again.code).toBe(1);
      expect(again.output).toMatch(/The database 127\.0\.0\.1:5432\/backup_a_\d+ is not empty/);
      expect(await contentDigest(first!)).toEqual(original);
    }, 900_000);
  },
);

/** Copies of the backup damaged in each way a restore must notice, with what it must say. */
async function damagedArchives(archive: string, dir: string): Promise<Array<[string, string, RegExp]>> {
  const bytes = readFileSync(archive);
  const entries = await listTarEntries(archive);
  const firstData = entries.find((entry) => entry.name.startsWith('tables/') && entry.size > 0)!;
  const flipped = Buffer.from(bytes);
  flipped[firstData.offset + Math.floor(firstData.size / 2)]! ^= 0xff;
  const write = (name: string, content: Buffer) => {
    writeFileSync(path.join(dir, name), content);
    return path.join(dir, name);
  };
  // A backup whose database had a migration this version does not know, its manifest's digest made to match.
  const manifest = JSON.parse(
    (
      await readEntryBuffer(
        archive,
        entries.find((e) => e.name === 'manifest.json')!,
      )
    ).toString(),
  );
  manifest.migrations.push({ createdAt: 4_102_444_800_000, hash: 'f'.repeat(64) });
  const manifestText = Buffer.from(JSON.stringify(manifest));
  const newer = path.join(dir, 'newer.tar');
  const writer = await TarWriter.create(newer);
  for (const entry of entries) {
    const content =
      entry.name === 'manifest.json'
        ? manifestText
        : entry.name === 'manifest.sha256'
          ? Buffer.from(createHash('sha256').update(manifestText).digest('hex'))
          : await readEntryBuffer(archive, entry);
    await writer.addBuffer(entry.name, content);
  }
  await writer.finish();
  return [
    ['a damaged table', write('flipped.tar', flipped), /does not match its checksum/],
    ['a truncated file', write('truncated.tar', bytes.subarray(0, Math.floor(bytes.length / 2))), /truncated/],
    [
      'a file that is not a backup',
      write('not-a-backup.tar', Buffer.from('hello, world\n'.repeat(100))),
      /not a usable backup/,
    ],
    ['a backup of a newer version', newer, /newer version of the product/],
  ];
}
