import { apiRoutes } from '@sbo/contracts/api/routes';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi, type ApiQuery } from '../../../lib/api-client';
import { cashboxKeys } from './keys';

type TripStatus = NonNullable<ApiQuery<typeof apiRoutes.cashboxTripList>['status']>;

function fetchTrips(status: TripStatus, page: number, pageSize: number, signal?: AbortSignal) {
  return callApi(apiRoutes.cashboxTripList, { query: { status, page, pageSize }, signal, errors: 'silent' });
}

/** Trips of one status, newest first, a page at a time. */
export const useTrips = (status: TripStatus, page: number, pageSize = 10) =>
  useQuery({
    queryKey: cashboxKeys.trips(status, page),
    queryFn: ({ signal }) => fetchTrips(status, page, pageSize, signal),
    placeholderData: keepPreviousData,
  });
