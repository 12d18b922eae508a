import type { apiRoutes } from '@sbo/contracts/api/routes';
import type { ApiQuery } from '../../../lib/api-client';

/** The days asked about, read in the merchant's zone. */
export type OkCardRange = Pick<ApiQuery<typeof apiRoutes.okcardIssued>, 'from' | 'to' | 'tz'>;

/** Query keys of the OK card home. */
export const okCardHomeKeys = {
  all: ['okCardHome'] as const,
  issued: (range: OkCardRange) => [...okCardHomeKeys.all, 'issued', range] as const,
  revenue: (range: OkCardRange) => [...okCardHomeKeys.all, 'revenue', range] as const,
};
