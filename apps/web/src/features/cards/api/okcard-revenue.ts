import { apiRoutes } from '@sbo/contracts/api/routes';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { okCardHomeKeys, type OkCardRange } from './ok-card-home-keys';

/** OK card deposits, rewards, refunds and spend at machines (the card's revenue) in the range, by day. */
export function fetchOkCardRevenue(range: OkCardRange, signal?: AbortSignal) {
  return callApi(apiRoutes.okcardRevenue, { query: range, signal, errors: 'silent' });
}

export const useOkCardRevenue = (range: OkCardRange) =>
  useQuery({ queryKey: okCardHomeKeys.revenue(range), queryFn: ({ signal }) => fetchOkCardRevenue(range, signal) });
