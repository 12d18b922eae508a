import type { CashboxTripDetail } from '@sbo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { cashboxKeys } from './keys';

export type TripStart = { placeIds: number[]; deviceIds: number[]; note: string };

export function useStartTrip() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TripStart) =>
      apiRequest<CashboxTripDetail>({ method: 'POST', path: 'cashbox/trip', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cashboxKeys.all }),
  });
}
