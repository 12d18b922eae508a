import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StateReport } from '@sbo/contracts/mqtt';
import { device, latestState, startWorld } from './helpers/world';
import type { World } from './helpers/world';

let world: World;
beforeAll(async () => {
  // 3,600x: an hour of machine time takes one second.
  world = await startWorld([device('W-1', 'washer', 'AB3'), device('WD-1', 'washerDryer', 'AB3')], {
    timeScale: 3_600,
  });
});
afterAll(() => world?.stop());

const stagesOf = (hwid: string, since: number) =>
  world.gateway.messages
    .slice(since)
    .flatMap((m) => (m.hwid === hwid && m.channel === 'event' && m.message.kind === 'stageChanged' ? [m.message] : []));

const waitForState = (hwid: string, match: (s: StateReport) => boolean) =>
  world.gateway.waitFor((m) => m.hwid === hwid && m.channel === 'state' && match(m.message), { timeoutMs: 8_000 });

describe('a remote start', () => {
  it('runs a washer through every stage to done, then the customer empties it', async () => {
    const since = world.gateway.messages.length;
    expect(await world.gateway.command('W-1', 'startCycle', { course: 'heavy' })).toMatchObject({ ok: true });
    await waitForState('W-1', (s) => s.status === 'done');
    expect(stagesOf('W-1', since).map((e) => [e.from, e.to])).toEqual([
      ['none', 'main'],
      ['main', 'rinsing1'],
      ['rinsing1', 'rinsing2'],
      ['rinsing2', 'rinsing3'],
      ['rinsing3', 'spin'],
      ['spin', 'done'],
    ]);
    expect(stagesOf('W-1', since).every((e) => e.course === 'heavy')).toBe(true);
    expect(latestState(world.gateway, 'W-1')).toMatchObject({
      stage: 'done',
      doorLocked: false,
      cyclesSinceDrumClean: 1,
    });
    await waitForState('W-1', (s) => s.status === 'idle' && s.stage === 'none');
  });

  it('dries and cools a washer-dryer after washing, and a paid credit becomes a sale with encore', async () => {
    const since = world.gateway.messages.length;
    expect(await world.gateway.command('WD-1', 'insertCoin', { amount: 20_000 })).toMatchObject({ ok: true });
    expect(await world.gateway.command('WD-1', 'startCycle', { course: 'quick', dryTemp: 2 })).toMatchObject({
      ok: true,
    });
    const sale = await world.gateway.waitFor(
      (m) => m.hwid === 'WD-1' && m.channel === 'event' && m.message.kind === 'sale',
    );
    expect(sale.message).toMatchObject({
      kind: 'sale',
      payGateway: 'offline',
      course: 'quick',
      dryTemp: 2,
      dryTime: 40,
    });
    if (sale.channel === 'event' && sale.message.kind === 'sale') expect(sale.message.encore).toBe(sale.message.amount);
    expect(latestState(world.gateway, 'WD-1').remainingSeconds).toBeGreaterThan(0);
    await waitForState('WD-1', (s) => s.status === 'done');
    expect(stagesOf('WD-1', since).map((e) => e.to)).toEqual(['main', 'rinsing1', 'spin', 'dry', 'cool', 'done']);
  });
});

describe('drying extended after the end', () => {
  // Its own fleet, whose customers take a day to come back: the finished dryer stays done however slowly
  // the extension reaches it on a busy machine (a few minutes' wait is milliseconds at this time scale).
  let dryers: World;
  beforeAll(async () => {
    dryers = await startWorld([device('D-AY', 'dryer', 'AY')], { timeScale: 3_600, collectAfterSeconds: 86_400 });
  });
  afterAll(() => dryers?.stop());

  it('dries on an AY dryer without a cool-down, and extends drying after the end', async () => {
    const since = dryers.gateway.messages.length;
    const dryerState = (match: (s: StateReport) => boolean) =>
      dryers.gateway.waitFor((m) => m.hwid === 'D-AY' && m.channel === 'state' && match(m.message), {
        timeoutMs: 8_000,
      });
    expect(await dryers.gateway.command('D-AY', 'startCycle', { dryTemp: 3 })).toMatchObject({ ok: true });
    await dryerState((s) => s.status === 'done');
    const stages = dryers.gateway.messages
      .slice(since)
      .flatMap((m) =>
        m.hwid === 'D-AY' && m.channel === 'event' && m.message.kind === 'stageChanged' ? [m.message.to] : [],
      );
    expect(stages).toEqual(['dry', 'done']);
    expect(await dryers.gateway.command('D-AY', 'extendDrying', { minutes: 10 })).toMatchObject({ ok: true });
    expect(latestState(dryers.gateway, 'D-AY')).toMatchObject({ status: 'operating', stage: 'dry' });
    await dryerState((s) => s.status === 'done');
  });
});
