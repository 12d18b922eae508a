import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, memberOf } from './helpers/fixtures';
import { createBoundDevice, createPlace, eventually } from './helpers/devices';
import { createTestApp, fastDeviceEnv, type TestContext } from './helpers/test-app';
import { TestDevice } from './helpers/test-device';

let ctx: TestContext;
const devices: TestDevice[] = [];
beforeAll(async () => {
  ctx = await createTestApp({ ...fastDeviceEnv }, undefined, { gateway: true });
});
afterAll(async () => {
  await Promise.all(devices.map((device) => device.close().catch(() => undefined)));
  await ctx.close();
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, jwt: string, payload?: object) =>
  ctx.app.inject({ method, url: `/api/v1${url}`, headers: bearer(jwt), ...(payload ? { payload } : {}) });

/** A shop with two connected washers whose cash boxes hold 12,000 and 3,000. */
async function shop() {
  const owner = await memberOf(ctx, 'merchant');
  const merchantId = owner.merchant.id;
  const place = await createPlace(ctx.db, merchantId, 'Riverside');
  const machines: (Awaited<ReturnType<typeof createBoundDevice>> & { client: TestDevice })[] = [];
  for (const [name, cash] of [
    ['Washer 1', 12_000],
    ['Washer 2', 3_000],
  ] as const) {
    const bound = await createBoundDevice(ctx.db, { merchantId, placeId: place.id, name });
    const device = await TestDevice.connect(ctx.gateway!.brokerUrl, {
      hwid: bound.hwid,
      secret: bound.secret,
      kind: 'washer',
      model: 'AB3',
    });
    devices.push(device);
    await device.state({ cashBoxAmount: cash });
    machines.push({ ...bound, client: device });
  }
  await eventually(async () => {
    const result = await ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from device_state where hwid in (${machines[0]!.hwid}, ${machines[1]!.hwid}) and online and report is not null`,
    );
    return result.rows[0]!.n === 2;
  });
  return { owner, place, machines };
}

describe('cash-box trips', () => {
  it('runs a trip from start to settlement: expected, collected, difference, and each box starting over', async () => {
    const { owner, place, machines } = await shop();
    const started = await call('POST', '/cashbox/trip', owner.jwt, { placeIds: [place.id], note: 'Monday round' });
    expect(started.statusCode).toBe(200);
    const trip = started.json().result;
    expect(trip).toMatchObject({ status: 'open', deviceCount: 2, collectedCount: 0, note: 'Monday round' });
    expect(
      trip.items.map((item: { deviceName: string; expectedAmount: number }) => [item.deviceName, item.expectedAmount]),
    ).toEqual([
      ['Washer 1', 12_000],
      ['Washer 2', 3_000],
    ]);

    // More cash arrived before the collector opened the box: expected follows the machine.
    await machines[0]!.client.state({ cashBoxAmount: 12_500 });
    await eventually(async () => {
      const detail = (await call('GET', `/cashbox/trip/${trip.id}`, owner.jwt)).json().result;
      return detail.items[0].currentAmount === 12_500;
    });
    const collected = (
      await call('PUT', `/cashbox/trip/${trip.id}/device/${machines[0]!.device.id}`, owner.jwt, {
        collectedAmount: 12_000,
      })
    ).json().result;
    expect(collected.items[0]).toMatchObject({ expectedAmount: 12_500, collectedAmount: 12_000, difference: -500 });
    expect(collected).toMatchObject({
      collectedCount: 1,
      expectedTotal: 12_500,
      collectedTotal: 12_000,
      difference: -500,
    });

    machines[0]!.client.answer = () => ({ ok: true });
    const settled = (await call('POST', `/cashbox/trip/${trip.id}/settle`, owner.jwt)).json().result;
    expect(settled.status).toBe('settled');
    expect(settled.items[0].resetResult).toBe('ok');
    expect(settled.items[1].resetResult).toBeNull();
    expect((await machines[0]!.client.nextCommand('collectCashBox')).params).toEqual({ expectedAmount: 12_500 });

    const logged = await ctx.db.execute<{ log_type: string; result: string }>(
      sql`select log_type, result from device_logs where device_id = ${machines[0]!.device.id} and log_type = 'settlement'`,
    );
    expect(logged.rows).toEqual([{ log_type: 'settlement', result: 'ok' }]);
    expect(
      (
        await call('PUT', `/cashbox/trip/${trip.id}/device/${machines[1]!.device.id}`, owner.jwt, {
          collectedAmount: 1,
        })
      ).statusCode,
    ).toBe(478);
    const list = (await call('GET', '/cashbox/trip/list', owner.jwt)).json().result;
    expect(list.items[0]).toMatchObject({ id: trip.id, status: 'settled', difference: -500 });
  });

  it("refuses another merchant's machines (1104008) and settling with nothing collected", async () => {
    const { owner, machines } = await shop();
    const stranger = await memberOf(ctx, 'merchant');
    const refused = await call('POST', '/cashbox/trip', stranger.jwt, { deviceIds: [machines[0]!.device.id] });
    expect(refused.json().code).toBe(1104008);
    expect((await call('POST', '/cashbox/trip', owner.jwt, {})).statusCode).toBe(400);
    const trip = (await call('POST', '/cashbox/trip', owner.jwt, { deviceIds: [machines[1]!.device.id] })).json()
      .result;
    expect((await call('POST', `/cashbox/trip/${trip.id}/settle`, owner.jwt)).json().code).toBe(1110002);
    expect((await call('GET', `/cashbox/trip/${trip.id}`, stranger.jwt)).json().code).toBe(10005);
    expect((await call('DELETE', `/cashbox/trip/${trip.id}`, owner.jwt)).json().result).toEqual({ deleted: true });
  });

  it('lets store managers run trips and keeps shareholders out', async () => {
    const store = await memberOf(ctx, 'storeManager');
    expect((await call('GET', '/cashbox/trip/list', store.jwt)).statusCode).toBe(200);
    const shareholder = await memberOf(ctx, 'shareholder');
    expect((await call('GET', '/cashbox/trip/list', shareholder.jwt)).json().code).toBe(1104016);
  });
});
