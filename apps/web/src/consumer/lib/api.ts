import type { ApiRoute } from '@sbo/contracts/api/routes';

/** A refused or failed call: the HTTP status and the envelope's code, when there was one. */
export class ApiRefusal extends Error {
  constructor(
    readonly status: number,
    readonly code: number | null,
  ) {
    super(`api answered ${status}${code === null ? '' : ` (${code})`}`);
  }
}

/** The address of a route with its path parameters filled in. */
export function routeUrl(route: ApiRoute, params: Record<string, string | number>): string {
  return `/api/v1${route.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params[name])))}`;
}

/** Calls a public route and answers its `result` (typed by the caller from the contract's schema). */
export async function callPublic<T>(route: ApiRoute, params: Record<string, string | number>, body?: unknown) {
  const response = await fetch(routeUrl(route, params), {
    method: route.method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? null : JSON.stringify(body),
  });
  const answer = (await response.json().catch(() => null)) as { result?: T; code?: number } | null;
  if (!response.ok || !answer || answer.result === undefined)
    throw new ApiRefusal(response.status, typeof answer?.code === 'number' ? answer.code : null);
  return answer.result;
}
