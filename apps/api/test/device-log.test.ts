import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceLogs } from '../src/db/schema';
import { bearer, memberOf } from './helpers/fixtures';
import { createCloudDevice, enableWhitelist } from './helpers/devices';
import { createTestApp, type TestContext } from './helpers/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

async function setup() {
  const owner = await memberOf(ctx, 'merchant');
  const merchantId = owner.merchant.id;
  const washer = await createCloudDevice(ctx.db, { merchantId, name: 'Washer 1' });
  const changer = await createCloudDevice(ctx.db, {
    merchantId,
    name: 'Coin changer',
    kind: 'coinChanger',
    model: 'MC1',
  });
  const row = (
    deviceId: number,
    at: string,
    logType: 'connection' | 'coinDispensed' | 'remoteControl',
    extra = {},
  ) => ({
    merchantId,
    deviceId,
    hwid: null,
    logType,
    contentKey: `deviceLog.${logType}`,
    content: logType,
    contentParams: {},
    createdAt: new Date(at),
    ...extra,
  });
  await ctx.db.insert(deviceLogs).values([
    // 2026-11-20 23:30 in Taipei (UTC+8) is still the 20th there, the 20th in UTC too.
    row(washer.id, '2026-11-20T15:30:00Z', 'connection'),
    // 2026-11-21 01:00 in Taipei, but 2026-11-20 17:00 UTC.
    row(washer.id, '2026-11-20T17:00:00Z', 'remoteControl', { operatorName: 'Mandy', result: 'ok' }),
    row(changer.id, '2026-11-21T03:00:00Z', 'coinDispensed', { expectedCoins: 5, actualCoins: 4 }),
    row(changer.id, '2026-08-01T03:00:00Z', 'connection'),
  ]);
  const list = (query: string) =>
    ctx.app.inject({ url: `/api/v1/device-log/list?${query}`, headers: bearer(owner.jwt) }).then((r) => r.json());
  return { owner, washer, changer, list };
}

describe('GET /device-log/list', () => {
  it('lists rows newest first with device name, operator and coins, for days in the request time zone', async () => {
    const { list } = await setup();
    const taipei = await list('from=2026-11-21&to=2026-11-21&tz=Asia/Taipei');
    expect(taipei.result.items).toEqual([
      expect.objectContaining({
        deviceName: 'Coin changer',
        logType: 'coinDispensed',
        expectedCoins: 5,
        actualCoins: 4,
      }),
      expect.objectContaining({ deviceName: 'Washer 1', logType: 'remoteControl', operator: 'Mandy', result: 'ok' }),
    ]);
    const utc = await list('from=2026-11-21&to=2026-11-21&tz=UTC');
    expect(utc.result.items.map((r: { logType: string }) => r.logType)).toEqual(['coinDispensed']);
  });

  it('filters by device and log type, and pages', async () => {
    const { list, washer } = await setup();
    const range = 'from=2026-11-01&to=2026-11-30&tz=Asia/Taipei';
    expect((await list(`${range}&deviceId=${washer.id}`)).result.total).toBe(2);
    expect((await list(`${range}&logType=connection`)).result.total).toBe(1);
    const page = (await list(`${range}&page=2&pageSize=2`)).result;
    expect(page).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(page.items).toHaveLength(1);
    expect((await list(`${range}&logType=gossip`)).code).toBe(400);
  });

  it('answers 1103001 past three months and 1106001 for an impossible range', async () => {
    const { list } = await setup();
    expect((await list('from=2026-08-01&to=2026-11-01&tz=UTC')).result.total).toBe(1);
    expect((await list('from=2026-08-01&to=2026-11-02&tz=UTC')).code).toBe(1103001);
    expect((await list('from=2026-11-22&to=2026-11-21')).code).toBe(1106001);
    expect((await list('from=2026-02-30&to=2026-03-01')).code).toBe(1106001);
  });

  it("defaults to the last seven days, and never shows another merchant's or a non-whitelisted device's rows", async () => {
    const { list, owner, changer } = await setup();
    ctx.clock.set(new Date('2026-11-22T02:00:00Z'));
    expect((await list('tz=Asia/Taipei')).result.total).toBe(3);
    const stranger = await memberOf(ctx, 'merchant');
    const theirs = await ctx.app.inject({
      url: '/api/v1/device-log/list?from=2026-11-01&to=2026-11-30',
      headers: bearer(stranger.jwt),
    });
    expect(theirs.json().result.total).toBe(0);
    const member = await ctx.db.query.merchantMembers.findFirst({ where: (m, { eq }) => eq(m.userId, owner.user.id) });
    await enableWhitelist(
      ctx.db,
      { merchantId: owner.merchant.id, memberId: member!.id, deviceIds: [changer.id] },
      ctx.app,
    );
    const narrowed = await list('from=2026-11-01&to=2026-11-30&tz=Asia/Taipei');
    expect(narrowed.result.items.map((r: { deviceName: string }) => r.deviceName)).toEqual(['Coin changer']);
  });
});
