import type { CardProgram } from '@sbo/contracts';
import type { apiRoutes } from '@sbo/contracts/api/routes';
import type { ApiQuery } from '../../../lib/api-client';

export type CardListQuery = ApiQuery<typeof apiRoutes.vipCardList>;
export type CardRecordQuery = ApiQuery<typeof apiRoutes.vipCardRecordList>;
export type CardStatisticsQuery = ApiQuery<typeof apiRoutes.vipCardStatistics>;

/** Query keys of the card screens; every card change invalidates `all` (lists, records, figures). */
export const cardKeys = {
  all: ['cards'] as const,
  list: (query: CardListQuery) => [...cardKeys.all, 'list', query] as const,
  detail: (program: CardProgram, id: number) => [...cardKeys.all, 'detail', program, id] as const,
  records: (query: CardRecordQuery) => [...cardKeys.all, 'records', query] as const,
  statistics: (query: CardStatisticsQuery) => [...cardKeys.all, 'statistics', query] as const,
  settings: (program: CardProgram) => [...cardKeys.all, 'settings', program] as const,
  machines: () => [...cardKeys.all, 'ok-machines'] as const,
};
