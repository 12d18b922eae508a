import { z } from 'zod';
import { pageQuery } from './pagination';
import { minor } from './common';

const dbId = z.number().int().positive().max(2_147_483_647);

export const cashboxTripStart = z
  .object({
    deviceIds: z.array(dbId).max(500).default([]),
    placeIds: z.array(dbId).max(100).default([]).describe('every visible machine of these places'),
    note: z.string().trim().max(200).default(''),
  })
  .refine((body) => body.deviceIds.length + body.placeIds.length > 0, 'choose at least one place or machine');
export type CashboxTripStart = z.infer<typeof cashboxTripStart>;

export const cashboxCollection = z.object({
  collectedAmount: z.number().int().min(0).max(1_000_000_000_000),
});

const cashboxResetResults = ['ok', 'failed', 'timeout', 'offline'] as const;

const cashboxTripItem = z.object({
  deviceId: z.number().int(),
  deviceName: z.string(),
  place: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  online: z.boolean(),
  currentAmount: minor.describe("the machine's cash-box amount now"),
  expectedAmount: minor.describe('the cash-box amount when collected (or when the trip started)'),
  collectedAmount: minor.nullable(),
  collectedAt: z.string().nullable(),
  difference: minor.nullable().describe('collected - expected'),
  resetResult: z.enum(cashboxResetResults).nullable(),
});

const cashboxTripStatuses = ['open', 'settled'] as const;
export const cashboxTrip = z.object({
  id: z.number().int(),
  status: z.enum(cashboxTripStatuses),
  note: z.string(),
  currency: z.string(),
  startedAt: z.string(),
  startedBy: z.string().nullable(),
  settledAt: z.string().nullable(),
  deviceCount: z.number().int(),
  collectedCount: z.number().int(),
  expectedTotal: minor.describe('of the collected machines'),
  collectedTotal: minor,
  difference: minor.describe('collectedTotal - expectedTotal'),
});
export type CashboxTrip = z.infer<typeof cashboxTrip>;

export const cashboxTripDetail = cashboxTrip.extend({ items: z.array(cashboxTripItem) });
export type CashboxTripDetail = z.infer<typeof cashboxTripDetail>;

export const cashboxTripListQuery = z.object({
  ...pageQuery.shape,
  status: z.enum(cashboxTripStatuses).optional(),
});
