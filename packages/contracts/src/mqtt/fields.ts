/** Field schemas several channels share: amounts, counts, ids, times, stages and fault codes. */
import { z } from 'zod';
import { dryTemperatures, washStages } from '../constants';
import { machineAmount } from '../schemas/common';
import { protocolVersion } from './topics';

const seq = (from: number, to: number): number[] => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** Amounts on the wire: money the machine counts, never negative (`machineAmount`). */
export const amount = machineAmount;
export const positiveAmount = amount.min(1);
export const count = z.number().int().nonnegative().max(1_000_000_000);
export const epochMs = z.number().int().min(1_000_000_000_000).describe('Unix epoch milliseconds, UTC');
export const id64 = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);
export const courseCode = z.string().regex(/^[A-Za-z0-9_-]{1,32}$/);
export const label = z.string().min(1).max(64);
export const dryTemp = z.literal([
  dryTemperatures.none,
  dryTemperatures.low,
  dryTemperatures.mid,
  dryTemperatures.high,
]);
export const stage = z.enum(washStages);
export const v = z.literal(protocolVersion);

/** Fault codes a device may raise: bill validator, bill dispenser, washer, and device-level results. */
// prettier-ignore
export const deviceFaultCodes: readonly number[] = [
  ...seq(1303001, 1303010), ...seq(1304001, 1304010), ...seq(16091006, 16091089), 1702001, 1702002, 1710002,
];
const faultCodeSet = new Set(deviceFaultCodes);
const isDeviceFaultCode = (code: number): boolean => faultCodeSet.has(code);
export const faultCode = z.number().int().refine(isDeviceFaultCode, 'not a device fault code of the catalogue');
