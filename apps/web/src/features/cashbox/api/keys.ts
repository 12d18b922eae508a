/** Query keys of cash-box trips; every change to a trip invalidates `all`. */
export const cashboxKeys = {
  all: ['cashbox'] as const,
  trips: (status: string, page: number) => [...cashboxKeys.all, 'trips', status, page] as const,
  trip: (id: number) => [...cashboxKeys.all, 'trip', id] as const,
};
