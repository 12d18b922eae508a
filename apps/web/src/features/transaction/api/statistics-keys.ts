import type { StatisticsGrouping } from '@sbo/contracts';
import type { SalesQuery } from '../../../lib/sales-filters';

export const statisticsKeys = {
  all: ['statistics'] as const,
  revenue: (query: SalesQuery, groupBy: StatisticsGrouping, timeZone: string) =>
    [...statisticsKeys.all, 'revenue', query, groupBy, timeZone] as const,
};
