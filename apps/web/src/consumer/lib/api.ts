import { routeUrl } from '@sbo/contracts/api/route-url';
import type { ApiRoute } from '@sbo/contracts/api/routes';
import { takeAnswer } from './boot';

/** A refused or failed call: the HTTP status, and the envelope's code and message when there was one. */
export class ApiRefusal extends Error {
  constructor(
    readonly status: number,
    readonly code: number | null,
    readonly serverMessage: string | null = null,
  ) {
    super(`api answered ${status}${code === null ? '' : ` (${code})`}`);
  }
}

export { routeUrl };

// The error catalogue's codes are read only once a call has failed: never on the way to the first screen.
export const errorCodes = async () => (await import('@sbo/contracts/errors')).ErrorCode;

type CallOptions = { query?: Record<string, string | number>; body?: unknown; language?: string };

type Envelope<T> = { result?: T; code?: number; message?: string } | null;

/** A call's `result`, or its refusal as an ApiRefusal. */
function settle<T>(ok: boolean, status: number, answer: Envelope<T>): T {
  if (!ok || !answer || answer.result === undefined)
    throw new ApiRefusal(
      status,
      typeof answer?.code === 'number' ? answer.code : null,
      typeof answer?.message === 'string' && answer.message ? answer.message : null,
    );
  return answer.result;
}

/**
 * The answer the page arrived with for this call (the api asked its own route as it served the page),
 * taken once, settled as the call would have been; null when there is none.
 */
export function bootedCall<T>(
  route: ApiRoute,
  params: Record<string, string | number>,
  query?: Record<string, string | number>,
): Promise<T> | null {
  if (route.method !== 'GET') return null;
  const taken = takeAnswer(routeUrl(route, params, query));
  if (!taken) return null;
  try {
    return Promise.resolve(settle(taken.status >= 200 && taken.status < 300, taken.status, taken.body as Envelope<T>));
  } catch (error) {
    return Promise.reject(error as Error);
  }
}

/** Calls a public route and answers its `result` (typed by the caller from the contract's schema). */
export async function callPublic<T>(
  route: ApiRoute,
  params: Record<string, string | number>,
  options: CallOptions = {},
): Promise<T> {
  const { query, body, language } = options;
  // A call in a language of its own is asked: the page's answers were asked in none.
  const booted = language ? null : bootedCall<T>(route, params, query);
  if (booted) return booted;
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (language) headers['accept-language'] = language;
  let response: Response;
  try {
    response = await fetch(routeUrl(route, params, query), {
      method: route.method,
      headers,
      body: body === undefined ? null : JSON.stringify(body),
    });
  } catch {
    // No answer at all (offline, a dropped connection): status 0, as the back office's client says it.
    throw new ApiRefusal(0, null);
  }
  return settle(response.ok, response.status, (await response.json().catch(() => null)) as Envelope<T>);
}
