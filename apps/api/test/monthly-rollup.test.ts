import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StatisticsQuery } from '@sbo/contracts';
import { memberOf } from './helpers/fixtures';
import { createBoundDevice, createPlace } from './helpers/devices';
import { insertSale } from './helpers/sales';
import { createTestApp, type TestContext } from './helpers/test-app';
import { monthlyReading, revenueBuckets } from '../src/modules/transaction/statistics-repository';

describe('a range of days read by months', () => {
  it('takes whole months as they are, and the fewer of the days in or out at each end', () => {
    expect(monthlyReading('2026-09-01', '2026-10-31')).toEqual({
      months: ['2026-09-01', '2026-10-01'],
      add: [],
      subtract: [],
    });
    // Sep 1..Nov 29: November less its 30th.
    expect(monthlyReading('2026-09-01', '2026-11-29')).toEqual({
      months: ['2026-09-01', '2026-10-01', '2026-11-01'],
      add: [],
      subtract: [['2026-11-30', '2026-11-30']],
    });
    // Aug 20..Nov 10: August's last 12 days added, November's first 10 added.
    expect(monthlyReading('2026-08-20', '2026-11-10')).toEqual({
      months: ['2026-09-01', '2026-10-01'],
      add: [
        ['2026-08-20', '2026-08-31'],
        ['2026-11-01', '2026-11-10'],
      ],
      subtract: [],
    });
    // Within one month: most of it is the month less both ends; a few days are those days.
    expect(monthlyReading('2026-10-03', '2026-10-29')).toEqual({
      months: ['2026-10-01'],
      add: [],
      subtract: [
        ['2026-10-01', '2026-10-02'],
        ['2026-10-30', '2026-10-31'],
      ],
    });
    expect(monthlyReading('2026-10-10', '2026-10-12')).toEqual({
      months: [],
      add: [['2026-10-10', '2026-10-12']],
      subtract: [],
    });
    // Across a year's end, and February of a leap year (29 days: 15 in, 14 out).
    expect(monthlyReading('2026-12-31', '2027-01-01')).toEqual({
      months: [],
      add: [
        ['2026-12-31', '2026-12-31'],
        ['2027-01-01', '2027-01-01'],
      ],
      subtract: [],
    });
    expect(monthlyReading('2028-02-15', '2028-02-29')).toEqual({
      months: ['2028-02-01'],
      add: [],
      subtract: [['2028-02-01', '2028-02-14']],
    });
  });
});

describe('statistics by machine, place or type from the monthly rollup', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => ctx.close());

  it('answer what the daily rollup answers, for any range, grouping and whitelist', async () => {
    const owner = await memberOf(ctx, 'merchant');
    const merchantId = owner.merchant.id;
    const places = [
      await createPlace(ctx.db, merchantId, 'Riverside'),
      await createPlace(ctx.db, merchantId, 'Hillside'),
    ];
    const devices = [];
    for (let i = 0; i < 5; i += 1) {
      devices.push(
        await createBoundDevice(ctx.db, {
          merchantId,
          placeId: places[i % 2]!.id,
          name: `Machine ${i}`,
          kind: i % 2 === 0 ? 'washer' : 'dryer',
        }),
      );
    }
    // A seeded walk: sales on 150 days before the test's today (2026-11-22 in Taipei), some refunded,
    // some later found unverified (their daily rows stay, at zero).
    let seed = 7;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
    const today = Date.parse('2026-11-22T02:00:00Z');
    const sales: number[] = [];
    for (let i = 0; i < 160; i += 1) {
      const device = pick(devices);
      const sale = await insertSale(ctx.db, {
        merchantId,
        deviceId: device.device.id,
        placeId: device.device.placeId,
        machineType: device.device.machineType,
        payGateway: 'offline',
        createdAt: new Date(today - Math.floor(random() * 150 * 86_400_000)),
        total: 100 + Math.floor(random() * 50) * 10,
      });
      sales.push(sale.id);
    }
    for (const id of sales.filter((_, i) => i % 9 === 0))
      await ctx.db.execute(sql`update transactions set refund = total, status = 98 where id = ${id}`);
    for (const id of sales.filter((_, i) => i % 13 === 5))
      await ctx.db.execute(sql`update transactions set status = 97 where id = ${id}`);

    const day = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 10);
    const whitelists = [null, [devices[0]!.device.id, devices[3]!.device.id]];
    let compared = 0;
    for (let round = 0; round < 40; round += 1) {
      const end = today - Math.floor(random() * 160) * 86_400_000;
      const first = end - Math.floor(random() * 100) * 86_400_000;
      const range = {
        firstDay: day(first),
        lastDay: day(end),
        from: new Date(0),
        until: new Date(0),
        timeZone: 'Asia/Taipei',
      };
      const groupBy = pick(['device', 'place', 'machineType'] as const);
      const query = {
        groupBy,
        ...(round % 4 === 1 ? { placeId: places[0]!.id } : {}),
        ...(round % 4 === 2 ? { deviceId: devices[round % 5]!.device.id } : {}),
      } as StatisticsQuery;
      for (const deviceIds of whitelists) {
        const scope = { merchantId, deviceIds };
        const sorted = (rows: { key: string }[]) => [...rows].sort((a, b) => a.key.localeCompare(b.key));
        const monthly = await revenueBuckets(ctx.db, scope, query, true, range);
        const daily = await revenueBuckets(ctx.db, scope, query, true, range, { monthly: false });
        expect(sorted(monthly), `${JSON.stringify(query)} ${range.firstDay}..${range.lastDay}`).toEqual(sorted(daily));
        compared += monthly.length;
      }
    }
    // The ranges were not all empty.
    expect(compared).toBeGreaterThan(40);

    // A machine that sold in October only before the range: October is read as its month less its first
    // two days, which leaves the machine at zero, and it is not listed (as from the daily rows).
    const sparse = await createBoundDevice(ctx.db, { merchantId, placeId: places[0]!.id, name: 'Sparse' });
    await insertSale(ctx.db, {
      merchantId,
      deviceId: sparse.device.id,
      placeId: places[0]!.id,
      payGateway: 'offline',
      createdAt: new Date('2026-10-01T10:00:00+08:00'),
      total: 500,
    });
    const october = {
      firstDay: '2026-10-03',
      lastDay: '2026-10-31',
      from: new Date(0),
      until: new Date(0),
      timeZone: 'Asia/Taipei',
    };
    expect(monthlyReading(october.firstDay, october.lastDay).subtract).toEqual([['2026-10-01', '2026-10-02']]);
    const scope = { merchantId, deviceIds: null };
    const listed = await revenueBuckets(ctx.db, scope, { groupBy: 'device' } as StatisticsQuery, true, october);
    expect(listed.map((row) => row.key)).not.toContain(String(sparse.device.id));
    const daily = await revenueBuckets(ctx.db, scope, { groupBy: 'device' } as StatisticsQuery, true, october, {
      monthly: false,
    });
    expect([...listed].sort((a, b) => a.key.localeCompare(b.key))).toEqual(
      [...daily].sort((a, b) => a.key.localeCompare(b.key)),
    );
  });
});
