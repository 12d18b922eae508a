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

/** Why a card step was refused, in words a consumer can act on; `other` shows the catalogue text. */
type CardRefusal =
  | 'unknownCard'
  | 'topUpUnsupported'
  | 'cardDisabled'
  | 'notAccepted'
  | 'virtualClosed'
  | 'codeInvalid'
  | 'smsFailed'
  | 'smsNotSetUp'
  | 'smsTooFrequent'
  | 'paymentFailed'
  | 'other';

const cardRefusals: Partial<Record<number, CardRefusal>> = {
  [ErrorCode.DATA_NOT_FOUND]: 'unknownCard',
  [ErrorCode.CARD_TOP_UP_UNSUPPORTED]: 'topUpUnsupported',
  [ErrorCode.CARD_DISABLED]: 'cardDisabled',
  [ErrorCode.CARD_NOT_ACCEPTED_HERE]: 'notAccepted',
  [ErrorCode.VIRTUAL_CARDS_CLOSED]: 'virtualClosed',
  [ErrorCode.SMS_CODE_INVALID]: 'codeInvalid',
  [ErrorCode.SMS_FAILED]: 'smsFailed',
  [ErrorCode.SMS_NOT_SET_UP]: 'smsNotSetUp',
  [ErrorCode.SMS_TOO_FREQUENT]: 'smsTooFrequent',
  [ErrorCode.PAYMENT_FAILED]: 'paymentFailed',
};

export const cardRefusalOf = (error: unknown): CardRefusal =>
  (error instanceof ApiError && error.code !== null ? cardRefusals[error.code] : undefined) ?? 'other';

/** Whether a failed offer look-up means the address names no place (rather than a failed connection). */
export const isUnknownPlace = (error: unknown): boolean =>
  error instanceof ApiError &&
  (error.code === ErrorCode.PLACE_NOT_FOUND || error.code === ErrorCode.DEVICE_NOT_FOUND || error.status === 400);
