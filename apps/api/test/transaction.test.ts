import type { PassThrough } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, bearer, createUser, memberOf, merchantToken } from './helpers/fixtures';
import { createBoundDevice, createPlace, enableWhitelist, eventually } from './helpers/devices';
import { insertSale } from './helpers/sales';
import { createTestApp, fastDeviceEnv, type TestContext } from './helpers/test-app';
import { TestDevice } from './helpers/test-device';
import { createBackgroundLane } from '../src/lib/foreground';
import { exportBatchSize, exportTransactions } from '../src/modules/transaction/export';
import { createTransactionService } from '../src/modules/transaction/service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ ...fastDeviceEnv }, undefined, { gateway: true });
});
afterAll(async () => ctx.close());

const get = (url: string, jwt: string) => ctx.app.inject({ method: 'GET', url, headers: bearer(jwt) });
// 2026-11-22 10:00 in Taipei: the test clock's "today".
const at = (isoLocal: string) => new Date(`${isoLocal}+08:00`);

async function shop() {
  const owner = await memberOf(ctx, 'merchant');
  const merchantId = owner.merchant.id;
  const place = await createPlace(ctx.db, merchantId, 'Riverside');
  const otherPlace = await createPlace(ctx.db, merchantId, 'Hillside');
  const washer = await createBoundDevice(ctx.db, { merchantId, placeId: place.id, name: 'Washer 1' });
  const dryer = await createBoundDevice(ctx.db, { merchantId, placeId: otherPlace.id, name: 'Dryer 1', kind: 'dryer' });
  return { owner, merchantId, place, otherPlace, washer, dryer };
}

describe('sales from machines', () => {
  it('records a sale replayed three times over MQTT exactly once, with its settlement and order info', async () => {
    const { merchantId, washer, place } = await shop();
    const device = await TestDevice.connect(ctx.gateway!.brokerUrl, {
      hwid: washer.hwid,
      secret: washer.secret,
      kind: 'washer',
      model: 'AB3',
    });
    const sale = {
      kind: 'sale' as const,
      amount: 8000,
      encore: 1000,
      payGateway: 'LinePay' as const,
      course: 'bedding',
      dryTemp: 2 as const,
    };
    const eventId = await device.event(sale);
    await device.event(sale, eventId);
    await device.event(sale, eventId);
    const rows = await eventually(async () => {
      const result = await ctx.db.execute<{ total: number; status: number; fee: number; collected: number }>(
        sql`select total::int, status::int, fee::int, collected::int, place_id, order_info from transactions where merchant_id = ${merchantId}`,
      );
      return result.rows.length > 0 && result.rows;
    });
    // Each replay above was acknowledged only once stored (the embedded broker's PUBACK follows the
    // write), so they have all been handled by now; they must not have added rows.
    const again = await ctx.db.execute(
      sql`select count(*)::int as n from transactions where merchant_id = ${merchantId}`,
    );
    expect(again.rows[0]).toEqual({ n: 1 });
    // No confirmed payment order matches this LinePay sale (none exist yet): it is stored unverified.
    expect(rows[0]).toMatchObject({ total: 8000, status: 97, collected: 7000, fee: 210, place_id: place.id });
    expect(rows[0]).toMatchObject({ order_info: expect.objectContaining({ course: 'bedding', dryTemp: 2 }) });
    await device.close();
  });

  it('keeps cash offline, card terminals self-settled, and test sales out of the records', async () => {
    const { merchantId, washer } = await shop();
    const device = await TestDevice.connect(ctx.gateway!.brokerUrl, {
      hwid: washer.hwid,
      secret: washer.secret,
      kind: 'washer',
      model: 'AB3',
    });
    await device.event({ kind: 'sale', amount: 3000, payGateway: 'offline' });
    await device.event({ kind: 'sale', amount: 3000, payGateway: 'EDC' });
    await device.event({ kind: 'sale', amount: 3000, payGateway: 'LinePay', test: true });
    const statuses = await eventually(async () => {
      const result = await ctx.db.execute<{ status: number; fee: number }>(
        sql`select status::int, fee::int from transactions where merchant_id = ${merchantId} order by status`,
      );
      return result.rows.length === 2 && result.rows;
    });
    expect(statuses).toEqual([
      { status: 0, fee: 0 },
      { status: 5, fee: 0 },
    ]);
    await device.close();
  });
});

describe('GET /transaction/list', () => {
  it('pages the records newest first with totals of the whole filtered set', async () => {
    const { owner, merchantId, washer, dryer, place } = await shop();
    for (let hour = 0; hour < 5; hour += 1) {
      await insertSale(ctx.db, {
        merchantId,
        deviceId: washer.device.id,
        placeId: place.id,
        createdAt: at(`2026-11-21T0${hour}:00:00`),
        total: 1000,
      });
    }
    await insertSale(ctx.db, {
      merchantId,
      deviceId: dryer.device.id,
      payGateway: 'offline',
      createdAt: at('2026-11-22T09:00:00'),
      total: 500,
    });
    // Outside the range: the day before.
    await insertSale(ctx.db, {
      merchantId,
      deviceId: washer.device.id,
      createdAt: at('2026-11-19T23:59:59'),
      total: 99999,
    });

    const first = await get(
      '/api/v1/transaction/list?from=2026-11-20&to=2026-11-22&pageSize=2&tz=Asia/Taipei',
      owner.jwt,
    );
    expect(first.statusCode).toBe(200);
    const page = first.json().result;
    expect(page.total).toBe(6);
    expect(page.totals).toMatchObject({ count: 6, total: 5500, refund: 0, revenue: 5500 });
    expect(page.items.map((item: { total: number }) => item.total)).toEqual([500, 1000]);
    expect(page.items[0]).toMatchObject({ device: { name: 'Dryer 1' }, payGateway: 'offline', status: 0 });
    expect(page.items[0].transactionId).toMatch(/^T20261122\d{8}$/);

    const third = (
      await get('/api/v1/transaction/list?from=2026-11-20&to=2026-11-22&pageSize=2&page=3', owner.jwt)
    ).json().result;
    expect(third.items).toHaveLength(2);

    const byTotal = (
      await get('/api/v1/transaction/list?from=2026-11-20&to=2026-11-22&sort=total&order=asc', owner.jwt)
    ).json().result;
    expect(byTotal.items[0].total).toBe(500);
  });

  it('says what the sales count leaves out (unverified sales, card top-ups): count plus those is the rows listed', async () => {
    const { owner, merchantId, washer, place } = await shop();
    const sale = (total: number, extra: { status?: number; purpose?: 'topUp' } = {}) =>
      insertSale(ctx.db, {
        merchantId,
        deviceId: washer.device.id,
        placeId: place.id,
        createdAt: at('2026-11-21T09:00:00'),
        total,
        ...extra,
      });
    await sale(1000);
    await sale(2000);
    const refunded = await sale(3000);
    await ctx.db.execute(sql`update transactions set refund = 3000, status = 98 where id = ${refunded.id}`);
    await sale(4000, { status: 97 });
    await sale(5000, { status: 97 });
    await sale(50000, { purpose: 'topUp' });
    const expected = { unverified: 2, topUps: 1 };
    // From the daily rollup (the merchant's zone) and from the sales (another zone) alike.
    for (const tz of ['Asia/Taipei', 'Asia/Shanghai']) {
      const page = (
        await get(`/api/v1/transaction/list?from=2026-11-21&to=2026-11-21&placeId=${place.id}&tz=${tz}`, owner.jwt)
      ).json().result;
      expect(page.items).toHaveLength(6);
      // The refunded sale is counted, its refund subtracted from revenue.
      expect(page.totals).toMatchObject({ count: 3, total: 6000, refund: 3000, revenue: 3000 });
      expect(page.notCounted).toEqual(expected);
      expect(page.total).toBe(page.totals.count + page.notCounted.unverified + page.notCounted.topUps);
    }
    const onlyUnverified = (
      await get(`/api/v1/transaction/list?from=2026-11-21&to=2026-11-21&placeId=${place.id}&status=97`, owner.jwt)
    ).json().result;
    expect(onlyUnverified).toMatchObject({ total: 2, totals: { count: 0 }, notCounted: { unverified: 2, topUps: 0 } });
  });

  it('combines place, device, gateway and status filters, and totals follow them', async () => {
    const { owner, merchantId, washer, dryer, place, otherPlace } = await shop();
    await insertSale(ctx.db, {
      merchantId,
      deviceId: washer.device.id,
      placeId: place.id,
      createdAt: at('2026-11-22T08:00:00'),
      total: 100,
    });
    await insertSale(ctx.db, {
      merchantId,
      deviceId: washer.device.id,
      placeId: place.id,
      payGateway: 'offline',
      createdAt: at('2026-11-22T08:10:00'),
      total: 200,
    });
    await insertSale(ctx.db, {
      merchantId,
      deviceId: dryer.device.id,
      placeId: otherPlace.id,
      createdAt: at('2026-11-22T08:20:00'),
      total: 400,
    });
    const list = async (query: string) =>
      (await get(`/api/v1/transaction/list?from=2026-11-22&to=2026-11-22&${query}`, owner.jwt)).json().result;
    expect((await list(`placeId=${place.id}`)).totals.total).toBe(300);
    expect((await list(`placeId=${place.id}&payGateway=offline`)).totals.total).toBe(200);
    expect((await list(`deviceId=${dryer.device.id}`)).totals.total).toBe(400);
    expect((await list('status=1')).totals).toMatchObject({ count: 2, total: 500 });
    expect((await list(`placeId=${otherPlace.id}&status=0`)).total).toBe(0);
    // Another zone reads the same sales from the transactions themselves.
    expect((await list(`placeId=${place.id}&tz=Asia/Bangkok`)).totals.total).toBe(300);
  });

  it('refuses more than three months (1103001) and a range that ends before it starts (1106001)', async () => {
    const { owner } = await shop();
    const tooLong = await get('/api/v1/transaction/list?from=2026-07-01&to=2026-10-02', owner.jwt);
    expect(tooLong.statusCode).toBe(478);
    expect(tooLong.json().code).toBe(1103001);
    const backwards = await get('/api/v1/transaction/list?from=2026-11-10&to=2026-11-01', owner.jwt);
    expect(backwards.json().code).toBe(1106001);
    const impossible = await get('/api/v1/transaction/list?from=2026-02-30&to=2026-03-01', owner.jwt);
    expect(impossible.json().code).toBe(1106001);
    expect((await get('/api/v1/transaction/list?status=7', owner.jwt)).statusCode).toBe(400);
  });

  it("never shows another merchant's sales, and a whitelist narrows them to the member's machines", async () => {
    const { merchantId, washer, dryer } = await shop();
    const stranger = await memberOf(ctx, 'merchant');
    await insertSale(ctx.db, {
      merchantId,
      deviceId: washer.device.id,
      createdAt: at('2026-11-22T08:00:00'),
      total: 100,
    });
    await insertSale(ctx.db, {
      merchantId,
      deviceId: dryer.device.id,
      createdAt: at('2026-11-22T08:00:00'),
      total: 300,
    });
    const theirs = (await get('/api/v1/transaction/list?from=2026-11-22&to=2026-11-22', stranger.jwt)).json().result;
    expect(theirs.total).toBe(0);

    const user = await createUser(ctx.db);
    const member = await addMember(ctx.db, { merchantId, userId: user.id, role: 'manager' });
    await enableWhitelist(ctx.db, { merchantId, memberId: member.id, deviceIds: [washer.device.id] }, ctx.app);
    const jwt = await merchantToken(ctx, user.id, merchantId);
    const narrowed = (await get('/api/v1/transaction/list?from=2026-11-22&to=2026-11-22', jwt)).json().result;
    expect(narrowed.totals).toMatchObject({ count: 1, total: 100 });
    const stats = (await get('/api/v1/revenue/statistics?from=2026-11-22&to=2026-11-22&groupBy=device', jwt)).json()
      .result;
    expect(stats.totals.total).toBe(100);
  });

  it('needs the transaction permission: a storeManager and a manager without the group are refused', async () => {
    const store = await memberOf(ctx, 'storeManager');
    expect((await get('/api/v1/transaction/list', store.jwt)).json().code).toBe(1104016);
    const manager = await memberOf(ctx, 'manager', ['remoteControl']);
    expect((await get('/api/v1/revenue/statistics', manager.jwt)).json().code).toBe(1104016);
    const shareholder = await memberOf(ctx, 'shareholder');
    expect((await get('/api/v1/transaction/list', shareholder.jwt)).statusCode).toBe(200);
  });
});

describe('GET /transaction/:id', () => {
  it('shows one sale with its order info, and nothing of another merchant', async () => {
    const { owner, merchantId, washer } = await shop();
    const sale = await insertSale(ctx.db, {
      merchantId,
      deviceId: washer.device.id,
      createdAt: at('2026-11-22T08:00:00'),
    });
    const detail = (await get(`/api/v1/transaction/${sale.id}`, owner.jwt)).json().result;
    expect(detail).toMatchObject({ id: sale.id, total: 6000, fee: 180, orderInfo: { course: 'standard', dryTemp: 2 } });
    const stranger = await memberOf(ctx, 'merchant');
    const hidden = await get(`/api/v1/transaction/${sale.id}`, stranger.jwt);
    expect(hidden.json().code).toBe(10005);
  });
});

describe('GET /transaction/export', () => {
  it('exports the filtered set as CSV and as XLSX', async () => {
    const { owner, merchantId, washer, place } = await shop();
    await insertSale(ctx.db, {
      merchantId,
      deviceId: washer.device.id,
      placeId: place.id,
      createdAt: at('2026-11-22T08:00:00'),
      total: 1234,
    });
    await insertSale(ctx.db, {
      merchantId,
      deviceId: washer.device.id,
      payGateway: 'offline',
      createdAt: at('2026-11-22T09:00:00'),
      total: 700,
    });
    const csv = await get('/api/v1/transaction/export?from=2026-11-22&to=2026-11-22&payGateway=LinePay', owner.jwt);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain('transactionId');
    expect(lines[1]).toContain('2026-11-22 08:00:00');
    expect(lines[1]).toContain('Riverside');
    expect(lines[1]).toContain('12.34');

    const xlsx = await get('/api/v1/transaction/export?from=2026-11-22&to=2026-11-22&format=xlsx', owner.jwt);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-disposition']).toContain('.xlsx');
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('reads the next batch only once the reader has taken the last, so a slow link holds about a batch', async () => {
    const { merchantId, washer, place } = await shop();
    // Sales enough for a file many times what the stream holds (a line is ~90 bytes), in whole
    // batches, on the test's today; the rollup triggers are not needed here.
    const batches = Math.max(3, Math.ceil(6_000 / exportBatchSize));
    const sales = batches * exportBatchSize;
    await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`insert into transactions (merchant_id, device_id, place_id, pay_gateway, status, currency,
                                                     total, collected, created_at)
        select ${merchantId}, ${washer.device.id}, ${place.id}, 'offline', 0, 'TWD', 100, 100,
               ${at('2026-11-22T00:00:00').toISOString()}::timestamptz + g * interval '1 second'
          from generate_series(1, ${sales}) g`);
    });
    const transactions = createTransactionService({ db: ctx.db, clock: ctx.clock, gateways: null as never });
    // The export's own reads, counted: its database with `execute` watched.
    let reads = 0;
    const db = new Proxy(ctx.db, {
      get: (target, key) =>
        key === 'execute'
          ? (...args: Parameters<typeof target.execute>) => ((reads += 1), target.execute(...args))
          : (Reflect.get(target, key) as unknown),
    });
    const file = await exportTransactions(
      { db, transactions, lane: createBackgroundLane({ inFlight: () => 0, idle: async () => undefined }) },
      { merchantId, memberId: null },
      { from: '2026-11-22', to: '2026-11-22', format: 'csv' },
      null,
    );
    const stream = file.stream as PassThrough;
    // What the stream holds before it tells the writer to wait (both its sides), and a batch's
    // lines at a generous 200 bytes each.
    const streamHolds = stream.readableHighWaterMark + stream.writableHighWaterMark;
    const batchBytes = exportBatchSize * 200;
    // Writing stops once the stream is full, however many batches that took: no read is asked
    // for in the next turns of the event loop, nor answered by the next round trip to the database...
    await eventually(async () => stream.writableNeedDrain);
    const readsWhenFull = reads;
    for (let turn = 0; turn < 5; turn += 1) await new Promise((resolve) => setImmediate(resolve));
    await ctx.db.execute(sql`select 1`);
    expect(reads).toBe(readsWhenFull);
    // ...well before the file's end: without the wait for the reader, every batch would be read in
    // a few turns of the event loop, and held in memory.
    expect(reads).toBeLessThan(batches);
    expect(stream.readableLength).toBeLessThan(streamHolds + 2 * batchBytes);
    let text = '';
    for await (const chunk of stream) text += String(chunk);
    expect(text.trim().split('\r\n')).toHaveLength(sales + 1);
    // Every full batch, then the empty read that ends the file.
    expect(reads).toBe(batches + 1);
  });
});

describe('GET /revenue/statistics', () => {
  it('groups by day (quiet days as zero), place, gateway, week and month, from the rollup or the raw sales', async () => {
    const { owner, merchantId, washer, dryer, place, otherPlace } = await shop();
    await insertSale(ctx.db, {
      merchantId,
      deviceId: washer.device.id,
      placeId: place.id,
      createdAt: at('2026-11-20T23:30:00'),
      total: 1000,
    });
    await insertSale(ctx.db, {
      merchantId,
      deviceId: washer.device.id,
      placeId: place.id,
      createdAt: at('2026-11-22T08:00:00'),
      total: 2000,
    });
    await insertSale(ctx.db, {
      merchantId,
      deviceId: dryer.device.id,
      placeId: otherPlace.id,
      payGateway: 'offline',
      createdAt: at('2026-11-22T09:00:00'),
      total: 500,
    });
    const stats = async (query: string) =>
      (await get(`/api/v1/revenue/statistics?from=2026-11-20&to=2026-11-22&${query}`, owner.jwt)).json().result;

    const byDay = await stats('groupBy=day');
    expect(byDay.rows.map((row: { key: string; total: number }) => [row.key, row.total])).toEqual([
      ['2026-11-20', 1000],
      ['2026-11-21', 0],
      ['2026-11-22', 2500],
    ]);
    expect(byDay.totals).toMatchObject({ count: 3, total: 3500, revenue: 3500 });
    expect(byDay.currency).toBe('TWD');

    const byPlace = await stats('groupBy=place');
    expect(byPlace.rows.map((row: { label: string; total: number }) => [row.label, row.total])).toEqual([
      ['Riverside', 3000],
      ['Hillside', 500],
    ]);
    const byGateway = await stats('groupBy=payGateway');
    expect(byGateway.rows.map((row: { key: string }) => row.key)).toEqual(['LinePay', 'offline']);
    expect((await stats('groupBy=week')).rows.map((row: { key: string }) => row.key)).toEqual(['2026-11-16']);
    expect((await stats('groupBy=month')).rows).toEqual([expect.objectContaining({ key: '2026-11', count: 3 })]);

    // In UTC the 23:30 Taipei sale falls on the 20th at 15:30, the others on the 22nd: same buckets, from raw sales.
    const utc = await stats('groupBy=day&tz=UTC');
    expect(utc.totals.total).toBe(3500);
    expect(await stats(`groupBy=device&deviceId=${dryer.device.id}`)).toMatchObject({
      rows: [expect.objectContaining({ label: 'Dryer 1', total: 500 })],
    });
  });

  it('keeps the rollup equal to the sales through refunds', async () => {
    const { owner, merchantId, washer } = await shop();
    const sale = await insertSale(ctx.db, {
      merchantId,
      deviceId: washer.device.id,
      createdAt: at('2026-11-22T08:00:00'),
      total: 3000,
    });
    await ctx.db.execute(sql`update transactions set refund = 3000, status = 98 where id = ${sale.id}`);
    const fromRollup = (await get('/api/v1/revenue/statistics?from=2026-11-22&to=2026-11-22', owner.jwt)).json().result;
    const fromSales = (
      await get('/api/v1/revenue/statistics?from=2026-11-22&to=2026-11-22&tz=Asia/Shanghai', owner.jwt)
    ).json().result;
    expect(fromRollup.totals).toEqual({ count: 1, total: 3000, refund: 3000, revenue: 0 });
    expect(fromSales.totals).toEqual(fromRollup.totals);
    // The five rollups (per machine, per machine without the gateway by day and by month, per place, per
    // merchant) hold the same sums.
    const sums = await ctx.db.execute(sql`
      select (select row(sum(count), sum(total), sum(refund))::text from revenue_daily where merchant_id = ${merchantId}) as machine,
             (select row(sum(count), sum(total), sum(refund))::text from revenue_daily_place where merchant_id = ${merchantId}) as place,
             (select row(sum(count), sum(total), sum(refund))::text from revenue_daily_merchant where merchant_id = ${merchantId}) as merchant,
             (select row(sum(count), sum(total), sum(refund))::text from revenue_daily_device where merchant_id = ${merchantId}) as device,
             (select row(sum(count), sum(total), sum(refund), sum(day_rows))::text from revenue_monthly_device
               where merchant_id = ${merchantId} and month = '2026-11-01') as monthly`);
    expect(sums.rows[0]).toEqual({
      machine: '(1,3000,3000)',
      place: '(1,3000,3000)',
      merchant: '(1,3000,3000)',
      device: '(1,3000,3000)',
      monthly: '(1,3000,3000,1)',
    });
    // An unverified sale leaves every rollup; the daily row stays (at zero), and the month still counts it.
    await ctx.db.execute(sql`update transactions set status = 97 where id = ${sale.id}`);
    const left = await ctx.db.execute(
      sql`select (select sum(count)::int from revenue_daily_merchant where merchant_id = ${merchantId}) as merchant,
                 (select sum(count)::int from revenue_daily_device where merchant_id = ${merchantId}) as device,
                 (select row(sum(count), sum(day_rows))::text from revenue_monthly_device where merchant_id = ${merchantId}) as monthly`,
    );
    expect(left.rows[0]).toEqual({ merchant: 0, device: 0, monthly: '(0,1)' });
  });
});

describe('GET /dashboard/overview', () => {
  it('shows sales today, yesterday and by month, machines per type, and the latest sales', async () => {
    const { owner, merchantId, washer, dryer } = await shop();
    const sale = (deviceId: number, isoLocal: string, total: number) =>
      insertSale(ctx.db, { merchantId, deviceId, createdAt: at(isoLocal), total });
    // The test clock reads 10:00 on 2026-11-22 in Taipei.
    await sale(washer.device.id, '2026-11-22T08:00:00', 1000);
    await sale(washer.device.id, '2026-11-21T08:00:00', 700);
    await sale(washer.device.id, '2026-11-21T20:00:00', 400);
    await sale(dryer.device.id, '2026-11-02T08:00:00', 300);
    await sale(dryer.device.id, '2026-10-31T08:00:00', 5000);
    await sale(dryer.device.id, '2026-10-22T11:00:00', 100);
    await sale(dryer.device.id, '2026-10-22T09:00:00', 200);
    await sale(dryer.device.id, '2026-10-05T09:00:00', 50);
    const overview = (await get('/api/v1/dashboard/overview', owner.jwt)).json().result;
    expect(overview.today).toBe('2026-11-22');
    expect(overview.sales).toEqual({
      today: { count: 1, total: 1000, revenue: 1000 },
      yesterday: { count: 2, total: 1100, revenue: 1100 },
      thisMonth: { count: 4, total: 2400, revenue: 2400 },
      lastMonth: { count: 4, total: 5350, revenue: 5350 },
      // Up to 10:00: yesterday's 08:00 sale, not its 20:00 one; October 1-21 and the 22nd's 09:00 sale.
      yesterdaySoFar: { count: 1, total: 700, revenue: 700 },
      lastMonthSoFar: { count: 2, total: 250, revenue: 250 },
    });
    expect(overview.machines).toMatchObject({ total: 2, online: 0, offline: 2, inUse: 0 });
    expect(overview.machines.byType.map((row: { machineType: number }) => row.machineType)).toEqual([1, 2]);
    expect(overview.recentTransactions.map((row: { total: number }) => row.total)).toEqual([1000, 400, 700, 300, 5000]);
  });

  it('compares the 31st with all of a 30-day month before it', async () => {
    const started = ctx.clock.now();
    ctx.clock.set(at('2026-12-31T10:00:00'));
    try {
      const { owner, merchantId, washer } = await shop();
      await insertSale(ctx.db, {
        merchantId,
        deviceId: washer.device.id,
        createdAt: at('2026-11-30T22:00:00'),
        total: 900,
      });
      await insertSale(ctx.db, {
        merchantId,
        deviceId: washer.device.id,
        createdAt: at('2026-11-03T09:00:00'),
        total: 100,
      });
      const overview = (await get('/api/v1/dashboard/overview', owner.jwt)).json().result;
      expect(overview.sales.lastMonth).toEqual({ count: 2, total: 1000, revenue: 1000 });
      expect(overview.sales.lastMonthSoFar).toEqual(overview.sales.lastMonth);
    } finally {
      ctx.clock.set(started);
    }
  });

  it('leaves the money out for a member without the transaction permission', async () => {
    const manager = await memberOf(ctx, 'manager', ['remoteControl']);
    const overview = (await get('/api/v1/dashboard/overview', manager.jwt)).json().result;
    expect(overview.sales).toBeNull();
    expect(overview.recentTransactions).toBeNull();
    expect(overview.machines.total).toBe(0);
  });
});
