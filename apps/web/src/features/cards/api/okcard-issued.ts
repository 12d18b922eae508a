import { apiRoutes } from '@sbo/contracts/api/routes';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { okCardHomeKeys, type OkCardRange } from './ok-card-home-keys';

/** OK cards now (all, active, the outstanding balance) and how many were opened in the range. */
export function fetchOkCardIssued(range: OkCardRange, signal?: AbortSignal) {
  return callApi(apiRoutes.okcardIssued, { query: range, signal, errors: 'silent' });
}

export const useOkCardIssued = (range: OkCardRange) =>
  useQuery({ queryKey: okCardHomeKeys.issued(range), queryFn: ({ signal }) => fetchOkCardIssued(range, signal) });
