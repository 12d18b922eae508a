import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, bearer, createUser, memberOf, merchantToken } from './helpers/fixtures';
import { createBoundDevice, enableWhitelist } from './helpers/devices';
import { createTestApp, type TestContext } from './helpers/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, jwt: string, payload?: object) =>
  ctx.app.inject({ method, url: `/api/v1${url}`, headers: bearer(jwt), ...(payload ? { payload } : {}) });
const answer = (r: { statusCode: number; json(): unknown }) => ({ status: r.statusCode, body: r.json() });

/** An owner with two machines, and a store manager whitelisted to the first only. */
async function shop() {
  const owner = await memberOf(ctx, 'merchant');
  const merchantId = owner.merchant.id;
  const [mine, other] = [
    await createBoundDevice(ctx.db, { merchantId }),
    await createBoundDevice(ctx.db, { merchantId }),
  ];
  const user = await createUser(ctx.db);
  const member = await addMember(ctx.db, { merchantId, userId: user.id, role: 'storeManager' });
  await enableWhitelist(ctx.db, { merchantId, memberId: member.id, deviceIds: [mine.device.id] }, ctx.app);
  return { owner, mine: mine.device, other: other.device, manager: await merchantToken(ctx, user.id, merchantId) };
}

describe('cash-box trips under a device whitelist', () => {
  it('hide a trip over a machine outside the whitelist: no count, settlement or drop, as for a missing trip', async () => {
    const { owner, mine, other, manager } = await shop();
    const trip = (await call('POST', '/cashbox/trip', owner.jwt, { deviceIds: [mine.id, other.id] })).json().result;
    expect(
      (await call('PUT', `/cashbox/trip/${trip.id}/device/${other.id}`, owner.jwt, { collectedAmount: 5 })).statusCode,
    ).toBe(200);
    const missing = 2147483000;
    const actions = (id: number) => [
      call('GET', `/cashbox/trip/${id}`, manager),
      call('PUT', `/cashbox/trip/${id}/device/${mine.id}`, manager, { collectedAmount: 100 }),
      call('POST', `/cashbox/trip/${id}/settle`, manager),
      call('DELETE', `/cashbox/trip/${id}`, manager),
    ];
    const refused = await Promise.all(actions(trip.id).map(async (r) => answer(await r)));
    const unknown = await Promise.all(actions(missing).map(async (r) => answer(await r)));
    expect(refused).toEqual(unknown);
    expect(refused[2]).toEqual({ status: 478, body: { code: 10005, message: 'Data not found.' } });
    expect((await call('GET', '/cashbox/trip/list', manager)).json().result.total).toBe(0);
    // The owner's trip is untouched: still open, nothing counted on the manager's machine.
    const seen = (await call('GET', `/cashbox/trip/${trip.id}`, owner.jwt)).json().result;
    expect(seen).toMatchObject({ status: 'open', collectedCount: 1 });
  });

  it('lets the store manager count and settle a trip over their own machine', async () => {
    const { mine, manager } = await shop();
    const trip = (await call('POST', '/cashbox/trip', manager, { deviceIds: [mine.id] })).json().result;
    expect(
      (await call('PUT', `/cashbox/trip/${trip.id}/device/${mine.id}`, manager, { collectedAmount: 100 })).statusCode,
    ).toBe(200);
    const settled = await call('POST', `/cashbox/trip/${trip.id}/settle`, manager);
    expect(settled.json().result).toMatchObject({ status: 'settled', collectedTotal: 100 });
  });
});
