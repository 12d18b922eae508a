import type { ApiRoute } from '@sbo/contracts/api/routes';

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

/** The address of a route with its path parameters filled in, and its query when there is one. */
export function routeUrl(
  route: ApiRoute,
  params: Record<string, string | number>,
  query: Record<string, string | number> = {},
): string {
  const path = route.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params[name])));
  const search = new URLSearchParams(Object.entries(query).map(([name, value]) => [name, String(value)])).toString();
  return `/api/v1${path}${search ? `?${search}` : ''}`;
}

type CallOptions = { query?: Record<string, string | number>; body?: unknown; language?: string };

/** Calls a public route and answers its `result` (typed by the caller from the contract's schema). */
export async function callPublic<T>(
  route: ApiRoute,
  params: Record<string, string | number>,
  options: CallOptions = {},
): Promise<T> {
  const { query, body, language } = options;
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
  const answer = (await response.json().catch(() => null)) as { result?: T; code?: number; message?: string } | null;
  if (!response.ok || !answer || answer.result === undefined)
    throw new ApiRefusal(
      response.status,
      typeof answer?.code === 'number' ? answer.code : null,
      typeof answer?.message === 'string' && answer.message ? answer.message : null,
    );
  return answer.result;
}
