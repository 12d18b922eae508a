import type { CashboxTrip } from '@sbo/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { cashboxKeys } from './keys';

export type TripPage = { items: CashboxTrip[]; total: number; page: number; pageSize: number };

export function fetchTrips(status: CashboxTrip['status'], page: number, pageSize: number, signal?: AbortSignal) {
  return apiRequest<TripPage>({
    path: 'cashbox/trip/list',
    query: { status, page, pageSize },
    signal,
    errors: 'silent',
  });
}

/** Trips of one status, newest first, a page at a time. */
export const useTrips = (status: CashboxTrip['status'], page: number, pageSize = 10) =>
  useQuery({
    queryKey: cashboxKeys.trips(status, page),
    queryFn: ({ signal }) => fetchTrips(status, page, pageSize, signal),
    placeholderData: keepPreviousData,
  });
