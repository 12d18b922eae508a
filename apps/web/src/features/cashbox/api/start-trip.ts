import { apiRoutes } from '@sbo/contracts/api/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi, type ApiInput } from '../../../lib/api-client';
import { cashboxKeys } from './keys';

type TripStart = ApiInput<typeof apiRoutes.cashboxTripStart>['body'];

export function useStartTrip() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TripStart) => callApi(apiRoutes.cashboxTripStart, { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cashboxKeys.all }),
  });
}
