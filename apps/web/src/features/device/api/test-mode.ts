import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRoutes } from '@sbo/contracts/api/routes';
import { callApi } from '../../../lib/api-client';
import { deviceKeys } from './keys';

/** `PUT admin/device-cloud/{id}/test`: a positive testTime (seconds) turns test mode on, 0 off. */
const setTestMode = (id: number, testTime: number) =>
  callApi(apiRoutes.deviceTestMode, { params: { id }, body: { testTime }, errors: 'silent' });

export function useTestMode(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (testTime: number) => setTestMode(id, testTime),
    // The spec reloads the device afterwards, whatever the outcome.
    onSettled: () => queryClient.invalidateQueries({ queryKey: deviceKeys.info(id) }),
  });
}
