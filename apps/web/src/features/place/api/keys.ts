/** Query keys of the places feature. */
export const placeKeys = {
  all: ['places'] as const,
  list: (page: number, pageSize: number) => [...placeKeys.all, 'list', page, pageSize] as const,
  detail: (id: number) => [...placeKeys.all, 'detail', id] as const,
  qrStickers: (id: number) => [...placeKeys.all, 'qrStickers', id] as const,
  publicPage: (id: number) => [...placeKeys.all, 'publicPage', id] as const,
};
