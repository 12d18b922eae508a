import type { ValidationError } from '@sbo/contracts';
import { hasTranslation, i18n } from './i18n';

type ErrorDetail = ValidationError['details'][number];

/** A failed call, ready to show: `code - text` (spec section 8). */
export class ApiError extends Error {
  readonly code: number | null;
  readonly status: number;
  readonly text: string;
  readonly details: readonly ErrorDetail[];
  /** What the server said, untranslated: some messages carry a name (1109004 names the other promotion). */
  readonly serverMessage: string | undefined;
  /** Set once the client has shown it, so screens do not show it twice. */
  shown = false;

  constructor(init: {
    code: number | null;
    status: number;
    text: string;
    details?: readonly ErrorDetail[];
    serverMessage?: string;
  }) {
    super(init.code === null ? init.text : `${init.code} - ${init.text}`);
    this.name = 'ApiError';
    this.code = init.code;
    this.status = init.status;
    this.text = init.text;
    this.details = init.details ?? [];
    this.serverMessage = init.serverMessage;
  }
}

/** The earlier of two identical in-flight calls, or one its caller gave up on; the UI ignores it. */
export class RequestCancelledError extends Error {
  constructor() {
    super('request cancelled');
    this.name = 'RequestCancelledError';
  }
}

type ErrorBody = { code?: number; message?: string; details: ErrorDetail[] };

/**
 * Reads an error answer defensively: a proxy or a crashed upstream may answer
 * with anything, so only well-typed parts of `{ code, message, details }` count.
 */
function readErrorBody(body: unknown): ErrorBody {
  if (typeof body !== 'object' || body === null) return { details: [] };
  const { code, message, details } = body as Record<string, unknown>;
  const isDetail = (item: unknown): item is ErrorDetail =>
    typeof item === 'object' &&
    item !== null &&
    typeof (item as Partial<ErrorDetail>).path === 'string' &&
    typeof (item as Partial<ErrorDetail>).message === 'string';
  return {
    code: typeof code === 'number' && Number.isInteger(code) ? code : undefined,
    message: typeof message === 'string' && message ? message : undefined,
    details: Array.isArray(details) ? details.filter(isDetail) : [],
  };
}

/** The translated catalogue text, else what the server said, else the network error text. */
export function errorText(code: number | null, serverMessage?: string): string {
  if (code !== null && hasTranslation(`error.${code}`)) return i18n.t(`error.${code}`);
  if (serverMessage) return serverMessage;
  return i18n.t('api.networkError');
}

export function timeoutError(): ApiError {
  const text = hasTranslation('error.478') ? i18n.t('error.478') : i18n.t('api.connectionTimeout');
  return new ApiError({ code: 478, status: 0, text });
}

export function networkError(): ApiError {
  return new ApiError({ code: null, status: 0, text: i18n.t('api.networkError') });
}

/** A success answer that does not match the contract: a server and client out of step. */
export function unexpectedResponseError(cause: Error): ApiError {
  console.error('API response does not match the contract', cause);
  return new ApiError({ code: null, status: 200, text: i18n.t('api.genericError') });
}

/** The dialog text: `code - text`, then the field details of a rejected request. */
export function describeError(error: ApiError): string {
  return [error.message, ...error.details.map((detail) => `• ${detail.path}: ${detail.message}`)].join('\n');
}

/** Maps an HTTP failure to what the user sees. */
export function errorFromResponse(status: number, body: unknown): ApiError {
  const { code, message, details } = readErrorBody(body);
  if (status === 401) return new ApiError({ code: 401, status, text: errorText(401, message) });
  if (status === 478) {
    if (code === undefined) return new ApiError({ code: 478, status, text: i18n.t('api.genericError') });
    return new ApiError({ code, status, text: errorText(code, message), serverMessage: message });
  }
  if (status === 400)
    return new ApiError({ code: code ?? 400, status, text: errorText(code ?? 400, message), details });
  // Any other status gets the generic text; a catalogue text for the status itself (404, 429) is more helpful.
  const text = hasTranslation(`error.${status}`) ? i18n.t(`error.${status}`) : i18n.t('api.genericError');
  return new ApiError({ code: status, status, text });
}
