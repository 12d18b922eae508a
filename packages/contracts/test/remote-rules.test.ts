import { describe, expect, it } from 'vitest';
import { remoteAvailability, type RemoteMachine } from '../src/remote-rules';

const washer: RemoteMachine = {
  kind: 'washer',
  model: 'AB3',
  hwid: 'HW-1',
  online: true,
  status: 'idle',
  stage: 'none',
  errorCode: null,
};
const at = (patch: Partial<RemoteMachine>): RemoteMachine => ({ ...washer, ...patch });
const reason = (action: Parameters<typeof remoteAvailability>[0], machine: RemoteMachine) => {
  const answer = remoteAvailability(action, machine);
  return answer.available ? 'available' : answer.reason;
};

describe('remoteAvailability', () => {
  it('offers nothing on a machine without a controller, whatever it supports', () => {
    for (const action of ['startCycle', 'clearError', 'rebootTablet', 'setPrices'] as const)
      expect(reason(action, at({ hwid: null }))).toBe('noController');
  });

  it('refuses an action the model or kind cannot do before looking at the state', () => {
    expect(reason('skipStage', at({ model: 'AY' }))).toBe('unsupported');
    expect(reason('changeTemperature', washer)).toBe('unsupported');
    expect(reason('startCycle', at({ kind: null }))).toBe('unsupported');
  });

  it('sends nothing to an offline machine', () => {
    expect(reason('rebootTablet', at({ online: false, status: 'offline' }))).toBe('offline');
  });

  it('skips a stage only while a cycle runs, never on an idle washer (1710001)', () => {
    expect(reason('skipStage', washer)).toBe('state');
    expect(reason('skipStage', at({ status: 'operating', stage: 'rinsing1' }))).toBe('available');
    expect(reason('skipStage', at({ status: 'stopped', stage: 'main' }))).toBe('state');
  });

  it('starts a cycle or a drum clean only in standby and without a fault', () => {
    expect(reason('startCycle', washer)).toBe('available');
    expect(reason('startDrumClean', washer)).toBe('available');
    expect(reason('startDrumClean', at({ status: 'operating', stage: 'main' }))).toBe('state');
    expect(reason('startCycle', at({ status: 'operating', stage: 'main' }))).toBe('state');
    expect(reason('startCycle', at({ errorCode: 16091006 }))).toBe('fault');
  });

  it("runs a finished wash or dry again with the laundry still in, but no other kind of machine's finished cycle", () => {
    expect(reason('startCycle', at({ status: 'done', stage: 'done' }))).toBe('available');
    expect(reason('startCycle', at({ kind: 'dryer', model: 'AY', status: 'done', stage: 'done' }))).toBe('available');
    expect(reason('startCycle', at({ status: 'done', stage: 'done', errorCode: 16091006 }))).toBe('fault');
    expect(reason('startCycle', at({ kind: 'carWash', model: 'CW1', status: 'done', stage: 'done' }))).toBe('state');
    expect(reason('startCycle', at({ errorCode: 16091006 }))).toBe('fault');
  });

  it('pauses, resumes and terminates cycles in the states that have one', () => {
    expect(reason('pauseCycle', at({ status: 'drumCleaning', stage: 'main' }))).toBe('available');
    expect(reason('resumeCycle', at({ status: 'stopped', stage: 'main' }))).toBe('available');
    expect(reason('resumeCycle', at({ status: 'operating', stage: 'main' }))).toBe('state');
    expect(reason('terminateCycle', at({ status: 'stopped', stage: 'spin' }))).toBe('available');
    expect(reason('terminateCycle', washer)).toBe('state');
  });

  it('changes course before the main wash ends and temperature before cooling', () => {
    expect(reason('changeCourse', washer)).toBe('available');
    expect(reason('changeCourse', at({ status: 'operating', stage: 'main' }))).toBe('available');
    expect(reason('changeCourse', at({ status: 'operating', stage: 'spin' }))).toBe('state');
    const dryer = { ...washer, kind: 'dryer' as const };
    expect(reason('changeTemperature', { ...dryer, status: 'operating', stage: 'dry' })).toBe('available');
    expect(reason('changeTemperature', { ...dryer, status: 'operating', stage: 'cool' })).toBe('state');
    expect(reason('extendDrying', { ...dryer, status: 'operating', stage: 'dry' })).toBe('available');
    expect(reason('extendDrying', { ...dryer, status: 'done', stage: 'done' })).toBe('available');
    expect(reason('extendDrying', dryer)).toBe('state');
  });

  it('removes bubbles only during a washing stage', () => {
    expect(reason('removeBubbles', at({ status: 'operating', stage: 'rinsing2' }))).toBe('available');
    expect(reason('removeBubbles', at({ status: 'operating', stage: 'spin' }))).toBe('state');
  });

  it('takes a machine out of use when free and back from suspension only', () => {
    expect(reason('pauseMachine', washer)).toBe('available');
    expect(reason('pauseMachine', at({ status: 'operating', stage: 'main' }))).toBe('state');
    expect(reason('resumeMachine', washer)).toBe('state');
    expect(reason('resumeMachine', at({ status: 'suspend' }))).toBe('available');
  });

  it('credits coins only between customers, and dispenses only when free and without a fault', () => {
    const changer: RemoteMachine = { ...washer, kind: 'coinChanger', model: 'MC1' };
    expect(reason('dispenseCoins', changer)).toBe('available');
    expect(reason('dispenseCoins', { ...changer, status: 'operating' })).toBe('state');
    expect(reason('dispenseCoins', { ...changer, errorCode: 1710002 })).toBe('fault');
    expect(reason('insertCoin', at({ status: 'suspend' }))).toBe('state');
  });

  it('leaves the decision to a connected machine that has not reported its state yet', () => {
    expect(reason('skipStage', at({ status: 'online' }))).toBe('available');
    expect(reason('skipStage', at({ status: 'online', hwid: null }))).toBe('noController');
  });

  it('resets drum clean and paid amount in any state of an online machine', () => {
    for (const status of ['idle', 'operating', 'suspend', 'drumCleaning'] as const)
      for (const action of ['resetDrumClean', 'resetPaidAmount'] as const)
        expect(reason(action, at({ status, errorCode: 16091006 }))).toBe('available');
  });

  it('offers clear error only while a fault is on, whatever the state', () => {
    for (const status of ['idle', 'done', 'operating', 'stopped'] as const) {
      expect(reason('clearError', at({ status, stage: 'main' }))).toBe('noFault');
      expect(reason('clearError', at({ status, stage: 'main', errorCode: 16091006 }))).toBe('available');
    }
  });

  it('refuses insert coin and reboot tablet while a cycle runs or is paused, rinse to cool-down', () => {
    const dryer = { ...washer, kind: 'dryer' as const };
    for (const [status, stage] of [
      ['operating', 'rinsing1'],
      ['operating', 'spin'],
      ['stopped', 'main'],
      ['drumCleaning', 'main'],
    ] as const) {
      expect(reason('insertCoin', at({ status, stage }))).toBe('cycleRunning');
      expect(reason('rebootTablet', at({ status, stage }))).toBe('cycleRunning');
    }
    for (const stage of ['dry', 'cool'] as const)
      expect(reason('insertCoin', { ...dryer, status: 'operating', stage })).toBe('cycleRunning');
    for (const status of ['idle', 'done'] as const) {
      expect(reason('insertCoin', at({ status }))).toBe('available');
      expect(reason('rebootTablet', at({ status }))).toBe('available');
    }
  });
});
