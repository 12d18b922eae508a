/** Query keys of the product templates feature. */
export const productKeys = {
  all: ['products'] as const,
  list: (page: number, type: string | undefined) => [...productKeys.all, 'list', page, type ?? 'all'] as const,
  detail: (id: number) => [...productKeys.all, 'detail', id] as const,
};
