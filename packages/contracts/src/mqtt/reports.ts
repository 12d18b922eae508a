/** What a device reports of itself: its `status` (online, offline) and its full `state`. */
import { z } from 'zod';
import { amount, count, courseCode, dryTemp, epochMs, faultCode, id64, positiveAmount, stage, v } from './fields';
import { deviceKinds, machineTypeByKind, reportedStatuses, type DeviceKind } from './machines';
import { deviceConfig } from './commands';
import { protocolVersion } from './topics';

const bootId = id64.describe('new random id at every boot');
const connId = id64.describe('new random id at every connection; pairs an offline with its online');
const model = z
  .string()
  .regex(/^[A-Za-z0-9-]{1,16}$/)
  .describe('open set; unknown models get no remote actions');
const firmware = z
  .string()
  .regex(/^\d+\.\d+\.\d+([-+][0-9A-Za-z.-]+)?$/)
  .describe('semantic version');
const identity = { kind: z.enum(deviceKinds), model, machineType: z.number().int(), firmware };
const machineTypeMatchesKind = (m: { kind: DeviceKind; machineType: number }) =>
  machineTypeByKind[m.kind] === m.machineType;

/** Retained on `status`: online at connect, offline as last will or before a clean shutdown. */
export const statusMessage = z.discriminatedUnion('status', [
  z
    .object({
      v,
      status: z.literal('online'),
      bootId,
      connId,
      sentAt: epochMs,
      protocol: z.string().max(16),
      ...identity,
    })
    .refine(machineTypeMatchesKind, 'machineType does not match kind'),
  z.object({
    v,
    status: z.literal('offline'),
    bootId,
    connId,
    reason: z.enum(['lastWill', 'shutdown', 'reboot']),
    sentAt: epochMs.optional(),
  }),
]);
export type StatusMessage = z.infer<typeof statusMessage>;

export const billAcceptorRow = z.object({
  denomination: positiveAmount,
  count: count.describe('notes held since the last banknote reset'),
  amount: amount.describe('denomination x count'),
  usage: count.describe('notes of this denomination accepted over the life of the acceptor'),
  ratio: z.number().min(0).max(1).describe("this row's share of the held amount"),
});
export const coinDispenserState = z.object({
  remainingAmount: amount,
  totalAmount: amount.describe('capacity when full'),
  coinValue: positiveAmount,
});

/** Full snapshot on `state`, on change and at least every heartbeat; it is also the heartbeat. */
export const stateReport = z
  .object({
    v,
    bootId,
    seq: z.number().int().nonnegative().describe('per boot, +1 per report'),
    sentAt: epochMs,
    ...identity,
    status: z.enum(reportedStatuses),
    stage: stage,
    dryTemp,
    doorLocked: z.boolean(),
    doorOpen: z.boolean(),
    currentCourse: courseCode.nullable(),
    currentCoin: amount.describe('credit inserted and not yet spent'),
    extraCoin: amount.describe('paid for extras during the running cycle'),
    remainingSeconds: z.number().int().nonnegative().nullable().describe('as of sentAt; null when no cycle runs'),
    coinCount: count.describe('coins in the coin box since the last collection'),
    cumulativeAmount: amount.describe('lifetime sales of every payment kind'),
    cashBoxAmount: amount.describe('cash in the box since the last collection'),
    errorCode: faultCode.nullable(),
    testTime: z.number().int().nonnegative().describe('seconds of test mode left; 0 off'),
    cyclesSinceDrumClean: count.optional(),
    billAcceptor: z.array(billAcceptorRow).max(16).optional(),
    coinDispenser: coinDispenserState.optional(),
    pricesVersion: id64.nullable().optional(),
    config: deviceConfig.optional(),
  })
  .refine(machineTypeMatchesKind, 'machineType does not match kind');
export type StateReport = z.infer<typeof stateReport>;

/** What a machine reports of itself, without the message around it (version, boot, sequence, time). */
export type MachineStateReport = Omit<StateReport, 'v' | 'bootId' | 'seq' | 'sentAt'>;
type MachineIdentity = { kind: DeviceKind; model: StateReport['model']; firmware: string };

/** An idle machine with nothing in it, as a controller starts (the time left of a cycle aside). */
export function idleMachineState(of: MachineIdentity): Omit<MachineStateReport, 'remainingSeconds'> {
  return {
    kind: of.kind,
    model: of.model,
    machineType: machineTypeByKind[of.kind],
    firmware: of.firmware,
    status: 'idle',
    stage: 'none',
    dryTemp: 0,
    doorLocked: false,
    doorOpen: false,
    currentCourse: null,
    currentCoin: 0,
    extraCoin: 0,
    coinCount: 0,
    cumulativeAmount: 0,
    cashBoxAmount: 0,
    errorCode: null,
    testTime: 0,
  };
}

/** The state report of an idle machine with nothing in it: what a controller sends when nobody uses it. */
export function idleStateReport(of: MachineIdentity & { bootId: string; seq: number }): StateReport {
  return {
    v: protocolVersion,
    bootId: of.bootId,
    seq: of.seq,
    sentAt: Date.now(),
    ...idleMachineState(of),
    remainingSeconds: null,
  };
}
