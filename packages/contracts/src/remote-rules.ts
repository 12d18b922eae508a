import type { deviceStatuses, washStages } from './constants';
import { supportsAction, type CommandAction, type DeviceKind } from './mqtt';

type Status = (typeof deviceStatuses)[number];
type Stage = (typeof washStages)[number];

/** What the rules read of a machine: the fields of a device list item (or a device row's last report). */
export type RemoteMachine = {
  kind: DeviceKind | null;
  model: string;
  hwid: string | null;
  online: boolean;
  status: Status;
  stage: Stage;
  errorCode: number | null;
};

/** Why an action cannot be sent now, in the order they are checked. */
export const unavailableReasons = [
  'noController',
  'unsupported',
  'offline',
  'fault',
  'noFault',
  'cycleRunning',
  'state',
] as const;
export type UnavailableReason = (typeof unavailableReasons)[number];
type RemoteAvailability = { available: true } | { available: false; reason: UnavailableReason };

const rerunKinds: readonly (DeviceKind | null)[] = ['washer', 'dryer', 'washerDryer'];
const washing: readonly Stage[] = ['main', 'rinsing1', 'rinsing2', 'rinsing3'];
const running = (s: RemoteMachine) => s.status === 'operating' || s.status === 'drumCleaning';
const inCycle = (s: RemoteMachine) => running(s) || s.status === 'stopped';

type Rule = {
  needsNoFault?: boolean;
  /** Only while a fault is active (clearing nothing is no action). */
  needsFault?: boolean;
  /** Refused while a cycle runs or is paused: credit would pay the next customer's sale, a reboot would strand this one. */
  notMidCycle?: boolean;
  when: (s: RemoteMachine) => boolean;
};
const always: Rule = { when: () => true };

/**
 * The states in which a machine accepts each action, as the controllers of docs/device-protocol.md
 * answer them (1710001 "not in standby" otherwise; 1702002 while a fault is active; 1710003 while a cycle
 * runs, for actions that would reach into the running sale).
 */
const rules: Partial<Record<CommandAction, Rule>> = {
  // A washer or dryer whose cycle ended with the laundry still in runs it again (a customer's rewash).
  startCycle: {
    needsNoFault: true,
    when: (s) => s.status === 'idle' || (s.status === 'done' && s.stage === 'done' && rerunKinds.includes(s.kind)),
  },
  startDrumClean: { needsNoFault: true, when: (s) => s.status === 'idle' },
  pauseCycle: { when: running },
  skipStage: { when: running },
  resumeCycle: { needsNoFault: true, when: (s) => s.status === 'stopped' },
  terminateCycle: { when: inCycle },
  changeTemperature: {
    when: (s) => s.status === 'idle' || (inCycle(s) && s.status !== 'drumCleaning' && s.stage !== 'cool'),
  },
  changeCourse: {
    when: (s) => s.status === 'idle' || (inCycle(s) && s.status !== 'drumCleaning' && s.stage === 'main'),
  },
  extendDrying: {
    when: (s) =>
      (inCycle(s) && (s.stage === 'dry' || s.stage === 'cool')) || (s.status === 'done' && s.stage === 'done'),
  },
  removeBubbles: { when: (s) => s.status === 'operating' && washing.includes(s.stage) },
  pauseMachine: { when: (s) => s.status === 'idle' || s.status === 'done' },
  resumeMachine: { when: (s) => s.status === 'suspend' },
  insertCoin: { needsNoFault: true, notMidCycle: true, when: (s) => s.status === 'idle' || s.status === 'done' },
  dispenseCoins: { needsNoFault: true, when: (s) => s.status === 'idle' },
  clearError: { needsFault: true, when: () => true },
  resetDrumClean: always,
  resetPaidAmount: always,
  rebootTablet: { notMidCycle: true, when: () => true },
  setPrices: always,
};

/**
 * Whether `action` may be sent to the machine now: one rule for the api (which refuses) and the web
 * (which offers). A machine without a controller takes nothing; one offline is not waited for.
 */
export function remoteAvailability(action: CommandAction, machine: RemoteMachine): RemoteAvailability {
  if (!machine.hwid) return { available: false, reason: 'noController' };
  if (!machine.kind || !supportsAction(machine.kind, machine.model, action))
    return { available: false, reason: 'unsupported' };
  if (!machine.online || machine.status === 'offline') return { available: false, reason: 'offline' };
  // Connected but not yet reported: its state is not known here, so the machine itself decides.
  if (machine.status === 'online' || machine.status === 'unknown') return { available: true };
  const rule = rules[action] ?? always;
  if (rule.needsNoFault && machine.errorCode !== null) return { available: false, reason: 'fault' };
  if (rule.needsFault && machine.errorCode === null) return { available: false, reason: 'noFault' };
  if (rule.notMidCycle && inCycle(machine)) return { available: false, reason: 'cycleRunning' };
  if (!rule.when(machine)) return { available: false, reason: 'state' };
  return { available: true };
}
