import { catalogueEntry, type ErrorCodeValue } from '@sbo/contracts';

/** A business error: answered as HTTP 478 `{ code, message }` (or 401 for code 401). */
export class AppError extends Error {
  readonly code: ErrorCodeValue;

  constructor(code: ErrorCodeValue, message?: string) {
    super(message ?? catalogueEntry(code)?.en ?? 'Error');
    this.code = code;
    this.name = 'AppError';
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
