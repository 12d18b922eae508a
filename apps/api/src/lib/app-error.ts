import { catalogueEntry, ErrorCode, isCatalogueCode, type ErrorCodeValue } from '@sbo/contracts';

/**
 * Codes a business error may carry: any catalogue code but 400, which means "fix the
 * fields" and is answered 400 with details (InvalidFields), never as a 478.
 */
export type AppErrorCode = Exclude<ErrorCodeValue, typeof ErrorCode.INVALID_REQUEST>;

export const isAppErrorCode = (code: number): code is AppErrorCode =>
  isCatalogueCode(code) && code !== ErrorCode.INVALID_REQUEST;

/** A business error: answered as HTTP 478 `{ code, message }` (or 401 for code 401). */
export class AppError extends Error {
  readonly code: AppErrorCode;
  /** When asking again may work (10009): sent as a `Retry-After` header. */
  readonly retryAfterSeconds: number | undefined;

  constructor(code: AppErrorCode, message?: string, options: { retryAfterSeconds?: number } = {}) {
    super(message ?? catalogueEntry(code)?.en ?? 'Error');
    this.code = code;
    this.name = 'AppError';
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

export type FieldIssue = { path: string; message: string };

/** A request that passed its schema but fails a rule needing the database: answered 400 with details. */
export class InvalidFields extends Error {
  readonly details: FieldIssue[];

  constructor(details: FieldIssue[]) {
    super(details.map((d) => `${d.path}: ${d.message}`).join('; '));
    this.details = details;
    this.name = 'InvalidFields';
  }
}
