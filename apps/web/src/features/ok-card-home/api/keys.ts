import type { OkCardRange } from './okcard-issued';

/** Query keys of the OK card home. */
export const okCardHomeKeys = {
  all: ['okCardHome'] as const,
  issued: (range: OkCardRange) => [...okCardHomeKeys.all, 'issued', range] as const,
  revenue: (range: OkCardRange) => [...okCardHomeKeys.all, 'revenue', range] as const,
};
