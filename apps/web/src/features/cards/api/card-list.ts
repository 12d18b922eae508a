import type { CardProgram } from '@sbo/contracts';
import { apiRoutes } from '@sbo/contracts/api/routes';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi, type ApiResult } from '../../../lib/api-client';
import { cardKeys, type CardListQuery } from './keys';

type CardPage = ApiResult<typeof apiRoutes.vipCardList>;

/** `GET vip-card/list` for member cards, `GET okcard/list` for the OK card: the same page of cards. */
export function fetchCardList(query: CardListQuery, signal?: AbortSignal): Promise<CardPage> {
  const { program = 'vip', ...rest } = query;
  if (program === 'ok') return callApi(apiRoutes.okcardList, { query: rest, signal });
  return callApi(apiRoutes.vipCardList, { query: { ...rest, program }, signal });
}

export function useCardList(program: CardProgram, query: Omit<CardListQuery, 'program'>, enabled = true) {
  const full = { ...query, program };
  return useQuery({
    queryKey: cardKeys.list(full),
    queryFn: ({ signal }) => fetchCardList(full, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}
