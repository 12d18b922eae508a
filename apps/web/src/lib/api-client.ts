import { requestTimeoutMs } from '@sbo/contracts/constants';
import type { TokenKind } from '@sbo/contracts/api/access';
import type { Endpoint, EndpointInput, EndpointResult } from '@sbo/contracts/api/endpoint';
import type { ApiEndpoints } from '@sbo/contracts/api/endpoints';
import type { ApiRoute, HttpMethod } from '@sbo/contracts/api/routes';
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
import { nextTask } from './next-task';
import { merchantTimeZone } from './time-zone';

type QueryValue = string | number | boolean | null | undefined;

type ApiRequest = {
  operationId: string;
  method?: HttpMethod;
  /** Relative to the API base, e.g. `merchant/list`. */
  path: string;
  token?: TokenKind;
  query?: Record<string, QueryValue | readonly QueryValue[]>;
  body?: unknown;
  headers?: Record<string, string>;
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

function apiAddress(path: string): string {
  return `${settings.baseUrl.replace(/\/$/, '')}/${path.replace(/^\//, '')}`;
}

// The controller of each call still in flight, by method and address without the timestamp.
const inFlight = new Map<string, AbortController>();
const superseded = new WeakSet<AbortController>();

/**
 * The address of a call with its query, `tz` (the caller's, else the merchant's of the session, else
 * the browser's) and `timestamp`: days the api reads are the merchant's, wherever the browser is.
 */
function buildUrl(path: string, query: ApiRequest['query']): { url: string; key: string } {
  const origin = globalThis.location?.origin ?? 'http://localhost';
  const url = new URL(apiAddress(path), origin);
  for (const [name, value] of Object.entries(query ?? {})) {
    const values = Array.isArray(value) ? value : [value];
    values.forEach(
      (item: QueryValue) => item !== undefined && item !== null && url.searchParams.append(name, String(item)),
    );
  }
  if (!url.searchParams.get('tz')) url.searchParams.set('tz', merchantTimeZone());
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

async function send<T>(request: ApiRequest): Promise<T> {
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
    // Each request starts in a task of its own: a screen's first commit starts its queries' requests in
    // its effects, and five or six fetch() calls in that one task made it a long task on a phone.
    await nextTask();
    const response = await fetch(url, {
      method,
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: controller.signal,
    });
    const body = await readJson(response);
    if (!response.ok) throw errorFromResponse(response.status, body);
    const result = typeof body === 'object' && body !== null && 'result' in body ? body.result : undefined;
    await checkResult(request.operationId, result);
    return result as T;
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
 * In development and tests every answer is checked against its contract, so a server that drifted
 * from it fails a test rather than a user. Production builds leave this out (and the schemas with it).
 */
async function checkResult(operationId: string, result: unknown): Promise<void> {
  if (!import.meta.env.DEV && import.meta.env.MODE !== 'test') return;
  const { apiEndpoints } = await import('@sbo/contracts/api/endpoints');
  const contracts: Record<string, Endpoint | undefined> = apiEndpoints;
  const error = contracts[operationId]?.result?.safeParse(result).error;
  if (error) throw error;
}

/**
 * One call to the API (spec section 7). Resolves with the response's `result`;
 * rejects with ApiError (already shown unless `errors: 'silent'`) or with
 * RequestCancelledError, which screens ignore.
 */
async function apiRequest<T = unknown>(request: ApiRequest): Promise<T> {
  try {
    return await send(request);
  } catch (error) {
    if (error instanceof ApiError) await handleFailure(error, request.errors ?? 'dialog');
    throw error;
  }
}

// A conditional type, so a generic route stays one endpoint instead of the union of all of them.
type Contract<R extends ApiRoute> = R extends { operationId: infer K extends keyof ApiEndpoints }
  ? ApiEndpoints[K]
  : never;
/** What an endpoint answers, from its contract. */
export type ApiResult<R extends ApiRoute> = EndpointResult<Contract<R>>;
/** What a call to an endpoint passes: path params, query, body and headers, from its contract. */
export type ApiInput<R extends ApiRoute> = EndpointInput<Contract<R>>;
/** An endpoint's query, for screens that keep one in their filters. */
export type ApiQuery<R extends ApiRoute> = NonNullable<ApiInput<R>['query']>;

type CallOptions = Pick<ApiRequest, 'signal' | 'timeoutMs' | 'errors'>;
type Input = { params?: Record<string, string | number>; query?: object; body?: unknown; headers?: object };
type CallArguments<R extends ApiRoute> =
  object extends ApiInput<R> ? [input?: ApiInput<R> & CallOptions] : [input: ApiInput<R> & CallOptions];

/** A route's path with its parameters filled in. */
function routePath(route: ApiRoute, params: Input['params']): string {
  return route.path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${route.operationId}: path parameter ${name} is missing`);
    return encodeURIComponent(String(value));
  });
}

/**
 * Calls an endpoint of the contract (`apiRoutes.x`): the path, method and token come from the
 * contract, and so do the types of what is sent and what comes back.
 */
export function callApi<R extends ApiRoute>(route: R, ...input: CallArguments<R>): Promise<ApiResult<R>>;
export function callApi(route: ApiRoute, input: Input & CallOptions = {}): Promise<unknown> {
  const { params, query, body, headers, ...options } = input;
  return apiRequest({
    ...options,
    operationId: route.operationId,
    method: route.method,
    path: routePath(route, params),
    token: route.access.token,
    query: query as ApiRequest['query'],
    body,
    headers: headers as Record<string, string> | undefined,
  });
}

/**
 * The address of an endpoint the browser itself goes to (the sign-in redirect, an event stream, a
 * download), with its query but without `tz` and `timestamp`.
 */
export function endpointAddress<R extends ApiRoute>(route: R, input: Pick<Input, 'params' | 'query'> = {}): string {
  const address = apiAddress(routePath(route, input.params));
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(input.query ?? {})) {
    for (const item of [value].flat()) if (item !== undefined && item !== null) query.append(name, String(item));
  }
  return query.size ? `${address}?${query.toString()}` : address;
}

/** The address of a call with its query, `tz` and `timestamp`, for a download that carries the token itself. */
export function callAddress<R extends ApiRoute>(route: R, input: Pick<Input, 'params' | 'query'> = {}): string {
  return buildUrl(routePath(route, input.params), input.query as ApiRequest['query']).url;
}
