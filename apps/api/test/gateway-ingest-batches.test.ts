import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceTopics, type StateReport } from '@sbo/contracts/mqtt';
import { createDatabase } from '../src/db/client';
import { createCommandBus } from '../src/machines/command-bus';
import { fallbackMaxSaleAmount, maxSaleAmountByMachineType } from '../src/machines/sale-limits';
import { createIngestor } from '../src/modules/gateway/ingest';
import { createBoundDevice, eventually } from './helpers/devices';
import { createMerchant } from './helpers/fixtures';
import { createTestApp, type TestContext } from './helpers/test-app';
import { idleStateReport } from '@sbo/contracts/mqtt';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

const report = (seq: number): StateReport =>
  idleStateReport({ bootId: 'batch-test-boot', seq, kind: 'washer', model: 'AB3', firmware: '3.2.0' });

describe('state reports while PostgreSQL is behind', () => {
  it('writes one batch at a time and sends what arrived meanwhile as one batch of the newest reports', async () => {
    const merchant = await createMerchant(ctx.db);
    const [a, b, c] = await Promise.all([1, 2, 3].map(() => createBoundDevice(ctx.db, { merchantId: merchant.id })));
    // The real database behind a gate: every write waits until the test opens it, as when PostgreSQL is slow.
    let open: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (open = resolve));
    let running = 0;
    let mostAtOnce = 0;
    const batches: string[][] = [];
    const slowPool = {
      // Drizzle runs the gateway's prepared statements as query(config, values): values[0] is the batch (JSON).
      query: async (text: pg.QueryConfig, values: unknown[]) => {
        batches.push((JSON.parse(values[0] as string) as { hwid: string }[]).map((row) => row.hwid));
        running += 1;
        mostAtOnce = Math.max(mostAtOnce, running);
        try {
          await gate;
          return await ctx.pool.query(text, values);
        } finally {
          running -= 1;
        }
      },
    } as unknown as pg.Pool;
    const ingestor = createIngestor({
      db: ctx.db,
      telemetryDb: createDatabase(slowPool),
      commands: createCommandBus({ publish: async () => undefined, defaultTimeoutMs: 1_000 }),
      saleLimits: { byMachineType: maxSaleAmountByMachineType(), otherwise: fallbackMaxSaleAmount },
      log: { warn: () => undefined, error: () => undefined },
      batchMs: 1,
    });
    const send = (hwid: string, seq: number) =>
      ingestor.handle(deviceTopics(hwid).state, Buffer.from(JSON.stringify(report(seq))));
    const tick = () => new Promise((resolve) => setTimeout(resolve, 20));

    await send(a!.hwid, 1);
    await tick();
    // The batch is being written: these wait, coalesced to the newest report per device.
    for (let seq = 2; seq <= 10; seq += 1) await send(a!.hwid, seq);
    await send(b!.hwid, 1);
    await send(b!.hwid, 2);
    await send(c!.hwid, 1);
    await tick();
    expect(batches).toEqual([[a!.hwid]]);
    expect(running).toBe(1);

    open();
    await ingestor.stop();
    expect(mostAtOnce).toBe(1);
    expect(batches).toHaveLength(2);
    expect([...batches[1]!].sort()).toEqual([a!.hwid, b!.hwid, c!.hwid].sort());
    const stored = await ctx.pool.query<{ hwid: string; seq: number }>(
      'select hwid, seq from device_state where hwid = any($1::text[]) order by hwid',
      [[a!.hwid, b!.hwid, c!.hwid]],
    );
    expect(Object.fromEntries(stored.rows.map((row) => [row.hwid, row.seq]))).toEqual({
      [a!.hwid]: 10,
      [b!.hwid]: 2,
      [c!.hwid]: 1,
    });
    expect(ingestor.counters.states).toBe(13);
  });

  it('keeps a report handed back by its batch from bringing back online a machine that left meanwhile', async () => {
    const merchant = await createMerchant(ctx.db);
    const device = await createBoundDevice(ctx.db, { merchantId: merchant.id });
    const hwid = device.hwid;
    await ctx.pool.query(
      `insert into device_state (hwid, online, online_changed_at, conn_id, last_seen_at) values ($1, true, now(), 'conn-1', now())
       on conflict (hwid) do update set online = true, conn_id = 'conn-1'`,
      [hwid],
    );
    // State batches wait here once the test closes the gate (the offline status's own flush among them).
    let gate: Promise<void> | null = null;
    let open: () => void = () => undefined;
    const gatedPool = {
      query: async (config: pg.QueryConfig, values: unknown[]) => {
        if (config.name === 'gateway-upsert-states' && gate) await gate;
        return ctx.pool.query(config, values);
      },
    } as unknown as pg.Pool;
    const ingestor = createIngestor({
      db: ctx.db,
      telemetryDb: createDatabase(gatedPool),
      commands: createCommandBus({ publish: async () => undefined, defaultTimeoutMs: 1_000 }),
      saleLimits: { byMachineType: maxSaleAmountByMachineType(), otherwise: fallbackMaxSaleAmount },
      log: { warn: () => undefined, error: () => undefined },
      batchMs: 1,
    });
    // Another statement holds the machine's row (another instance's batch): the report is handed back.
    const holder = await ctx.pool.connect();
    try {
      await holder.query('begin');
      await holder.query('select 1 from device_state where hwid = $1 for update', [hwid]);
      await ingestor.handle(deviceTopics(hwid).state, Buffer.from(JSON.stringify(report(1))));
      // The report handed back.
      await eventually(async () => ingestor.counters.skippedRows >= 1);
      gate = new Promise<void>((resolve) => (open = resolve));
      // The machine leaves; its offline status waits for the row behind the holder.
      await ingestor.handle(
        deviceTopics(hwid).status,
        Buffer.from(
          JSON.stringify({ v: 1, status: 'offline', bootId: 'batch-test-boot', connId: 'conn-1', reason: 'lastWill' }),
        ),
      );
      open();
      // The offline status waiting for the row.
      await eventually(
        async () =>
          (
            await ctx.pool.query(
              `select 1 from pg_stat_activity where wait_event_type = 'Lock' and query ilike '%set online = false%'`,
            )
          ).rowCount! > 0,
      );
      await holder.query('commit');
    } finally {
      holder.release();
    }
    // The status is stored first; the report handed back is written after it.
    await eventually(async () => {
      const row = await ctx.pool.query<{ seq: number | null }>('select seq from device_state where hwid = $1', [hwid]);
      return row.rows[0]?.seq === 1;
    });
    await ingestor.stop();
    const stored = await ctx.pool.query<{ online: boolean; seq: number }>(
      'select online, seq from device_state where hwid = $1',
      [hwid],
    );
    expect(stored.rows[0]).toEqual({ online: false, seq: 1 });
  });

  it("keeps one machine's unstorable report from failing the batch of the others", async () => {
    const merchant = await createMerchant(ctx.db);
    const [good, hostile] = await Promise.all([1, 2].map(() => createBoundDevice(ctx.db, { merchantId: merchant.id })));
    const ingestor = createIngestor({
      db: ctx.db,
      commands: createCommandBus({ publish: async () => undefined, defaultTimeoutMs: 1_000 }),
      saleLimits: { byMachineType: maxSaleAmountByMachineType(), otherwise: fallbackMaxSaleAmount },
      log: { warn: () => undefined, error: () => undefined },
      batchMs: 1,
    });
    // U+0000 in a setting's text: valid JSON, refused by PostgreSQL's jsonb (and with it the whole batch).
    await ingestor.handle(
      deviceTopics(hostile!.hwid).state,
      Buffer.from(JSON.stringify({ ...report(1), config: { label: 'front\u0000' } })),
    );
    await ingestor.handle(deviceTopics(good!.hwid).state, Buffer.from(JSON.stringify(report(1))));
    await ingestor.stop();
    expect(ingestor.counters.invalid).toBe(1);
    const stored = await ctx.pool.query<{ hwid: string }>(
      'select hwid from device_state where hwid = any($1::text[])',
      [[good!.hwid, hostile!.hwid]],
    );
    expect(stored.rows.map((row) => row.hwid)).toEqual([good!.hwid]);
  });
});
