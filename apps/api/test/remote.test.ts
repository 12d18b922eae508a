import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeviceKind, DeviceModel } from '@sbo/contracts/mqtt';
import { bearer, memberOf } from './helpers/fixtures';
import { createBoundDevice, createCloudDevice, enableWhitelist, eventually } from './helpers/devices';
import { createTestApp, fastDeviceEnv, type TestContext } from './helpers/test-app';
import { TestDevice } from './helpers/test-device';

let ctx: TestContext;
const open: TestDevice[] = [];
beforeAll(async () => {
  ctx = await createTestApp(fastDeviceEnv, undefined, { gateway: true });
});
afterAll(async () => {
  await Promise.all(open.map((d) => d.close().catch(() => undefined)));
  await ctx.close();
});

type Setup = { kind?: DeviceKind; model?: DeviceModel; role?: 'merchant' | 'storeManager' | 'shareholder' };

/** A member, and a machine of theirs online through the embedded broker. */
async function machine(setup: Setup = {}) {
  const member = await memberOf(ctx, setup.role ?? 'merchant');
  const { device: cloud, ...bound } = await createBoundDevice(ctx.db, { merchantId: member.merchant.id, ...setup });
  const device = await TestDevice.connect(ctx.gateway!.brokerUrl, {
    ...bound,
    firmware: bound.model === 'AY' ? '1.6.2' : '3.2.0',
  });
  open.push(device);
  await device.state({ coinDispenser: { remainingAmount: 50000, totalAmount: 100000, coinValue: 1000 } });
  // Online and its state report stored: a machine connected but not yet reported is left to decide for itself.
  await eventually(
    async () =>
      (
        await ctx.db.execute(
          sql`select 1 from device_state where hwid = ${bound.hwid} and online and report is not null`,
        )
      ).rows.length,
  );
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    ctx.app.inject({ method, url: `/api/v1${url}`, headers: bearer(member.jwt), payload });
  return { member, cloud, device, call, ...bound };
}

const remoteLog = async (commandId: string) =>
  (
    await ctx.db.execute<{
      result: string;
      code: number | null;
      operator_name: string;
      expected_coins: number | null;
      actual_coins: number | null;
    }>(
      sql`select result, code, operator_name, expected_coins, actual_coins from device_logs where command_id = ${commandId} and log_type = 'remoteControl'`,
    )
  ).rows[0];

describe('POST /device-cloud/:id/remote', () => {
  it('sends the command, returns once the device acknowledges, and logs and audits it', async () => {
    const { cloud, device, call, member } = await machine();
    const response = await call('POST', `/device-cloud/${cloud.id}/remote`, {
      action: 'startCycle',
      params: { course: 'quick' },
    });
    expect(response.statusCode).toBe(200);
    const { commandId, action } = response.json().result;
    expect(action).toBe('startCycle');
    expect(device.commands[0]).toMatchObject({ commandId, action: 'startCycle', params: { course: 'quick' } });
    expect(await remoteLog(commandId)).toMatchObject({ result: 'ok', operator_name: expect.stringContaining('User') });
    const audit = await ctx.db.execute(
      sql`select 1 from audit_log where merchant_id = ${member.merchant.id} and action = 'device.command.startCycle'`,
    );
    expect(audit.rows).toHaveLength(1);
  });

  it('answers "connection timed out, check device status" (1702001) when the device stays silent', async () => {
    const { cloud, device, call } = await machine();
    device.answer = () => null;
    const started = Date.now();
    const response = await call('POST', `/device-cloud/${cloud.id}/remote`, { action: 'pauseMachine' });
    const ackTimeoutMs = Number(fastDeviceEnv.DEVICE_ACK_TIMEOUT_MS);
    expect(Date.now() - started).toBeGreaterThanOrEqual(ackTimeoutMs - 20);
    expect(response.json()).toEqual({ code: 1702001, message: 'connection timed out, check device status' });
    const commandId = device.commands[0]!.commandId;
    expect((await remoteLog(commandId))?.result).toBe('timeout');
    // The command expires when the server stops waiting, so it can never act late.
    expect(device.commands[0]!.expiresAt - device.commands[0]!.issuedAt).toBe(ackTimeoutMs);
  });

  it.each([1710001, 1702002, 1710002])('answers the code the device refuses with (%i)', async (code) => {
    const { cloud, device, call } = await machine({ kind: 'vending', model: 'VM1' });
    device.answer = () => ({ ok: false, code });
    const response = await call('POST', `/device-cloud/${cloud.id}/remote`, {
      action: 'dispenseCoins',
      params: { amount: 5000 },
    });
    expect(response.statusCode).toBe(478);
    expect(response.json().code).toBe(code);
    expect(await remoteLog(device.commands[0]!.commandId)).toMatchObject({ result: 'failed', code });
  });

  it('refuses insert coin mid-cycle (1710003), from rinse to cool-down, and sends the machine nothing', async () => {
    const { cloud, device, call } = await machine({ kind: 'dryer' });
    for (const [status, stage] of [
      ['operating', 'rinsing1'],
      ['operating', 'spin'],
      ['operating', 'dry'],
      ['operating', 'cool'],
      ['stopped', 'dry'],
    ] as const) {
      const report = await device.state({ status, stage });
      await eventually(
        async () =>
          (
            await ctx.db.execute(
              sql`select 1 from device_state where hwid = ${device.options.hwid} and (report->>'seq')::int = ${report.seq}`,
            )
          ).rows.length,
      );
      const refused = await call('POST', `/device-cloud/${cloud.id}/remote`, {
        action: 'insertCoin',
        params: { amount: 1000 },
      });
      expect(refused.statusCode).toBe(478);
      expect(refused.json()).toEqual({
        code: 1710003,
        message: 'A cycle is running on this machine. Try again when it has ended.',
      });
      // Rebooting the customer's tablet mid-cycle is refused the same way.
      expect((await call('POST', `/device-cloud/${cloud.id}/remote`, { action: 'rebootTablet' })).json().code).toBe(
        1710003,
      );
    }
    expect(device.commands).toHaveLength(0);
    const logged = await ctx.db.execute(
      sql`select 1 from device_logs where device_id = ${cloud.id} and log_type = 'remoteControl'`,
    );
    expect(logged.rows).toHaveLength(0);

    await device.state({ status: 'done', stage: 'done' });
    await eventually(async () => {
      const sent = await call('POST', `/device-cloud/${cloud.id}/remote`, {
        action: 'insertCoin',
        params: { amount: 1000 },
      });
      return sent.statusCode === 200;
    });
    expect(device.commands.map((c) => c.action)).toEqual(['insertCoin']);
  });

  it('clears an error only while the machine has one (1710004 otherwise)', async () => {
    const { cloud, device, call } = await machine();
    const refused = await call('POST', `/device-cloud/${cloud.id}/remote`, { action: 'clearError' });
    expect(refused.json()).toEqual({ code: 1710004, message: 'This machine has no fault to clear.' });
    expect(device.commands).toHaveLength(0);
    await device.state({ status: 'stopped', stage: 'main', errorCode: 16091006 });
    await eventually(
      async () => (await call('POST', `/device-cloud/${cloud.id}/remote`, { action: 'clearError' })).statusCode === 200,
    );
    expect(device.commands.map((c) => c.action)).toEqual(['clearError']);
  });

  it('records expected and actual coins of a remote dispense', async () => {
    const { cloud, device, call } = await machine({ kind: 'coinChanger', model: 'MC1' });
    device.answer = (command) => {
      void device.event({
        kind: 'coinsDispensed',
        expected: 5,
        actual: 3,
        coinValue: 1000,
        reason: 'remote',
        commandId: command.commandId,
      });
      return { ok: true };
    };
    const response = await call('POST', `/device-cloud/${cloud.id}/remote`, {
      action: 'dispenseCoins',
      params: { amount: 5000 },
    });
    const { commandId } = response.json().result;
    const log = await eventually(async () => {
      const row = await remoteLog(commandId);
      return row?.actual_coins !== null && row;
    });
    expect(log).toMatchObject({ expected_coins: 5, actual_coins: 3, result: 'ok' });
  });

  it('refuses an action the machine does not support, or bad parameters', async () => {
    const { cloud, call, device } = await machine({ kind: 'dryer', model: 'AY' });
    const unsupported = await call('POST', `/device-cloud/${cloud.id}/remote`, { action: 'skipStage' });
    expect(unsupported.json().code).toBe(1102013);
    const bad = await call('POST', `/device-cloud/${cloud.id}/remote`, {
      action: 'changeTemperature',
      params: { dryTemp: 9 },
    });
    expect(bad.statusCode).toBe(400);
    expect(device.commands).toHaveLength(0);
  });

  it('answers at once for an offline device and 1102006 for an unbound one', async () => {
    const { cloud, device, call, member } = await machine();
    await device.shutdown();
    await eventually(
      async () =>
        (await ctx.db.execute(sql`select 1 from device_state where hwid = ${device.options.hwid} and not online`)).rows
          .length,
    );
    expect((await call('POST', `/device-cloud/${cloud.id}/remote`, { action: 'clearError' })).json().code).toBe(
      1702001,
    );
    // Not waited for: the operator log says the machine was known offline, not that its answer timed out.
    const logged = await ctx.db.execute(
      sql`select result from device_logs where device_id = ${cloud.id} and command_id is not null order by id desc limit 1`,
    );
    expect(logged.rows).toEqual([{ result: 'offline' }]);
    const unbound = await createCloudDevice(ctx.db, { merchantId: member.merchant.id });
    expect((await call('POST', `/device-cloud/${unbound.id}/remote`, { action: 'clearError' })).json().code).toBe(
      1102006,
    );
  });

  it("never reaches another merchant's machine, nor one outside the member's whitelist", async () => {
    const theirs = await machine();
    const mine = await machine();
    expect(
      (await mine.call('POST', `/device-cloud/${theirs.cloud.id}/remote`, { action: 'clearError' })).json().code,
    ).toBe(1102004);
    const store = await memberOf(ctx, 'storeManager');
    const [listed, hidden] = await Promise.all([
      createBoundDevice(ctx.db, { merchantId: store.merchant.id }),
      createBoundDevice(ctx.db, { merchantId: store.merchant.id }),
    ]);
    const memberId = (
      await ctx.db.execute<{ id: number }>(sql`select id from merchant_members where user_id = ${store.user.id}`)
    ).rows[0]!.id;
    await enableWhitelist(ctx.db, { merchantId: store.merchant.id, memberId, deviceIds: [listed.device.id] }, ctx.app);
    const remote = (id: number) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/v1/device-cloud/${id}/remote`,
        headers: bearer(store.jwt),
        payload: { action: 'clearError' },
      });
    expect((await remote(hidden.device.id)).json().code).toBe(1102004);
    expect((await remote(listed.device.id)).json().code).toBe(1702001);
    expect(theirs.device.commands).toHaveLength(0);
  });

  it('needs the remote-control group: a storeManager without it is refused (1104016)', async () => {
    const member = await memberOf(ctx, 'storeManager', ['notification']);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/device-cloud/1/remote',
      headers: bearer(member.jwt),
      payload: { action: 'clearError' },
    });
    expect(response.json().code).toBe(1104016);
  });
});

describe('machine settings through commands', () => {
  it('refills the coin dispenser, sets its capacity and resets banknotes', async () => {
    const { cloud, device, call } = await machine({ kind: 'vending', model: 'VM1' });
    expect(
      (await call('POST', `/device-cloud/${cloud.id}/coin-dispenser`, { remainingAmount: 80000 })).statusCode,
    ).toBe(200);
    expect(
      (await call('PUT', `/device-cloud/${cloud.id}/coin-dispenser/total-amount`, { totalAmount: 120000 })).statusCode,
    ).toBe(200);
    expect((await call('POST', `/device-cloud/${cloud.id}/banknote-reset`)).statusCode).toBe(200);
    expect(device.commands.map((c) => [c.action, c.params])).toEqual([
      ['setCoinDispenser', { remainingAmount: 80000 }],
      ['setCoinDispenser', { totalAmount: 120000 }],
      ['resetBanknotes', {}],
    ]);
    const washer = await machine();
    expect(
      (await washer.call('POST', `/device-cloud/${washer.cloud.id}/coin-dispenser`, { remainingAmount: 1 })).json()
        .code,
    ).toBe(1102013);
  });

  it('turns test mode on and off', async () => {
    const { cloud, device, call } = await machine();
    expect((await call('PUT', `/admin/device-cloud/${cloud.id}/test`, { testTime: 600 })).statusCode).toBe(200);
    expect((await call('PUT', `/admin/device-cloud/${cloud.id}/test`, { testTime: 0 })).statusCode).toBe(200);
    expect(device.commands.map((c) => c.params)).toEqual([{ testTime: 600 }, { testTime: 0 }]);
    expect((await call('PUT', `/admin/device-cloud/${cloud.id}/test`, { testTime: -1 })).statusCode).toBe(400);
  });

  it("reads and changes an AB controller's configuration, and refuses other controllers", async () => {
    const { cloud, device, call } = await machine();
    await device.state({ config: { maxSpin: 1000 } });
    await eventually(
      async () => (await call('GET', `/admin/ab/${cloud.id}/config`)).json().result.config.maxSpin === 1000,
    );
    const changed = await call('PUT', `/admin/ab/${cloud.id}/config`, { config: { maxSpin: 800, buzzer: false } });
    expect(changed.json().result.config).toEqual({ maxSpin: 800, buzzer: false });
    expect(device.commands[0]).toMatchObject({
      action: 'setConfig',
      params: { config: { maxSpin: 800, buzzer: false } },
    });
    const carWash = await machine({ kind: 'carWash', model: 'CW1' });
    expect((await carWash.call('GET', `/admin/ab/${carWash.cloud.id}/config`)).json().code).toBe(1102014);
  });
});

describe('product prices reach the machine', () => {
  const template = {
    name: 'Wash',
    type: 'list',
    price: 6000,
    spentTime: 30,
    pulse: 1000,
    courses: [{ course: 'standard', price: 6000 }],
    additives: [{ type: 'detergent', price: 1000 }],
  };

  it('changes the product only once the machine confirms the prices, and pushes a template edit', async () => {
    const { cloud, device, call } = await machine();
    const created = (await call('POST', '/product', template)).json().result;
    device.answer = () => ({ ok: false, code: 400, detail: 'invalid prices' });
    expect((await call('PUT', `/device-cloud/${cloud.id}`, { productId: created.id })).json().code).toBe(1102015);
    expect((await call('GET', `/device-cloud/${cloud.id}/info`)).json().result.product).toBeNull();

    device.answer = () => ({ ok: true });
    const changed = (await call('PUT', `/device-cloud/${cloud.id}`, { productId: created.id })).json().result;
    expect(changed.product).toEqual({ id: created.id, name: 'Wash' });
    expect(device.commands.at(-1)).toMatchObject({
      action: 'setPrices',
      params: {
        prices: { version: `tpl-${created.id}-r1`, price: 6000, additives: [{ type: 'detergent', price: 1000 }] },
      },
    });
    await call('PUT', `/product/${created.id}`, { ...template, price: 7000, courses: [] });
    await eventually(async () =>
      device.commands.some((c) => c.action === 'setPrices' && c.params.prices.version === `tpl-${created.id}-r2`),
    );
  });

  it('sends the prices again when a machine with a product reconnects', async () => {
    const { cloud, device, call, hwid, secret } = await machine();
    const created = (await call('POST', '/product', { ...template, additives: [] })).json().result;
    await call('PUT', `/device-cloud/${cloud.id}`, { productId: created.id });
    await device.shutdown();
    const again = await TestDevice.connect(ctx.gateway!.brokerUrl, { hwid, secret });
    open.push(again);
    const pushed = await again.nextCommand('setPrices');
    expect(pushed).toMatchObject({ params: { prices: { version: `tpl-${created.id}-r1` } } });
  });
});
