import { sql } from 'drizzle-orm';
import { errorCatalogue, ErrorCode } from '@sbo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productTemplates } from '../src/db/schema';
import { AppError, isAppErrorCode } from '../src/lib/app-error';
import { hashKeyring } from '../src/modules/sign-in/browser-binding';
import type { OidcClient } from '../src/modules/sign-in/oidc-client';
import { createSsoService } from '../src/modules/sign-in/service';
import { createBoundDevice, createCloudDevice, registerHardware, uniqueHwid } from './helpers/devices';
import { bearer, createUser, memberOf, merchantToken } from './helpers/fixtures';
import { createTestApp, type TestContext } from './helpers/test-app';

/**
 * Each business refusal with a meaning of its own answers 478 with its own catalogue code, and
 * the envelope's message is that code's catalogue text.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

async function signedIn(role: 'merchant' | 'root' = 'merchant') {
  const member = await memberOf(ctx, role);
  const call = (method: Method, url: string, payload?: object) =>
    ctx.app.inject({ method, url: `/api/v1${url}`, headers: bearer(member.jwt), ...(payload ? { payload } : {}) });
  return { ...member, call };
}

function expectRefusal(response: { statusCode: number; json(): unknown }, code: number) {
  expect(response.statusCode).toBe(478);
  const text = errorCatalogue.find((entry) => entry.code === code)?.en;
  expect(response.json()).toEqual({ code, message: text });
}

describe('AppError', () => {
  it('cannot carry 400: field failures are answered 400 with details instead', () => {
    // @ts-expect-error 400 is not a business refusal
    expect(() => new AppError(400)).not.toThrow();
    expect(isAppErrorCode(ErrorCode.INVALID_REQUEST)).toBe(false);
    expect(isAppErrorCode(ErrorCode.CASHBOX_TRIP_SETTLED)).toBe(true);
    expect(isAppErrorCode(123456789)).toBe(false);
  });
});

describe('cash-box trips', () => {
  it('refuses settling a trip with nothing collected (1110002), then anything on a settled trip (1110001)', async () => {
    const owner = await signedIn();
    const { device } = await createBoundDevice(ctx.db, { merchantId: owner.merchant.id });
    const trip = (await owner.call('POST', '/cashbox/trip', { deviceIds: [device.id] })).json().result;
    expectRefusal(await owner.call('POST', `/cashbox/trip/${trip.id}/settle`), 1110002);
    await ctx.db.execute(sql`update cashbox_trips set status = 'settled', settled_at = now() where id = ${trip.id}`);
    expectRefusal(
      await owner.call('PUT', `/cashbox/trip/${trip.id}/device/${device.id}`, { collectedAmount: 100 }),
      1110001,
    );
    expectRefusal(await owner.call('POST', `/cashbox/trip/${trip.id}/settle`), 1110001);
  });
});

describe('members', () => {
  it('says a member id that does not exist is missing (1104020), apart from not being a member (1104001)', async () => {
    const owner = await signedIn();
    expectRefusal(await owner.call('GET', '/member/987654'), 1104020);
    expectRefusal(await owner.call('PUT', '/member/987654', { role: 'manager' }), 1104020);
    const outsider = await createUser(ctx.db);
    const login = await ctx.tokens.issueLogin(outsider.id);
    const refused = await ctx.app.inject({
      url: `/api/v1/merchant/${owner.merchant.id}/login`,
      headers: bearer(login.jwt),
    });
    expectRefusal(refused, 1104001);
  });

  it('keeps the last active owner (1104021)', async () => {
    const owner = await signedIn();
    const ownerRow = (await owner.call('GET', '/member/list')).json().result[0];
    const root = await createUser(ctx.db, { isRoot: true });
    const rootJwt = await merchantToken(ctx, root.id, owner.merchant.id);
    const demoted = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/member/${ownerRow.id}`,
      headers: bearer(rootJwt),
      payload: { role: 'manager' },
    });
    expectRefusal(demoted, 1104021);
  });
});

describe('hardware', () => {
  it('refuses a malformed hardware id (1102010)', async () => {
    const owner = await signedIn();
    const login = await ctx.tokens.issueLogin(owner.user.id);
    const response = await ctx.app.inject({ url: '/api/v1/device/hardware/bad%20id', headers: bearer(login.jwt) });
    expectRefusal(response, 1102010);
  });

  it('refuses a controller that cannot drive the machine, at binding and at creation (1102011)', async () => {
    const owner = await signedIn();
    const { hwid } = await registerHardware(ctx.db, { model: 'AB3', merchantId: owner.merchant.id });
    const vending = await createCloudDevice(ctx.db, { merchantId: owner.merchant.id, kind: 'vending', model: 'VM1' });
    expectRefusal(await owner.call('POST', `/device-cloud/${vending.id}/binding`, { hwid }), 1102011);
    const root = await signedIn('root');
    const input = { name: 'Dryer 4', serialNum: 'SN-D4', machineType: 2, model: 'VM1' };
    expectRefusal(await root.call('POST', '/admin/device-cloud', input), 1102011);
  });

  it('refuses registering a hardware id twice (1102012)', async () => {
    const root = await signedIn('root');
    const hwid = uniqueHwid('TWICE');
    expect((await root.call('POST', '/admin/hardware', { hwid, model: 'AB3' })).statusCode).toBe(200);
    expectRefusal(await root.call('POST', '/admin/hardware', { hwid, model: 'AB3' }), 1102012);
  });
});

describe('machines', () => {
  it('refuses an action the machine does not support (1102013)', async () => {
    const owner = await signedIn();
    const { device } = await createBoundDevice(ctx.db, { merchantId: owner.merchant.id, kind: 'dryer', model: 'AY' });
    expectRefusal(await owner.call('POST', `/device-cloud/${device.id}/remote`, { action: 'skipStage' }), 1102013);
  });

  it('refuses the AB configuration of another controller (1102014)', async () => {
    const owner = await signedIn();
    const carWash = await createCloudDevice(ctx.db, { merchantId: owner.merchant.id, kind: 'carWash', model: 'CW1' });
    expectRefusal(await owner.call('GET', `/admin/ab/${carWash.id}/config`), 1102014);
  });

  it('refuses a product change on a machine other than AB3, AB2 or AY (1107004)', async () => {
    const owner = await signedIn();
    const [template] = await ctx.db
      .insert(productTemplates)
      .values({ merchantId: owner.merchant.id, name: 'Wash', type: 'list', price: 6000, spentTime: 30 })
      .returning();
    const carWash = await createCloudDevice(ctx.db, { merchantId: owner.merchant.id, kind: 'carWash', model: 'CW1' });
    expectRefusal(await owner.call('PUT', `/device-cloud/${carWash.id}`, { productId: template!.id }), 1107004);
  });

  it('refuses a template beyond what machines accept (1107005)', async () => {
    const owner = await signedIn();
    // Written before today's limits: a price buying more minutes than a machine takes.
    const [template] = await ctx.db
      .insert(productTemplates)
      .values({ merchantId: owner.merchant.id, name: 'Long wash', type: 'list', price: 6000, spentTime: 5000 })
      .returning();
    const { device } = await createBoundDevice(ctx.db, { merchantId: owner.merchant.id, model: 'AB3' });
    expectRefusal(await owner.call('PUT', `/device-cloud/${device.id}`, { productId: template!.id }), 1107005);
  });
});

describe('sign-in', () => {
  it('refuses an identity without an email address (10011)', async () => {
    const oidc: OidcClient = {
      authorizeUrl: () => Promise.resolve('http://issuer.invalid/authorize'),
      exchange: () =>
        Promise.resolve({
          issuer: 'http://issuer.invalid',
          subject: 'no-mail',
          email: null,
          emailVerified: false,
          name: null,
        }),
    };
    const sso = createSsoService({ db: ctx.db, oidc, tokens: ctx.tokens, clock: ctx.clock });
    const binding = { state: 's', nonce: 'n', codeVerifier: 'v', redirect: '/' };
    await expect(
      sso.replaceKeyring('keyring-without-email', { ...binding, keyringHash: hashKeyring('keyring-without-email') }),
    ).rejects.toMatchObject({ code: 10011 });
  });

  it('says the sign-in service cannot be reached (10012)', async () => {
    const response = await ctx.app.inject({ url: '/api/v1/sso/authorize?redirect=%2F' });
    expect(response.statusCode).toBe(478);
    expect(response.json().code).toBe(10012);
  });
});
