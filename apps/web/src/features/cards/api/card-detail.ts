import type { CardProgram } from '@sbo/contracts';
import { apiRoutes } from '@sbo/contracts/api/routes';
import { useQuery } from '@tanstack/react-query';
import { callApi, type ApiResult } from '../../../lib/api-client';
import { cardKeys } from './keys';

type CardView = ApiResult<typeof apiRoutes.vipCardDetail>;

/** `GET vip-card/{id}` for a member card, `GET okcard/detail?cardId=` for an OK card. */
export function fetchCardDetail(program: CardProgram, id: number, signal?: AbortSignal): Promise<CardView> {
  if (program === 'ok') return callApi(apiRoutes.okcardDetail, { query: { cardId: id }, signal, errors: 'silent' });
  return callApi(apiRoutes.vipCardDetail, { params: { id }, signal, errors: 'silent' });
}

export function useCardDetail(program: CardProgram, id: number | null) {
  return useQuery({
    queryKey: cardKeys.detail(program, id ?? 0),
    queryFn: ({ signal }) => fetchCardDetail(program, id ?? 0, signal),
    enabled: id !== null,
  });
}
