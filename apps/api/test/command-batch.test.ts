import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeviceKind, DeviceModel } from '@sbo/contracts/mqtt';
import { addMember, bearer, createUser, memberOf, merchantToken } from './helpers/fixtures';
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

type Merchant = Awaited<ReturnType<typeof memberOf>>;

const reported = async (device: TestDevice, patch: Parameters<TestDevice['state']>[0]) => {
  const report = await device.state(patch);
  await eventually(
    async () =>
      (
        await ctx.db.execute(
          sql`select 1 from device_state where hwid = ${device.options.hwid} and (report->>'seq')::int = ${report.seq}`,
        )
      ).rows.length,
  );
};

/** A machine of the merchant, online through the embedded broker and reporting `status`. */
async function online(owner: Merchant, setup: { kind?: DeviceKind; model?: DeviceModel; name?: string } = {}) {
  const { device: cloud, ...bound } = await createBoundDevice(ctx.db, { merchantId: owner.merchant.id, ...setup });
  const device = await TestDevice.connect(ctx.gateway!.brokerUrl, { ...bound, firmware: '3.2.0' });
  open.push(device);
  await reported(device, {});
  await eventually(
    async () =>
      (await ctx.db.execute(sql`select 1 from device_state where hwid = ${bound.hwid} and online`)).rows.length,
  );
  return { cloud, device };
}

const caller = (jwt: string) => (method: 'GET' | 'POST', url: string, payload?: object) =>
  ctx.app.inject({ method, url: `/api/v1${url}`, headers: bearer(jwt), payload });

const drumClean = { action: 'startDrumClean', params: {} };

async function finished(call: ReturnType<typeof caller>, batchId: string) {
  return eventually(async () => {
    const batch = (await call('GET', `/device-commands/${batchId}`)).json().result;
    return batch.done && batch;
  });
}

describe('POST /device-commands/preview', () => {
  it('says which machines would receive the command and why the others would not', async () => {
    const owner = await memberOf(ctx, 'merchant');
    const call = caller(owner.jwt);
    const idle = await online(owner, { name: 'Idle washer' });
    const busy = await online(owner, { name: 'Busy washer' });
    await reported(busy.device, { status: 'operating', stage: 'main' });
    const dryer = await online(owner, { kind: 'dryer', name: 'Dryer' });
    const unbound = await createCloudDevice(ctx.db, { merchantId: owner.merchant.id, name: 'No controller' });
    const offline = await createBoundDevice(ctx.db, { merchantId: owner.merchant.id, name: 'Offline washer' });
    const other = await memberOf(ctx, 'merchant');
    const theirs = await createCloudDevice(ctx.db, { merchantId: other.merchant.id });

    const ids = [idle.cloud.id, busy.cloud.id, dryer.cloud.id, unbound.id, offline.device.id, theirs.id];
    const preview = (
      await call('POST', '/device-commands/preview', { command: drumClean, selection: { deviceIds: ids } })
    ).json().result;
    expect(preview.receivers.map((r: { name: string }) => r.name)).toEqual(['Idle washer']);
    const reasons = Object.fromEntries(
      preview.skipped.map((s: { deviceId: number; reason: string }) => [s.deviceId, s.reason]),
    );
    expect(reasons).toEqual({
      [busy.cloud.id]: 'state',
      [dryer.cloud.id]: 'unsupported',
      [unbound.id]: 'noController',
      [offline.device.id]: 'offline',
      [theirs.id]: 'notFound',
    });
    expect(preview.skipped.find((s: { deviceId: number }) => s.deviceId === busy.cloud.id)).toMatchObject({
      status: 'operating',
      stage: 'main',
    });
    expect(idle.device.commands).toHaveLength(0);
  });

  it('leaves out of an insert coin every machine mid-cycle (cycleRunning), and sends them nothing', async () => {
    const owner = await memberOf(ctx, 'merchant');
    const call = caller(owner.jwt);
    const idle = await online(owner, { name: 'Idle washer' });
    const done = await online(owner, { name: 'Done washer' });
    await reported(done.device, { status: 'done', stage: 'done' });
    const rinsing = await online(owner, { name: 'Rinsing washer' });
    await reported(rinsing.device, { status: 'operating', stage: 'rinsing2' });
    const paused = await online(owner, { name: 'Paused washer' });
    await reported(paused.device, { status: 'stopped', stage: 'spin' });
    const cooling = await online(owner, { kind: 'dryer', name: 'Cooling dryer' });
    await reported(cooling.device, { status: 'operating', stage: 'cool' });
    const midCycle = [rinsing, paused, cooling];
    const deviceIds = [idle, done, ...midCycle].map((m) => m.cloud.id);
    const command = { action: 'insertCoin', params: { amount: 1000 } };

    const preview = (await call('POST', '/device-commands/preview', { command, selection: { deviceIds } })).json()
      .result;
    expect(preview.receivers.map((r: { name: string }) => r.name)).toEqual(['Idle washer', 'Done washer']);
    expect(preview.skipped.map((s: { name: string; reason: string }) => [s.name, s.reason])).toEqual([
      ['Rinsing washer', 'cycleRunning'],
      ['Paused washer', 'cycleRunning'],
      ['Cooling dryer', 'cycleRunning'],
    ]);

    const batch = (await call('POST', '/device-commands', { command, deviceIds })).json().result;
    expect(batch.skipped.map((s: { reason: string }) => s.reason)).toEqual(Array(3).fill('cycleRunning'));
    const answered = await finished(call, batch.id);
    expect(answered.items.map((i: { name: string; state: string }) => [i.name, i.state])).toEqual([
      ['Idle washer', 'ok'],
      ['Done washer', 'ok'],
    ]);
    for (const machine of midCycle) expect(machine.device.commands).toHaveLength(0);
  });

  it("selects every machine matching the list's filter, and refuses more than 500 (1102016)", async () => {
    const owner = await memberOf(ctx, 'merchant');
    const call = caller(owner.jwt);
    await online(owner, { name: 'Washer A' });
    await online(owner, { kind: 'dryer', name: 'Dryer A' });
    const washers = (
      await call('POST', '/device-commands/preview', {
        command: drumClean,
        selection: { filter: { machineType: 1 } },
      })
    ).json().result;
    expect(washers.receivers.map((r: { name: string }) => r.name)).toEqual(['Washer A']);
    expect(washers.skipped).toEqual([]);

    await ctx.db.execute(sql`insert into devices (merchant_id, name, serial_num, machine_type, model)
      select ${owner.merchant.id}, 'Bulk ' || n, 'SN-BULK-' || n, 1, 'AB3' from generate_series(1, 500) n`);
    const tooMany = await call('POST', '/device-commands/preview', {
      command: drumClean,
      selection: { filter: {} },
    });
    expect(tooMany.json().code).toBe(1102016);
    const listed = await call('POST', '/device-commands', {
      command: drumClean,
      deviceIds: Array.from({ length: 501 }, (_, i) => i + 1),
    });
    expect(listed.statusCode).toBe(400);
  });
});

describe('POST /device-commands', () => {
  it("sends to every machine that can take it, and follows each one's acknowledgement, refusal or timeout", async () => {
    const owner = await memberOf(ctx, 'merchant');
    const call = caller(owner.jwt);
    const ok = await online(owner, { name: 'Answers' });
    const refuses = await online(owner, { name: 'Refuses' });
    refuses.device.answer = () => ({ ok: false, code: 1710001 });
    const silent = await online(owner, { name: 'Silent' });
    silent.device.answer = () => null;
    const busy = await online(owner, { name: 'Busy' });
    await reported(busy.device, { status: 'operating', stage: 'spin' });

    const ids = [ok.cloud.id, refuses.cloud.id, silent.cloud.id, busy.cloud.id];
    const created = await call('POST', '/device-commands', { command: drumClean, deviceIds: ids });
    expect(created.statusCode).toBe(200);
    const batch = created.json().result;
    expect(batch.items).toHaveLength(3);
    expect(batch.skipped).toMatchObject([{ deviceId: busy.cloud.id, reason: 'state', status: 'operating' }]);

    const done = await finished(call, batch.id);
    const states = Object.fromEntries(
      done.items.map((i: { name: string; state: string; code: number | null }) => [i.name, [i.state, i.code]]),
    );
    expect(states).toEqual({ Answers: ['ok', null], Refuses: ['failed', 1710001], Silent: ['timeout', null] });
    expect(busy.device.commands).toHaveLength(0);
    expect(ok.device.commands.map((c) => c.action)).toEqual(['startDrumClean']);

    // Each command is in the device log (tagged with the batch) and in the audit log.
    const logs = await ctx.db.execute<{ device_id: number; log_type: string }>(
      sql`select device_id, log_type from device_logs where batch_id = ${batch.id} order by device_id`,
    );
    expect(logs.rows.map((r) => r.device_id)).toEqual([ok.cloud.id, refuses.cloud.id, silent.cloud.id]);
    expect(new Set(logs.rows.map((r) => r.log_type))).toEqual(new Set(['remoteControl']));
    const audit = await ctx.db.execute<{ entity_id: string }>(
      sql`select entity_id from audit_log where merchant_id = ${owner.merchant.id} and action = 'device.command.startDrumClean' and after->>'batchId' = ${batch.id}`,
    );
    expect(audit.rows.map((r) => Number(r.entity_id)).sort((a, b) => a - b)).toEqual([
      ok.cloud.id,
      refuses.cloud.id,
      silent.cloud.id,
    ]);
  });

  it('pushes the prices in force to machines with a product and leaves out those without', async () => {
    const owner = await memberOf(ctx, 'merchant');
    const call = caller(owner.jwt);
    const priced = await online(owner, { name: 'Priced' });
    const bare = await online(owner, { name: 'Bare' });
    const template = (
      await call('POST', '/product', {
        name: 'Wash',
        type: 'list',
        price: 6000,
        spentTime: 30,
        pulse: 1000,
        courses: [{ course: 'standard', price: 6000 }],
      })
    ).json().result;
    await ctx.db.execute(sql`update devices set product_id = ${template.id} where id = ${priced.cloud.id}`);
    const ofTemplate = (
      await call('POST', '/device-commands/preview', {
        command: { action: 'pushPrices' },
        selection: { filter: { productId: template.id } },
      })
    ).json().result;
    expect(ofTemplate.receivers.map((r: { name: string }) => r.name)).toEqual(['Priced']);
    const batch = (
      await call('POST', '/device-commands', {
        command: { action: 'pushPrices' },
        deviceIds: [priced.cloud.id, bare.cloud.id],
      })
    ).json().result;
    expect(batch.skipped).toMatchObject([{ name: 'Bare', reason: 'noProduct' }]);
    const done = await finished(call, batch.id);
    expect(done.items).toMatchObject([{ name: 'Priced', state: 'ok' }]);
    expect(priced.device.commands[0]).toMatchObject({
      action: 'setPrices',
      params: { prices: { version: expect.stringMatching(/^tpl-/) } },
    });
    expect(bare.device.commands).toHaveLength(0);
  });

  it("keeps to the member's whitelist and never shows another merchant's batch", async () => {
    const owner = await memberOf(ctx, 'merchant');
    const listed = await online(owner, { name: 'Listed' });
    const hidden = await online(owner, { name: 'Hidden' });
    const user = await createUser(ctx.db);
    const member = await addMember(ctx.db, { merchantId: owner.merchant.id, userId: user.id, role: 'storeManager' });
    await enableWhitelist(
      ctx.db,
      { merchantId: owner.merchant.id, memberId: member.id, deviceIds: [listed.cloud.id] },
      ctx.app,
    );
    const call = caller(await merchantToken(ctx, user.id, owner.merchant.id));
    const batch = (
      await call('POST', '/device-commands', {
        command: { action: 'rebootTablet' },
        deviceIds: [listed.cloud.id, hidden.cloud.id],
      })
    ).json().result;
    expect(batch.skipped).toEqual([
      { deviceId: hidden.cloud.id, name: '', status: 'unknown', stage: 'none', reason: 'notFound' },
    ]);
    await finished(call, batch.id);
    expect(hidden.device.commands).toHaveLength(0);
    expect(listed.device.commands.map((c) => c.action)).toEqual(['rebootTablet']);

    const stranger = await memberOf(ctx, 'merchant');
    expect((await caller(stranger.jwt)('GET', `/device-commands/${batch.id}`)).json().code).toBe(10005);
  });

  it('calls the machines a batch cut short never reached "not sent" once it could no longer be sending, not waiting for ever', async () => {
    const owner = await memberOf(ctx, 'merchant');
    const call = caller(owner.jwt);
    const reached = await online(owner, { name: 'Reached' });
    const never = await online(owner, { name: 'Never reached' });
    // A batch whose server stopped after the first machine: its row, and one device-log answer.
    const insert = async (minutesAgo: number) => {
      const id = crypto.randomUUID();
      await ctx.db
        .execute(sql`insert into command_batches (id, merchant_id, action, params, targets, skipped, created_at)
        values (${id}, ${owner.merchant.id}, 'startDrumClean', '{}'::jsonb,
          ${JSON.stringify([
            { deviceId: reached.cloud.id, name: 'Reached' },
            { deviceId: never.cloud.id, name: 'Never reached' },
          ])}::jsonb, '[]'::jsonb, ${new Date(ctx.clock.now().getTime() - minutesAgo * 60_000)})`);
      await ctx.db
        .execute(sql`insert into device_logs (merchant_id, device_id, hwid, log_type, content_key, content, content_params, result, batch_id)
        values (${owner.merchant.id}, ${reached.cloud.id}, ${reached.device.options.hwid}, 'remoteControl', 'deviceLog.remote.startDrumClean',
          'Drum clean started', '{}'::jsonb, 'ok', ${id})`);
      return (await call('GET', `/device-commands/${id}`)).json().result;
    };
    const recent = await insert(0);
    expect(recent.items.map((i: { state: string }) => i.state)).toEqual(['ok', 'queued']);
    expect(recent.done).toBe(false);
    const old = await insert(10);
    expect(old.items.map((i: { state: string }) => i.state)).toEqual(['ok', 'notSent']);
    expect(old.done).toBe(true);
    expect(never.device.commands).toHaveLength(0);
  });

  it('needs the remote-control permission (1104016)', async () => {
    for (const member of [await memberOf(ctx, 'shareholder'), await memberOf(ctx, 'storeManager', ['notification'])]) {
      const response = await caller(member.jwt)('POST', '/device-commands', {
        command: drumClean,
        deviceIds: [1],
      });
      expect(response.json().code).toBe(1104016);
    }
  });
});

describe('POST /device-cloud/:id/remote in a state that does not allow it', () => {
  it('refuses a skip on an idle washer (1710001) without sending it, and anything to a machine without controller (1102006)', async () => {
    const owner = await memberOf(ctx, 'merchant');
    const call = caller(owner.jwt);
    const washer = await online(owner);
    expect((await call('POST', `/device-cloud/${washer.cloud.id}/remote`, { action: 'skipStage' })).json().code).toBe(
      1710001,
    );
    expect(washer.device.commands).toHaveLength(0);
    await reported(washer.device, { status: 'idle', errorCode: 16091006 });
    expect(
      (await call('POST', `/device-cloud/${washer.cloud.id}/remote`, { action: 'startCycle', params: {} })).json().code,
    ).toBe(1702002);
    const unbound = await createCloudDevice(ctx.db, { merchantId: owner.merchant.id });
    expect((await call('POST', `/device-cloud/${unbound.id}/remote`, { action: 'rebootTablet' })).json().code).toBe(
      1102006,
    );
  });
});
