import type { ApiRoute } from './routes';

/**
 * The address of a route with its path parameters filled in, and its query when there is one. The
 * consumer pages call the api at these addresses, and the api names the answers it writes into a page
 * by them (apps/api/src/plugins/web-app.ts): one function, so both spell each address alike.
 */
export function routeUrl(
  route: ApiRoute,
  params: Record<string, string | number>,
  query: Record<string, string | number> = {},
): string {
  const path = route.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params[name])));
  const search = new URLSearchParams(
    Object.entries(query).map(([name, value]): [string, string] => [name, String(value)]),
  ).toString();
  return `/api/v1${path}${search ? `?${search}` : ''}`;
}
