import { ErrorCode } from '@sbo/contracts/errors';
import { ApiError } from '../../../lib/api-errors';

/** Whether a failed look-up means the address names no machine (rather than a failed connection). */
export const isUnknownMachine = (error: unknown): boolean =>
  error instanceof ApiError && (error.code === ErrorCode.DEVICE_NOT_FOUND || error.status === 400);

/** Whether a failed look-up means the address names no order. */
export const isUnknownOrder = (error: unknown): boolean =>
  error instanceof ApiError && (error.code === ErrorCode.DATA_NOT_FOUND || error.status === 400);

/** Refusals of a payment that mean the machine stopped being free between the look-up and the tap. */
export const machineNoLongerFree = (error: unknown): boolean =>
  error instanceof ApiError &&
  (error.code === ErrorCode.DEVICE_NOT_STANDBY || error.code === ErrorCode.MACHINE_STATUS_UNAVAILABLE);
