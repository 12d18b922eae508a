/** The page sizes a long list offers; 20 unless the address names another. */
const pageSizes = [10, 20, 50, 100] as const;
const pageSizeOptions = pageSizes.map(String);

export type PageParams = { page: number; pageSize: number };

/** Page and page size as the address holds them (`page`, `size`); anything malformed reads as the default. */
export function readPageParams(params: URLSearchParams): PageParams {
  const page = Number(params.get('page'));
  const pageSize = Number(params.get('size'));
  return {
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
    pageSize: (pageSizes as readonly number[]).includes(pageSize) ? pageSize : 20,
  };
}

/** A copy of the address with the page written in, other values kept. */
export function writePageParams(params: URLSearchParams, page: PageParams): URLSearchParams {
  const next = new URLSearchParams(params);
  next.set('page', String(page.page));
  next.set('size', String(page.pageSize));
  return next;
}

/** A long list's table pager: the page, the page sizes to choose from, and the count in the screen's words. */
export function tablePager(page: PageParams, total: number, showTotal: (count: number) => string) {
  return { current: page.page, pageSize: page.pageSize, total, showSizeChanger: true, pageSizeOptions, showTotal };
}

type PagedQuery = { isLoading: boolean; isFetching: boolean; isPlaceholderData: boolean };

/** A paged list is busy on its first load and while the next page loads in place of the one still shown. */
export const isPageLoading = (query: PagedQuery) => query.isLoading || (query.isFetching && query.isPlaceholderData);
