import type { CashboxTripDetail } from '@sbo/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { cashboxKeys } from './keys';

export function fetchTrip(id: number, signal?: AbortSignal) {
  return apiRequest<CashboxTripDetail>({ path: `cashbox/trip/${id}`, signal, errors: 'silent' });
}

/** One trip with its machines; an open trip also polls, in case the live stream drops. */
export const useTrip = (id: number) =>
  useQuery({
    queryKey: cashboxKeys.trip(id),
    queryFn: ({ signal }) => fetchTrip(id, signal),
    refetchInterval: (query) => (query.state.data?.status === 'open' ? 30_000 : false),
  });

function useTripMutation<Input>(run: (input: Input) => Promise<CashboxTripDetail | unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cashboxKeys.all }),
  });
}

export const useRecordCollection = (tripId: number) =>
  useTripMutation(({ deviceId, collectedAmount }: { deviceId: number; collectedAmount: number }) =>
    apiRequest<CashboxTripDetail>({
      method: 'PUT',
      path: `cashbox/trip/${tripId}/device/${deviceId}`,
      body: { collectedAmount },
    }),
  );

export const useSettleTrip = (tripId: number) =>
  useTripMutation(() => apiRequest<CashboxTripDetail>({ method: 'POST', path: `cashbox/trip/${tripId}/settle` }));

export const useDropTrip = (tripId: number) =>
  useTripMutation(() => apiRequest<{ deleted: boolean }>({ method: 'DELETE', path: `cashbox/trip/${tripId}` }));
