import { afterAll, describe, expect, it } from 'vitest';
import { ackCodes } from '@sbo/contracts/mqtt';
import { device, latestState, startWorld } from './helpers/world';
import type { World } from './helpers/world';

const worlds: World[] = [];
afterAll(() => Promise.all(worlds.map((w) => w.stop())));

const paid = (orderId: string) => ({ orderId, course: 'standard', amount: 6000, payGateway: 'LinePay' }) as const;

describe('paidStart', () => {
  it('starts the paid course and reports the sale with its order id, gateway and amount', async () => {
    const world = await startWorld([device('W-PAID', 'washer', 'AB3')], { timeScale: 1 });
    worlds.push(world);
    const since = world.gateway.messages.length;
    expect(await world.gateway.command('W-PAID', 'paidStart', paid('order-paid-000001'))).toMatchObject({ ok: true });
    expect(latestState(world.gateway, 'W-PAID')).toMatchObject({ status: 'operating', currentCourse: 'standard' });
    const sale = await world.gateway.waitFor((m) => m.channel === 'event' && m.message.kind === 'sale', { since });
    expect(sale.message).toMatchObject({
      kind: 'sale',
      amount: 6000,
      payGateway: 'LinePay',
      orderId: 'order-paid-000001',
      course: 'standard',
    });
    // Now it is busy: a second paid start is refused, and no sale follows.
    expect(await world.gateway.command('W-PAID', 'paidStart', paid('order-paid-000002'))).toMatchObject({
      ok: false,
      code: ackCodes.notInStandby,
    });
  });

  it('refuses (busy) or ignores every paid start at a failure rate of 1, half and half', async () => {
    const hwids = Array.from({ length: 12 }, (_, i) => `W-FAIL-${i}`);
    const world = await startWorld(
      hwids.map((hwid) => device(hwid, 'washer', 'AB3')),
      { timeScale: 1, paidFailureRate: 1, seed: 'paid-failures' },
    );
    worlds.push(world);
    const outcomes = await Promise.all(
      hwids.map(async (hwid, i) => {
        const ack = await world.gateway.commandOrSilence(hwid, 'paidStart', paid(`order-fail-${i}`));
        return ack === null ? 'silent' : ack.ok ? 'ok' : 'busy';
      }),
    );
    expect(outcomes).not.toContain('ok');
    expect(outcomes).toContain('busy');
    expect(outcomes).toContain('silent');
    expect(world.gateway.messages.some((m) => m.channel === 'event' && m.message.kind === 'sale')).toBe(false);
  });

  it('refuses every paid start at a machine marked so in the fleet file, whatever the failure rate', async () => {
    const world = await startWorld([{ ...device('W-BOARD', 'washer', 'AB3'), paidStart: 'refuse' }], { timeScale: 1 });
    worlds.push(world);
    // Its payment board is faulty: it says so (1702001), never "busy" while it stands idle.
    for (const order of ['order-board-000001', 'order-board-000002']) {
      expect(await world.gateway.command('W-BOARD', 'paidStart', paid(order))).toMatchObject({
        ok: false,
        code: ackCodes.statusUnavailable,
      });
    }
    expect(latestState(world.gateway, 'W-BOARD')?.status).not.toBe('operating');
  });
});

describe('paidStart at every kind of machine', () => {
  const sale = async (world: World, since: number) =>
    (await world.gateway.waitFor((m) => m.channel === 'event' && m.message.kind === 'sale', { since })).message;
  const order = { amount: 3000, payGateway: 'LinePay' } as const;

  it('a dryer dries for the minutes paid, and adds minutes to its running dry', async () => {
    const world = await startWorld([device('D-PAID', 'dryer', 'AB3')], { timeScale: 1 });
    worlds.push(world);
    let since = world.gateway.messages.length;
    const start = { ...order, orderId: 'order-dry-000001', minutes: 24 };
    expect(await world.gateway.command('D-PAID', 'paidStart', start)).toMatchObject({ ok: true });
    expect(latestState(world.gateway, 'D-PAID')).toMatchObject({ status: 'operating', stage: 'dry' });
    expect(latestState(world.gateway, 'D-PAID')?.remainingSeconds).toBeGreaterThan(23 * 60);
    expect(await sale(world, since)).toMatchObject({ amount: 3000, orderId: 'order-dry-000001', dryTime: 24 });
    since = world.gateway.messages.length;
    const before = latestState(world.gateway, 'D-PAID')!.remainingSeconds!;
    const more = { ...order, amount: 1000, orderId: 'order-dry-000002', minutes: 8, extend: true };
    expect(await world.gateway.command('D-PAID', 'paidStart', more)).toMatchObject({ ok: true });
    expect(latestState(world.gateway, 'D-PAID')!.remainingSeconds!).toBeGreaterThan(before + 7 * 60);
    expect(await sale(world, since)).toMatchObject({ amount: 1000, orderId: 'order-dry-000002', addDry: 8 });
    // A new start is refused while it runs.
    const again = { ...order, orderId: 'order-dry-000003', minutes: 8 };
    expect(await world.gateway.command('D-PAID', 'paidStart', again)).toMatchObject({ ok: false, code: 1710001 });
  });

  it('a car-wash bay runs on the credit paid, a minute a coin, or for the minutes paid', async () => {
    const world = await startWorld([device('CW-PAID', 'carWash', 'CW1'), device('CW-MIN', 'carWash', 'CW1')], {
      timeScale: 1,
    });
    worlds.push(world);
    const since = world.gateway.messages.length;
    const credit = { ...order, orderId: 'order-bay-000001', credit: 7000, amount: 7000 };
    expect(await world.gateway.command('CW-PAID', 'paidStart', credit)).toMatchObject({ ok: true });
    expect(latestState(world.gateway, 'CW-PAID')).toMatchObject({ status: 'operating', currentCourse: 'timed' });
    expect(await sale(world, since)).toMatchObject({ amount: 7000, orderId: 'order-bay-000001', quantity: 7 });
    const next = world.gateway.messages.length;
    // A bay whose template sells programs by the minute is paid minutes: it runs for them.
    const minutes = { ...order, orderId: 'order-bay-000002', minutes: 12 };
    expect(await world.gateway.command('CW-MIN', 'paidStart', minutes)).toMatchObject({ ok: true });
    expect(latestState(world.gateway, 'CW-MIN')?.remainingSeconds).toBeGreaterThan(11 * 60);
    expect(await sale(world, next)).toMatchObject({ orderId: 'order-bay-000002', quantity: 12, unit: 'MIN' });
  });

  it('a water station fills the volume paid', async () => {
    const world = await startWorld([device('WS-PAID', 'waterStation', 'WS1')], { timeScale: 1 });
    worlds.push(world);
    const since = world.gateway.messages.length;
    const fill = { ...order, orderId: 'order-water-0001', selection: '10L' };
    expect(await world.gateway.command('WS-PAID', 'paidStart', fill)).toMatchObject({ ok: true });
    expect(latestState(world.gateway, 'WS-PAID')).toMatchObject({ status: 'operating', currentCourse: '10L' });
    expect(await sale(world, since)).toMatchObject({ selection: '10L', quantity: 10, unit: 'L' });
    const bad = { ...order, orderId: 'order-water-0002', selection: 'big' };
    expect(await world.gateway.command('WS-PAID', 'paidStart', bad)).toMatchObject({ ok: false, code: 400 });
  });

  it('a vending machine drops the slot paid, or holds paid credit as remote credit', async () => {
    const world = await startWorld([device('VM-PAID', 'vending', 'VM1')], { timeScale: 1 });
    worlds.push(world);
    let since = world.gateway.messages.length;
    const credit = { ...order, orderId: 'order-vend-000001', credit: 5000, amount: 5000 };
    expect(await world.gateway.command('VM-PAID', 'paidStart', credit)).toMatchObject({ ok: true });
    expect(latestState(world.gateway, 'VM-PAID')).toMatchObject({ currentCoin: 5000 });
    expect(await sale(world, since)).toMatchObject({ amount: 5000, orderId: 'order-vend-000001' });
    since = world.gateway.messages.length;
    const slot = { ...order, orderId: 'order-vend-000002', selection: 'A2' };
    expect(await world.gateway.command('VM-PAID', 'paidStart', slot)).toMatchObject({ ok: true });
    expect(latestState(world.gateway, 'VM-PAID')).toMatchObject({ status: 'operating', currentCourse: 'A2' });
    expect(await sale(world, since)).toMatchObject({ orderId: 'order-vend-000002', selection: 'A2' });
  });

  it('a coin changer pays the tokens paid out of its hopper', async () => {
    const world = await startWorld([device('MC-PAID', 'coinChanger', 'MC1')], { timeScale: 1 });
    worlds.push(world);
    const since = world.gateway.messages.length;
    const tokens = { ...order, orderId: 'order-coin-000001', credit: 5000, amount: 5000 };
    expect(await world.gateway.command('MC-PAID', 'paidStart', tokens)).toMatchObject({ ok: true });
    const dispensed = await world.gateway.waitFor((m) => m.channel === 'event' && m.message.kind === 'coinsDispensed', {
      since,
    });
    expect(dispensed.message).toMatchObject({ expected: 5, actual: 5, coinValue: 1000 });
    expect(await sale(world, since)).toMatchObject({ amount: 5000, orderId: 'order-coin-000001' });
    const odd = { ...order, orderId: 'order-coin-000002', credit: 1500, amount: 1500 };
    expect(await world.gateway.command('MC-PAID', 'paidStart', odd)).toMatchObject({ ok: false, code: 400 });
  });
});
