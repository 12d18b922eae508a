import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, memberOf } from './helpers/fixtures';
import { createCloudDevice, registerHardware, uniqueHwid } from './helpers/devices';
import { createTestApp, type TestContext } from './helpers/test-app';

/** Binding needs proof of possession: registered for the merchant, or the claim code of its binding link. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

async function merchant(role: 'merchant' | 'root' = 'merchant') {
  const m = await memberOf(ctx, role);
  const login = (await ctx.tokens.issueLogin(m.user.id)).jwt;
  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    ctx.app.inject({ method, url: `/api/v1${url}`, headers: bearer(m.jwt), ...(payload ? { payload } : {}) });
  const asUser = (url: string) => ctx.app.inject({ url: `/api/v1${url}`, headers: bearer(login) });
  return { ...m, call, asUser };
}

type Caller = Awaited<ReturnType<typeof merchant>>;
const answer = (r: { statusCode: number; json(): unknown }) => ({ status: r.statusCode, body: r.json() });

/** The three binding calls for one hwid, each answer reduced to status and body. */
async function attempts(caller: Caller, hwid: string, deviceId: number, claim?: string) {
  const q = claim === undefined ? '' : `claim=${encodeURIComponent(claim)}`;
  return {
    lookup: answer(await caller.asUser(`/device/hardware/${hwid}${q ? `?${q}` : ''}`)),
    bindable: answer(await caller.call('GET', `/device-cloud/bindable-list?hwid=${hwid}${q ? `&${q}` : ''}`)),
    bind: answer(
      await caller.call('POST', `/device-cloud/${deviceId}/binding`, {
        hwid,
        ...(claim === undefined ? {} : { claimCode: claim }),
      }),
    ),
  };
}

describe('claiming hardware registered for another merchant', () => {
  it('answers exactly as for an unknown hwid, without a claim code or with a wrong one', async () => {
    const [a, b] = [await merchant(), await merchant()];
    const { hwid } = await registerHardware(ctx.db, { merchantId: b.merchant.id, claimCode: 'RIGHTCODE234' });
    const device = await createCloudDevice(ctx.db, { merchantId: a.merchant.id });
    const unknown = await attempts(a, uniqueHwid('NONE'), device.id);
    expect(unknown.lookup).toEqual({ status: 478, body: { code: 1102004, message: 'The device does not exist.' } });
    expect(unknown.bindable).toEqual(unknown.lookup);
    expect(unknown.bind).toEqual(unknown.lookup);
    expect(await attempts(a, hwid, device.id)).toEqual(unknown);
    expect(await attempts(a, hwid, device.id, 'WRONGCODE234')).toEqual(unknown);
    expect(await attempts(a, hwid, device.id, '')).toEqual(unknown);
    // ...and it stays unbound, for its own merchant to bind.
    const own = await createCloudDevice(ctx.db, { merchantId: b.merchant.id });
    expect((await b.call('POST', `/device-cloud/${own.id}/binding`, { hwid })).statusCode).toBe(200);
  });

  it('hides hardware bound to another merchant the same way', async () => {
    const [a, b] = [await merchant(), await merchant()];
    const theirs = await createCloudDevice(ctx.db, { merchantId: b.merchant.id });
    const { hwid } = await registerHardware(ctx.db, { deviceId: theirs.id });
    const device = await createCloudDevice(ctx.db, { merchantId: a.merchant.id });
    expect(await attempts(a, hwid, device.id)).toEqual(await attempts(a, uniqueHwid('NONE'), device.id));
    expect((await b.asUser(`/device/hardware/${hwid}`)).json().result.deviceCloud).toMatchObject({ id: theirs.id });
  });
});

describe('the claim code of a binding link', () => {
  it('lets its holder look the hardware up and bind it once; the code cannot be used again', async () => {
    const [root, a, c] = [await merchant('root'), await merchant(), await merchant()];
    const hwid = uniqueHwid('CLAIM');
    const registered = await root.call('POST', '/admin/hardware', { hwid, model: 'AB3' });
    const { claimCode } = registered.json().result;
    const device = await createCloudDevice(ctx.db, { merchantId: a.merchant.id, name: 'Washer 1' });
    // Typed by hand: case and spaces do not matter.
    const typed = `${claimCode.slice(0, 4).toLowerCase()} ${claimCode.slice(4)}`;
    expect((await a.asUser(`/device/hardware/${hwid}?claim=${encodeURIComponent(typed)}`)).json().result).toEqual({
      hwid,
      model: 'AB3',
      deviceCloud: null,
    });
    const list = (await a.call('GET', `/device-cloud/bindable-list?hwid=${hwid}&claim=${claimCode}`)).json().result;
    expect(list.map((d: { id: number }) => d.id)).toEqual([device.id]);
    const bound = await a.call('POST', `/device-cloud/${device.id}/binding`, { hwid, claimCode });
    expect(bound.json().result).toMatchObject({ deviceCloudID: device.id, hwid });
    // Now A's: visible without the code, and the spent code opens nothing for anyone else.
    expect((await a.asUser(`/device/hardware/${hwid}`)).json().result.deviceCloud).toMatchObject({ id: device.id });
    const other = await createCloudDevice(ctx.db, { merchantId: c.merchant.id });
    expect(await attempts(c, hwid, other.id, claimCode)).toEqual(await attempts(c, uniqueHwid('NONE'), other.id));
    // Nor for the agent's own merchant it was registered for.
    const rootDevice = await createCloudDevice(ctx.db, { merchantId: root.merchant.id });
    expect((await root.call('POST', `/device-cloud/${rootDevice.id}/binding`, { hwid })).json().code).toBe(1102004);
  });

  it('is registered for the merchant the agent names, which binds it without the code', async () => {
    const [root, b] = [await merchant('root'), await merchant()];
    const hwid = uniqueHwid('FOR');
    const registered = await root.call('POST', '/admin/hardware', { hwid, model: 'AB3', merchantId: b.merchant.id });
    expect(registered.json().result).toMatchObject({ hwid, merchantId: b.merchant.id });
    const device = await createCloudDevice(ctx.db, { merchantId: b.merchant.id });
    expect((await b.call('POST', `/device-cloud/${device.id}/binding`, { hwid })).statusCode).toBe(200);
    const missing = await root.call('POST', '/admin/hardware', {
      hwid: uniqueHwid(),
      model: 'AB3',
      merchantId: 2147483000,
    });
    expect(missing.json().code).toBe(1104009);
  });
});
