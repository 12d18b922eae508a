import { z } from 'zod';

/** Query values every request carries (spec section 7). */
export const requestContextQuery = z.object({
  tz: z.string().max(64).optional().describe('IANA time zone of the client, e.g. Asia/Taipei'),
  timestamp: z.coerce.number().int().nonnegative().optional().describe('Client clock in epoch milliseconds'),
});

const minorUnits = z.number().int();
/** Money: a whole number of the currency's minor units (docs/money.md). */
export const minor = minorUnits.describe('minor units of `currency`');
/** Money a machine counts (device protocol): never negative, at most the largest safe integer. */
export const machineAmount = minorUnits.nonnegative().max(Number.MAX_SAFE_INTEGER);

export const envelope = <T extends z.ZodType>(result: T) => z.object({ result });

export const businessError = z.object({
  code: z.number().int(),
  message: z.string(),
});

export const validationError = businessError.extend({
  details: z.array(z.object({ path: z.string(), message: z.string() })),
});
export type ValidationError = z.infer<typeof validationError>;

export const idParam = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** What a successful delete answers. */
export const deletedResult = z.object({ deleted: z.literal(true) });

/** The machine a row is about: its id, name and controller, each null when the row has none. */
export const deviceReference = {
  deviceId: z.number().int().nullable(),
  deviceName: z.string().nullable(),
  hwid: z.string().nullable(),
};
