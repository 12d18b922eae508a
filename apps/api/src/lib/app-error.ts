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
