import { describe, expect, it } from 'vitest';
import { parseSettingValue } from '../src/features/device/utils/ab-settings';
import { applyLiveUpdate, patchPage } from '../src/features/device/utils/live-patch';
import { toMinorUnits } from '../src/features/device/utils/money';
import { formatDuration, remainingAt } from '../src/features/device/utils/remaining-time';
import {
  actionGroups,
  courseChoices,
  coursesOf,
  groupActions,
  toCommand,
} from '../src/features/device/utils/remote-actions';
import { sampleDevice } from './devices-samples';

describe('remote actions offered for a device', () => {
  it('offers only what the machine supports, grouped, leaving empty groups out', () => {
    const groups = groupActions(['pauseMachine', 'resumeMachine', 'clearError', 'dispenseCoins']);
    expect(groups).toEqual([
      { key: 'money', actions: ['dispenseCoins'] },
      { key: 'machine', actions: ['pauseMachine', 'resumeMachine', 'clearError'] },
    ]);
  });

  it('places every remote action of spec section 4 in exactly one group', () => {
    const all = actionGroups.flatMap((group) => group.actions);
    expect(new Set(all).size).toBe(all.length);
    expect(all).toHaveLength(18);
  });

  it('offers no bedding course on the basic AY washer, and dryer courses on dryers', () => {
    expect(coursesOf('washer', 'AB3')).toContain('bedding');
    expect(coursesOf('washer', 'AY')).not.toContain('bedding');
    expect(coursesOf('dryer', 'AY')).toEqual(['standard', 'delicate', 'bedding']);
    expect(coursesOf('carWash', 'CW1')).toEqual(['basic', 'deluxe', 'premium']);
    expect(coursesOf('vending', 'VM1')).toEqual([]);
    expect(coursesOf(null, 'AB3')).toEqual([]);
  });

  it("offers the courses of the machine's template, with their names and prices, before the protocol's", () => {
    const label = (course: string) => `<${course}>`;
    const price = (minor: number) => `$${minor / 100}`;
    const template = [
      { course: 'eco', name: 'Eco wash', price: 4000 },
      { course: 'standard', name: ' ', price: 6000 },
    ];
    expect(courseChoices(template, 'washer', 'AB3', label, price)).toEqual([
      { value: 'eco', label: 'Eco wash · $40' },
      { value: 'standard', label: '<standard> · $60' },
    ]);
    expect(courseChoices([], 'dryer', 'AB3', label, price).map((choice) => choice.value)).toEqual(
      coursesOf('dryer', 'AB3'),
    );
    expect(courseChoices(undefined, 'washer', 'AY', label, price)).toContainEqual({
      value: 'quick',
      label: '<quick>',
    });
  });
});

describe('amounts typed in the main currency unit', () => {
  it('become integer minor units', () => {
    expect(toMinorUnits(30, 'TWD')).toBe(3000);
    expect(toMinorUnits(0.1 + 0.2, 'TWD')).toBe(30);
    expect(toMinorUnits(500, 'JPY')).toBe(500);
  });
});

describe('remaining time', () => {
  const reportedAt = '2026-01-01T00:00:00.000Z';
  const at = (seconds: number) => Date.parse(reportedAt) + seconds * 1000;

  it('counts down from the report and stops at zero', () => {
    expect(remainingAt(120, reportedAt, at(30))).toBe(90);
    expect(remainingAt(120, reportedAt, at(500))).toBe(0);
    expect(remainingAt(null, reportedAt, at(5))).toBeNull();
  });

  it('is shown as minutes and seconds, with hours when needed', () => {
    expect(formatDuration(125)).toBe('2:05');
    expect(formatDuration(3725)).toBe('1:02:05');
  });
});

describe('live updates', () => {
  const update = {
    deviceId: 1,
    status: 'operating' as const,
    online: true,
    lastSeenAt: '2026-01-01T00:01:00.000Z',
    stage: 'rinsing1' as const,
    dryTemp: 0,
    currentCourse: 'quick',
    remainingSeconds: 600,
    errorCode: null,
    testTime: 0,
    reportedAt: '2026-01-01T00:01:00.000Z',
  };

  it('patch the device they name and keep its other fields', () => {
    const patched = applyLiveUpdate(sampleDevice, update);
    expect(patched).toMatchObject({ id: 1, name: 'Washer 1', stage: 'rinsing1', status: 'operating' });
  });

  it('never let an older report replace a newer one', () => {
    const newer = { ...sampleDevice, reportedAt: '2026-01-01T00:05:00.000Z', stage: 'spin' as const };
    expect(applyLiveUpdate(newer, update).stage).toBe('spin');
  });

  it('leave a list page without the device untouched', () => {
    const page = { items: [{ ...sampleDevice, id: 2 }], total: 1 };
    expect(patchPage(page, update)).toBe(page);
    const withDevice = { items: [sampleDevice], total: 1 };
    expect(patchPage(withDevice, update).items[0]?.stage).toBe('rinsing1');
  });
});

describe('new controller settings', () => {
  it('are typed as numbers, true/false or text', () => {
    expect(parseSettingValue('1200')).toBe(1200);
    expect(parseSettingValue(' true ')).toBe(true);
    expect(parseSettingValue('zh-TW')).toBe('zh-TW');
  });
});

describe('the command a confirmation sends', () => {
  it('turns a number of coins into the amount the hopper pays out', () => {
    expect(toCommand('dispenseCoins', { coins: 3 }, 'TWD', 1000)).toEqual({
      action: 'dispenseCoins',
      params: { amount: 3000 },
    });
  });

  it('sends an inserted amount in minor units', () => {
    expect(toCommand('insertCoin', { amount: 30 }, 'TWD', null)).toEqual({
      action: 'insertCoin',
      params: { amount: 3000 },
    });
  });

  it('waits for a required parameter, and starts the selected course when none is picked', () => {
    expect(toCommand('changeCourse', {}, 'TWD', null)).toBeNull();
    expect(toCommand('changeTemperature', { dryTemp: 0 }, 'TWD', null)).toBeNull();
    expect(toCommand('startCycle', {}, 'TWD', null)).toEqual({ action: 'startCycle', params: {} });
    expect(toCommand('startCycle', { course: 'quick' }, 'TWD', null)).toEqual({
      action: 'startCycle',
      params: { course: 'quick' },
    });
    expect(toCommand('pauseCycle', {}, 'TWD', null)).toEqual({ action: 'pauseCycle', params: {} });
  });
});
