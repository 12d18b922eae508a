import { z } from 'zod';
import { pageQuery } from './pagination';
import { logTypes } from '../constants';
import { deviceReference } from './common';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'use YYYY-MM-DD');

/** Days are read in the request's `tz`; more than three months answers 1103001, `from` after `to` 1106001. */
export const deviceLogQuery = z.object({
  ...pageQuery.shape,
  deviceId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  logType: z.enum(logTypes).optional(),
  from: day.optional().describe('first day, inclusive; default: 6 days before `to`'),
  to: day.optional().describe('last day, inclusive; default: today'),
});
export type DeviceLogQuery = z.infer<typeof deviceLogQuery>;

export const commandOutcomes = ['pending', 'ok', 'failed', 'timeout', 'offline'] as const;

export const deviceLogRow = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  ...deviceReference,
  logType: z.enum(logTypes),
  operator: z.string().nullable().describe('who acted; null when the machine reported it'),
  content: z.string().describe('English text'),
  contentKey: z.string().describe('translation key, e.g. deviceLog.remote.startCycle'),
  contentParams: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  expectedCoins: z.number().int().nullable(),
  actualCoins: z.number().int().nullable(),
  result: z.enum(commandOutcomes).nullable().describe('remote actions: how the device answered'),
  code: z.number().int().nullable().describe('catalogue code of a failed action or a fault'),
});
export type DeviceLogRow = z.infer<typeof deviceLogRow>;
