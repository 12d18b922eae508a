import { z } from 'zod';
import { deviceStatuses, maxBatchDevices, washStages } from '../constants';
import { commandOutcomes } from './device-log';
import { deviceListQuery, remoteCommand } from './device';
import { unavailableReasons } from '../remote-rules';

/** Sends each machine the prices in force now: its product template's, or a promotion's while it applies. */
const pushPricesCommand = z.object({ action: z.literal('pushPrices'), params: z.object({}).default({}) });
export const batchCommand = z.discriminatedUnion('action', [...remoteCommand.options, pushPricesCommand]);
export type BatchCommand = z.infer<typeof batchCommand>;
export type BatchAction = BatchCommand['action'];

/** Reasons a machine is left out of a command to many machines: the shared rule's, and two of the batch's own. */
export const batchSkipReasons = [...unavailableReasons, 'notFound', 'noProduct'] as const;
export type BatchSkipReason = (typeof batchSkipReasons)[number];

const deviceIds = z
  .array(z.number().int().positive().max(2_147_483_647))
  .min(1)
  .max(maxBatchDevices)
  .refine((ids) => new Set(ids).size === ids.length, 'each machine once');

/** The machines: listed by id, or every machine matching the device list's filter (across its pages). */
export const batchSelection = z.union([
  z.object({ deviceIds }),
  z.object({ filter: deviceListQuery.omit({ page: true, pageSize: true }) }),
]);
export type BatchSelection = z.infer<typeof batchSelection>;

export const batchPreviewInput = z.object({ command: batchCommand, selection: batchSelection });
export type BatchPreviewInput = z.infer<typeof batchPreviewInput>;
export const batchInput = z.object({ command: batchCommand, deviceIds });
export type BatchInput = z.infer<typeof batchInput>;

const machine = z.object({
  deviceId: z.number().int(),
  name: z.string(),
  status: z.enum(deviceStatuses).describe('the state the machine is in now'),
  stage: z.enum(washStages),
});
const skippedMachine = machine.extend({ reason: z.enum(batchSkipReasons) });

export const batchPreview = z.object({
  action: z.string(),
  receivers: z.array(machine).describe('machines that will receive the command'),
  skipped: z.array(skippedMachine).describe('machines left out, with why'),
});
export type BatchPreview = z.infer<typeof batchPreview>;

const batchItemStates = ['queued', 'notSent', ...commandOutcomes] as const;
export const batchItem = machine.extend({
  state: z
    .enum(batchItemStates)
    .describe(
      'queued until sent; notSent when the batch was cut short before reaching it (the server stopped while sending); then as the device log records it',
    ),
  code: z.number().int().nullable().describe('the refusal code of a failed command'),
});
export type BatchItem = z.infer<typeof batchItem>;

export const commandBatch = z.object({
  id: z.string().uuid(),
  action: z.string(),
  createdAt: z.string(),
  done: z.boolean().describe('every machine answered, timed out or was offline'),
  items: z.array(batchItem),
  skipped: z.array(skippedMachine),
});
export type CommandBatch = z.infer<typeof commandBatch>;
