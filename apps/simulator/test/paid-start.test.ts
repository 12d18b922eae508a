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
    for (const order of ['order-board-000001', 'order-board-000002']) {
      expect(await world.gateway.command('W-BOARD', 'paidStart', paid(order))).toMatchObject({
        ok: false,
        code: ackCodes.notInStandby,
      });
    }
    expect(latestState(world.gateway, 'W-BOARD')?.status).not.toBe('operating');
  });
});
