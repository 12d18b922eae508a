import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ackCodes, buildCommand, deviceConfig } from '@sbo/contracts/mqtt';
import type { ProductPrices } from '@sbo/contracts/mqtt';
import { device, latestState, startWorld } from './helpers/world';
import type { World } from './helpers/world';

const { invalidCommand, expired, internalError, notInStandby, cannotDispense, cycleRunning } = ackCodes;
const rejected = (code: number) => ({ ok: false, code });

let world: World;
beforeAll(async () => {
  world = await startWorld(
    [
      device('W-AB3', 'washer', 'AB3'),
      device('W-AY', 'washer', 'AY'),
      device('D-AB2', 'dryer', 'AB2'),
      device('VM-1', 'vending', 'VM1'),
      device('MC-1', 'coinChanger', 'MC1'),
      device('CW-1', 'carWash', 'CW1'),
      device('WS-1', 'waterStation', 'WS1'),
    ],
    { timeScale: 60 },
  );
});
afterAll(() => world?.stop());

describe('controller settings', () => {
  it('an AB controller reports the settings of its set-up menu; other controllers report none', () => {
    const { gateway } = world;
    const washer = latestState(gateway, 'W-AB3').config ?? {};
    expect(washer).toMatchObject({ 'wash.maxSpinRpm': 1200, 'panel.buzzer': true, childLock: false });
    expect(deviceConfig.safeParse(washer).success).toBe(true);
    const dryer = latestState(gateway, 'D-AB2').config ?? {};
    expect(dryer).toMatchObject({ 'dry.maxMinutes': 60 });
    expect(dryer).not.toHaveProperty('wash.maxSpinRpm');
    expect(latestState(gateway, 'W-AY').config).toEqual({});
    expect(latestState(gateway, 'CW-1').config).toEqual({});
  });
});

describe('a washer (AB3) answering commands', () => {
  it('refuses cycle commands in standby with 1710001 and actions of other kinds with 400', async () => {
    const { gateway } = world;
    for (const action of ['pauseCycle', 'resumeCycle', 'skipStage', 'terminateCycle', 'removeBubbles'] as const) {
      expect(await gateway.command('W-AB3', action, {}), action).toMatchObject(rejected(notInStandby));
    }
    expect(await gateway.command('W-AB3', 'extendDrying', { minutes: 10 })).toMatchObject(rejected(invalidCommand));
    expect(await gateway.command('W-AB3', 'dispenseCoins', { amount: 1000 })).toMatchObject(rejected(invalidCommand));
    expect(await gateway.command('W-AB3', 'changeCourse', { course: 'nonexistent' })).toMatchObject(
      rejected(invalidCommand),
    );
  });

  it('keeps credit, settings and counters as told', async () => {
    const { gateway } = world;
    expect(await gateway.command('W-AB3', 'insertCoin', { amount: 3000 })).toMatchObject({ ok: true });
    expect(latestState(gateway, 'W-AB3').currentCoin).toBe(3000);
    expect(await gateway.command('W-AB3', 'resetPaidAmount', {}, 'reset-paid-1')).toMatchObject({ ok: true });
    expect(latestState(gateway, 'W-AB3').currentCoin).toBe(0);
    await gateway.waitFor(
      (m) => m.channel === 'event' && m.message.kind === 'reset' && m.message.commandId === 'reset-paid-1',
    );
    const prices: ProductPrices = { version: 'tpl-7-v2', type: 'list', courses: [{ course: 'standard', price: 7000 }] };
    expect(await gateway.command('W-AB3', 'setPrices', { prices })).toMatchObject({ ok: true });
    expect(await gateway.command('W-AB3', 'setConfig', { config: { maxSpin: 1000, childLock: true } })).toMatchObject({
      ok: true,
    });
    expect(await gateway.command('W-AB3', 'setTestMode', { testTime: 120 })).toMatchObject({ ok: true });
    expect(latestState(gateway, 'W-AB3')).toMatchObject({
      pricesVersion: 'tpl-7-v2',
      config: { maxSpin: 1000, childLock: true },
    });
    expect(latestState(gateway, 'W-AB3').testTime).toBeGreaterThan(110);
    expect(await gateway.command('W-AB3', 'setTestMode', { testTime: 0 })).toMatchObject({ ok: true });
    expect(latestState(gateway, 'W-AB3').testTime).toBe(0);
    for (const action of ['resetDrumClean', 'rebootTablet', 'clearError', 'pauseMachine', 'resumeMachine'] as const) {
      expect(await gateway.command('W-AB3', action, {}), action).toMatchObject({ ok: true });
    }
    expect(await gateway.command('W-AB3', 'changeCourse', { course: 'quick' })).toMatchObject({ ok: true });
    expect(latestState(gateway, 'W-AB3').currentCourse).toBe('quick');
  });

  it('controls a running cycle: pause, resume, skip, remove bubbles, terminate', async () => {
    const { gateway } = world;
    expect(await gateway.command('W-AB3', 'startCycle', { course: 'standard' })).toMatchObject({ ok: true });
    expect(latestState(gateway, 'W-AB3')).toMatchObject({ status: 'operating', stage: 'main', doorLocked: true });
    expect(await gateway.command('W-AB3', 'startCycle', {})).toMatchObject(rejected(notInStandby));
    expect(await gateway.command('W-AB3', 'startDrumClean', {})).toMatchObject(rejected(notInStandby));
    expect(await gateway.command('W-AB3', 'pauseMachine', {})).toMatchObject(rejected(notInStandby));
    // Credit mid-cycle would pay part of the next customer's sale: refused running and paused alike.
    expect(await gateway.command('W-AB3', 'insertCoin', { amount: 1000 })).toMatchObject(rejected(cycleRunning));
    expect(await gateway.command('W-AB3', 'pauseCycle', {})).toMatchObject({ ok: true });
    expect(latestState(gateway, 'W-AB3').status).toBe('stopped');
    expect(await gateway.command('W-AB3', 'insertCoin', { amount: 1000 })).toMatchObject(rejected(cycleRunning));
    expect(await gateway.command('W-AB3', 'pauseCycle', {})).toMatchObject(rejected(notInStandby));
    expect(await gateway.command('W-AB3', 'resumeCycle', {})).toMatchObject({ ok: true });
    expect(await gateway.command('W-AB3', 'removeBubbles', {})).toMatchObject({ ok: true });
    expect(await gateway.command('W-AB3', 'skipStage', {}, 'skip-1')).toMatchObject({ ok: true });
    const skipped = await gateway.waitFor((m) => m.channel === 'event' && m.message.commandId === 'skip-1');
    expect(skipped.message).toMatchObject({ kind: 'stageChanged', from: 'main', to: 'rinsing1' });
    expect(await gateway.command('W-AB3', 'terminateCycle', {})).toMatchObject({ ok: true });
    expect(latestState(gateway, 'W-AB3')).toMatchObject({
      status: 'done',
      stage: 'done',
      doorLocked: false,
      remainingSeconds: null,
    });
    // The laundry is still in: a new customer's paid start is refused, the operator's rerun is not.
    const paid = { orderId: 'order-rerun-000001', course: 'standard', amount: 6000, payGateway: 'LinePay' as const };
    expect(await gateway.command('W-AB3', 'paidStart', paid)).toMatchObject(rejected(notInStandby));
    expect(await gateway.command('W-AB3', 'startCycle', {})).toMatchObject({ ok: true });
    expect(latestState(gateway, 'W-AB3')).toMatchObject({ status: 'operating', stage: 'main', doorLocked: true });
    expect(await gateway.command('W-AB3', 'terminateCycle', {})).toMatchObject({ ok: true });
    expect(latestState(gateway, 'W-AB3')).toMatchObject({ status: 'done', stage: 'done' });
  });

  it('answers a malformed command 400, an expired one 478, and a redelivered one without acting twice', async () => {
    const { gateway } = world;
    await gateway.publishRaw(
      'W-AB3',
      JSON.stringify({ v: 1, commandId: 'bad-1', action: 'insertCoin', params: { amount: -5 } }),
    );
    await expect(gateway.waitFor((m) => m.channel === 'ack' && m.message.commandId === 'bad-1')).resolves.toMatchObject(
      {
        message: { ok: false, code: invalidCommand },
      },
    );
    const stale = buildCommand('insertCoin', { amount: 1000 }, { commandId: 'stale-1', now: Date.now() - 60_000 });
    await gateway.publishRaw('W-AB3', JSON.stringify(stale));
    await expect(
      gateway.waitFor((m) => m.channel === 'ack' && m.message.commandId === 'stale-1'),
    ).resolves.toMatchObject({
      message: { ok: false, code: expired },
    });
    const before = latestState(gateway, 'W-AB3').currentCoin;
    expect(await gateway.command('W-AB3', 'insertCoin', { amount: 1000 }, 'coin-once')).toMatchObject({ ok: true });
    expect(await gateway.command('W-AB3', 'insertCoin', { amount: 1000 }, 'coin-once')).toMatchObject({ ok: true });
    expect(latestState(gateway, 'W-AB3').currentCoin).toBe(before + 1000);
  });

  it('has an AY controller refuse what it cannot do', async () => {
    for (const action of ['pauseCycle', 'skipStage', 'startDrumClean', 'rebootTablet'] as const) {
      expect(await world.gateway.command('W-AY', action, {}), action).toMatchObject(rejected(invalidCommand));
    }
  });
});

describe('a dryer (AB2) answering commands', () => {
  it('changes temperature and extends drying only while it can', async () => {
    const { gateway } = world;
    expect(await gateway.command('D-AB2', 'extendDrying', { minutes: 10 })).toMatchObject(rejected(notInStandby));
    expect(await gateway.command('D-AB2', 'startCycle', { dryTemp: 3 })).toMatchObject({ ok: true });
    expect(latestState(gateway, 'D-AB2')).toMatchObject({ status: 'operating', stage: 'dry', dryTemp: 3 });
    expect(await gateway.command('D-AB2', 'changeTemperature', { dryTemp: 1 })).toMatchObject({ ok: true });
    const before = latestState(gateway, 'D-AB2').remainingSeconds!;
    expect(await gateway.command('D-AB2', 'extendDrying', { minutes: 20 })).toMatchObject({ ok: true });
    const after = latestState(gateway, 'D-AB2');
    expect(after.dryTemp).toBe(1);
    // 20 machine minutes at time scale 60 are 20 wall-clock seconds more.
    expect(after.remainingSeconds! - before).toBeGreaterThanOrEqual(19);
    expect(await gateway.command('D-AB2', 'terminateCycle', {})).toMatchObject({ ok: true });
  });
});

describe('cash machines answering commands', () => {
  it('dispenses coins from the hopper only when it can', async () => {
    const { gateway } = world;
    const hopper = latestState(gateway, 'VM-1').coinDispenser!;
    expect(await gateway.command('VM-1', 'dispenseCoins', { amount: 5000 }, 'dispense-1')).toMatchObject({ ok: true });
    expect(latestState(gateway, 'VM-1').coinDispenser!.remainingAmount).toBe(hopper.remainingAmount - 5000);
    const dispensed = await gateway.waitFor((m) => m.channel === 'event' && m.message.commandId === 'dispense-1');
    expect(dispensed.message).toMatchObject({
      kind: 'coinsDispensed',
      expected: 5,
      actual: 5,
      coinValue: 1000,
      reason: 'remote',
    });
    expect(await gateway.command('VM-1', 'dispenseCoins', { amount: 1500 })).toMatchObject(rejected(invalidCommand));
    expect(await gateway.command('VM-1', 'dispenseCoins', { amount: hopper.totalAmount })).toMatchObject(
      rejected(cannotDispense),
    );
    expect(await gateway.command('VM-1', 'setCoinDispenser', { remainingAmount: 200_000 }, 'refill-1')).toMatchObject({
      ok: true,
    });
    await gateway.waitFor(
      (m) => m.channel === 'event' && m.message.kind === 'refill' && m.message.commandId === 'refill-1',
    );
    expect(latestState(gateway, 'VM-1').coinDispenser!.remainingAmount).toBe(200_000);
    expect(await gateway.command('VM-1', 'setCoinDispenser', { totalAmount: 300_000 })).toMatchObject({ ok: true });
    expect(latestState(gateway, 'VM-1').coinDispenser).toMatchObject({
      remainingAmount: 200_000,
      totalAmount: 300_000,
    });
    expect(await gateway.command('VM-1', 'pauseMachine', {})).toMatchObject({ ok: true });
    expect(latestState(gateway, 'VM-1').status).toBe('suspend');
    expect(await gateway.command('VM-1', 'dispenseCoins', { amount: 1000 })).toMatchObject(rejected(cannotDispense));
    expect(await gateway.command('VM-1', 'insertCoin', { amount: 1000 })).toMatchObject(rejected(notInStandby));
    expect(await gateway.command('VM-1', 'resumeMachine', {})).toMatchObject({ ok: true });
    expect(await gateway.command('VM-1', 'startCycle', {})).toMatchObject(rejected(invalidCommand));
  });

  it('resets the banknote counts of a coin changer', async () => {
    expect(await world.gateway.command('MC-1', 'resetBanknotes', {})).toMatchObject({ ok: true });
    expect(latestState(world.gateway, 'MC-1').billAcceptor!.every((row) => row.count === 0)).toBe(true);
    expect(await world.gateway.command('MC-1', 'insertCoin', { amount: 1000 })).toMatchObject(rejected(invalidCommand));
  });

  it('runs car-wash programs and water fills on remote start', async () => {
    const { gateway } = world;
    expect(await gateway.command('CW-1', 'startCycle', { course: 'premium' })).toMatchObject({ ok: true });
    expect(await gateway.command('CW-1', 'changeCourse', { course: 'basic' })).toMatchObject({ ok: true });
    expect(latestState(gateway, 'CW-1')).toMatchObject({ status: 'operating', currentCourse: 'basic' });
    expect(await gateway.command('WS-1', 'startCycle', { course: '3 litres' })).toMatchObject(rejected(invalidCommand));
    expect(await gateway.command('WS-1', 'startCycle', { course: '10L' })).toMatchObject({ ok: true });
    expect(latestState(gateway, 'WS-1')).toMatchObject({ status: 'operating', stage: 'main', currentCourse: '10L' });
  });
});

describe('a faulted machine', () => {
  it('refuses to resume with 1702002 until the error is cleared, then carries on', async () => {
    const faulty = await startWorld([device('W-FAULT', 'washer', 'AB3')], { faults: 1_000, timeScale: 1_200 });
    try {
      const { gateway } = faulty;
      expect(await gateway.command('W-FAULT', 'startCycle', {})).toMatchObject({ ok: true });
      const fault = await gateway.waitFor((m) => m.channel === 'event' && m.message.kind === 'error');
      if (fault.channel !== 'event' || fault.message.kind !== 'error') throw new Error('expected an error event');
      const code = fault.message.code;
      await gateway.waitFor((m) => m.channel === 'state' && m.hwid === 'W-FAULT' && m.message.errorCode === code);
      const standing = latestState(gateway, 'W-FAULT');
      if (standing.status === 'stopped' && standing.stage !== 'done') {
        expect(await gateway.command('W-FAULT', 'resumeCycle', {})).toMatchObject(rejected(internalError));
      }
      expect(await gateway.command('W-FAULT', 'clearError', {}, 'clear-1')).toMatchObject({ ok: true });
      await gateway.waitFor(
        (m) => m.channel === 'event' && m.message.kind === 'errorCleared' && m.message.commandId === 'clear-1',
      );
      expect(latestState(gateway, 'W-FAULT')).toMatchObject({ errorCode: null });
      expect(latestState(gateway, 'W-FAULT').status).not.toBe('stopped');
    } finally {
      await faulty.stop();
    }
  });
});
