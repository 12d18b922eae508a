import { apiRoutes } from '@sbo/contracts/api/routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { cashboxKeys } from './keys';

function fetchTrip(id: number, signal?: AbortSignal) {
  return callApi(apiRoutes.cashboxTripDetail, { params: { id }, signal, errors: 'silent' });
}

/** One trip with its machines; an open trip also polls, in case the live stream drops. */
export const useTrip = (id: number) =>
  useQuery({
    queryKey: cashboxKeys.trip(id),
    queryFn: ({ signal }) => fetchTrip(id, signal),
    refetchInterval: (query) => (query.state.data?.status === 'open' ? 30_000 : false),
  });

function useTripMutation<Input, Result>(run: (input: Input) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cashboxKeys.all }),
  });
}

export const useRecordCollection = (tripId: number) =>
  useTripMutation(({ deviceId, collectedAmount }: { deviceId: number; collectedAmount: number }) =>
    callApi(apiRoutes.cashboxTripCount, { params: { id: tripId, deviceId }, body: { collectedAmount } }),
  );

export const useSettleTrip = (tripId: number) =>
  useTripMutation(() => callApi(apiRoutes.cashboxTripSettle, { params: { id: tripId } }));

export const useDropTrip = (tripId: number) =>
  useTripMutation(() => callApi(apiRoutes.cashboxTripDrop, { params: { id: tripId } }));
