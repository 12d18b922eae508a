import { requestTimeoutMs } from '@sbo/contracts/constants';
import {
  ApiError,
  RequestCancelledError,
  errorFromResponse,
  networkError,
  timeoutError,
  unexpectedResponseError,
} from './api-errors';
import { handleFailure } from './api-session';
import { getLoginToken, getMerchantToken } from './auth-storage';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** Which token a call carries: the login token, the merchant token, or none. */
export type TokenKind = 'login' | 'merchant' | 'public';
export type QueryValue = string | number | boolean | null | undefined;

export type ApiRequest<T> = {
  method?: HttpMethod;
  /** Relative to the API base, e.g. `merchant/list`. */
  path: string;
  token?: TokenKind;
  query?: Record<string, QueryValue | readonly QueryValue[]>;
  body?: unknown;
  headers?: Record<string, string>;
  /**
   * A contracts schema to validate the result with. Optional: the API already
   * serializes every answer through the same schema, so screens on the first
   * screen's budget rely on the contract type alone.
   */
  schema?: { parse: (value: unknown) => T };
  /** The caller's own cancel (TanStack Query passes one). */
  signal?: AbortSignal;
  timeoutMs?: number;
  /** `dialog` (default) shows failures in the message dialog; `silent` leaves it to the caller. */
  errors?: 'dialog' | 'silent';
};

const settings = { baseUrl: '/api/v1', timeoutMs: requestTimeoutMs };

export function configureApiClient(next: Partial<typeof settings>): void {
  Object.assign(settings, next);
}

/** The address of an API path, for the few places the browser itself goes there (sign-in). */
export function apiAddress(path: string): string {
  return `${settings.baseUrl.replace(/\/$/, '')}/${path.replace(/^\//, '')}`;
}

// The controller of each call still in flight, by method and address without the timestamp.
const inFlight = new Map<string, AbortController>();
const superseded = new WeakSet<AbortController>();

/** The address of a call with its query, `tz` (the caller's, else the browser's) and `timestamp`. */
export function buildUrl(path: string, query: ApiRequest<unknown>['query']): { url: string; key: string } {
  const origin = globalThis.location?.origin ?? 'http://localhost';
  const url = new URL(apiAddress(path), origin);
  for (const [name, value] of Object.entries(query ?? {})) {
    const values = Array.isArray(value) ? value : [value];
    values.forEach(
      (item: QueryValue) => item !== undefined && item !== null && url.searchParams.append(name, String(item)),
    );
  }
  // A screen that reads days in the merchant's zone passes that zone as `tz`.
  if (!url.searchParams.get('tz')) url.searchParams.set('tz', Intl.DateTimeFormat().resolvedOptions().timeZone);
  const key = url.toString();
  url.searchParams.set('timestamp', String(Date.now()));
  return { url: url.toString(), key };
}

function tokenFor(kind: TokenKind): string | null {
  if (kind === 'login') return getLoginToken();
  if (kind === 'merchant') return getMerchantToken();
  return null;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

async function send<T>(request: ApiRequest<T>): Promise<T> {
  const method = request.method ?? 'GET';
  const { url, key } = buildUrl(request.path, request.query);
  const inFlightKey = `${method} ${key}`;
  const previous = inFlight.get(inFlightKey);
  if (previous) {
    superseded.add(previous);
    previous.abort();
  }
  const tokenKind = request.token ?? 'merchant';
  const token = tokenFor(tokenKind);
  // A merchant call with no merchant token left belongs to a merchant the user just switched away
  // from or logged out of (a refetch racing the navigation): it is moot, not a reason to sign out.
  if (tokenKind === 'merchant' && !token) throw new RequestCancelledError();
  const controller = new AbortController();
  inFlight.set(inFlightKey, controller);
  const onCallerAbort = () => controller.abort();
  request.signal?.addEventListener('abort', onCallerAbort);
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, request.timeoutMs ?? settings.timeoutMs);

  const headers: Record<string, string> = { Accept: 'application/json', ...request.headers };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (request.body !== undefined) headers['Content-Type'] = 'application/json';

  try {
    const response = await fetch(url, {
      method,
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: controller.signal,
    });
    const body = await readJson(response);
    if (!response.ok) throw errorFromResponse(response.status, body);
    const result = typeof body === 'object' && body !== null && 'result' in body ? body.result : undefined;
    return request.schema ? request.schema.parse(result) : (result as T);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (timedOut) throw timeoutError();
    if (superseded.has(controller) || request.signal?.aborted) throw new RequestCancelledError();
    if (error instanceof Error && error.name === 'ZodError') throw unexpectedResponseError(error);
    throw networkError();
  } finally {
    clearTimeout(timer);
    request.signal?.removeEventListener('abort', onCallerAbort);
    if (inFlight.get(inFlightKey) === controller) inFlight.delete(inFlightKey);
  }
}

/**
 * One call to the API (spec section 7). Resolves with the response's `result`;
 * rejects with ApiError (already shown unless `errors: 'silent'`) or with
 * RequestCancelledError, which screens ignore.
 */
export async function apiRequest<T = unknown>(request: ApiRequest<T>): Promise<T> {
  try {
    return await send(request);
  } catch (error) {
    if (error instanceof ApiError) await handleFailure(error, request.errors ?? 'dialog');
    throw error;
  }
}
