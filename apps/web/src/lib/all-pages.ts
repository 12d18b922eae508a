import type { ApiRoute } from '@sbo/contracts/api/routes';
import { callApi, type ApiQuery, type ApiResult } from './api-client';

type Page<T> = { items: T[]; total: number };
type Item<R extends ApiRoute> = ApiResult<R> extends Page<infer T extends { id: number }> ? T : never;
type ReadOptions<R extends ApiRoute> = {
  query?: Omit<ApiQuery<R>, 'page' | 'pageSize'>;
  signal?: AbortSignal;
  errors?: 'dialog' | 'silent';
};

/** The API's largest page. */
const pageSize = 100;
/** The most a picker holds: fifty of the API's pages, far beyond one merchant's places or machines. */
export const pickerLimit = 5000;
/** Pages asked for at once after the first. */
const parallel = 4;

/**
 * Every item of a paged list, for the pickers that name places, machines or templates: the first page
 * tells the total, the rest follow a few at a time. An item that moved between pages while they were read
 * is kept once. Capped at `pickerLimit` items.
 */
export async function fetchAllPages<R extends ApiRoute>(
  route: R,
  options: ReadOptions<R> = {},
): Promise<Page<Item<R>>> {
  const read = (page: number) =>
    callApi(route, ...([{ ...options, query: { ...options.query, page, pageSize } }] as never)) as Promise<
      Page<Item<R>>
    >;
  const first = await read(1);
  const pages = Math.min(Math.ceil(first.total / pageSize), pickerLimit / pageSize);
  const items = new Map(first.items.map((item) => [item.id, item]));
  for (let next = 2; next <= pages; next += parallel) {
    const batch = Array.from({ length: Math.min(parallel, pages - next + 1) }, (_, index) => read(next + index));
    for (const page of await Promise.all(batch)) page.items.forEach((item) => items.set(item.id, item));
  }
  return { items: [...items.values()], total: first.total };
}
