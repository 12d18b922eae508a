import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlace } from './helpers/devices';
import { bearer, memberOf, merchantToken, createUser } from './helpers/fixtures';
import { createTestApp, type TestContext } from './helpers/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const call = (jwt: string, method: 'GET' | 'PUT', url: string, payload?: object) =>
  ctx.app.inject({ method, url: `/api/v1${url}`, headers: bearer(jwt), payload });

async function ownerWithPlace() {
  const owner = await memberOf(ctx, 'merchant');
  const place = await createPlace(ctx.db, owner.merchant.id, 'Main Street');
  const root = await createUser(ctx.db, { isRoot: true });
  const rootJwt = await merchantToken(ctx, root.id, owner.merchant.id);
  return { ...owner, place, rootJwt };
}

describe('GET /payment/options', () => {
  it('lists every place with no gateway chosen, and mobile payment off', async () => {
    const { jwt, place } = await ownerWithPlace();
    expect((await call(jwt, 'GET', '/payment/options')).json().result).toEqual({
      mobilePaymentEnabled: false,
      places: [{ placeId: place.id, title: 'Main Street', gateways: [] }],
    });
  });

  it('is refused to a shareholder', async () => {
    const shareholder = await memberOf(ctx, 'shareholder');
    expect((await call(shareholder.jwt, 'GET', '/payment/options')).json().code).toBe(1104016);
  });
});

describe('PUT /payment/options/:placeId', () => {
  it('accepts coins and cash cards without mobile payment, refuses mobile gateways with 1104018', async () => {
    const { jwt, place } = await ownerWithPlace();
    const offline = await call(jwt, 'PUT', `/payment/options/${place.id}`, { gateways: ['cash-card', 'offline'] });
    expect(offline.json().result.gateways).toEqual(['offline', 'cash-card']);
    const mobile = await call(jwt, 'PUT', `/payment/options/${place.id}`, { gateways: ['offline', 'LinePay'] });
    expect(mobile.json().code).toBe(1104018);
  });

  it('accepts mobile gateways once a service agent enables mobile payment', async () => {
    const { jwt, place, rootJwt } = await ownerWithPlace();
    expect((await call(jwt, 'PUT', '/admin/merchant/mobile-payment', { enabled: true })).json().code).toBe(1104016);
    const enabled = await call(rootJwt, 'PUT', '/admin/merchant/mobile-payment', { enabled: true });
    expect(enabled.json().result).toEqual({ mobilePaymentEnabled: true });
    const saved = await call(jwt, 'PUT', `/payment/options/${place.id}`, { gateways: ['LinePay', 'TWQR'] });
    expect(saved.json().result).toEqual({ placeId: place.id, title: 'Main Street', gateways: ['LinePay', 'TWQR'] });
    expect((await call(jwt, 'GET', '/payment/options')).json().result.places[0].gateways).toEqual(['LinePay', 'TWQR']);
  });

  it("answers 1105001 for another merchant's place, 400 for an unknown gateway, 1104016 for a manager", async () => {
    const mine = await ownerWithPlace();
    const theirs = await ownerWithPlace();
    expect((await call(mine.jwt, 'PUT', `/payment/options/${theirs.place.id}`, { gateways: [] })).json().code).toBe(
      1105001,
    );
    expect(
      (await call(mine.jwt, 'PUT', `/payment/options/${mine.place.id}`, { gateways: ['Bitcoin'] })).statusCode,
    ).toBe(400);
    const manager = await memberOf(ctx, 'manager');
    expect((await call(manager.jwt, 'PUT', `/payment/options/${mine.place.id}`, { gateways: [] })).json().code).toBe(
      1104016,
    );
  });
});
