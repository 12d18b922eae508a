import { describe, expect, it } from 'vitest';
import { machineState } from '../src/modules/checkout/machine-view';

type Row = Parameters<typeof machineState>[0];
type Report = NonNullable<Row['report']>;
const reporting = (status: Report['status'], errorCode: number | null = null): Row => ({
  online: true,
  report: { status, errorCode } as Report,
});

describe('the state a consumer sees at a machine', () => {
  it('is free only in standby, as a remote start needs', () => {
    expect(machineState(reporting('idle'))).toBe('free');
    // A finished cycle whose laundry is still inside: the machine refuses a start until it is back in standby.
    expect(machineState(reporting('done'))).toBe('inUse');
    expect(machineState(reporting('operating'))).toBe('inUse');
  });

  it('puts a fault or a stop before anything else, and no report at all as offline', () => {
    expect(machineState(reporting('idle', 16091010))).toBe('fault');
    expect(machineState(reporting('stopped'))).toBe('fault');
    expect(machineState({ online: true, report: null })).toBe('offline');
    expect(machineState({ online: false, report: null })).toBe('offline');
  });
});
