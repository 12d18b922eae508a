import { apiRoutes } from '@sbo/contracts/api/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi, type ApiInput, type ApiResult } from '../../../lib/api-client';
import { loading } from '../../../lib/messages';
import { adminKeys } from './keys';

export type RegisteredHardware = ApiResult<typeof apiRoutes.adminHardwareRegister>;
export type HardwareRegistration = ApiInput<typeof apiRoutes.adminHardwareRegister>['body'];

/** `POST admin/hardware`: registers a controller; the answer carries its secret, this once. */
export function useRegisterHardware() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: HardwareRegistration) =>
      loading.around(callApi(apiRoutes.adminHardwareRegister, { body: input })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

/** `POST admin/hardware/{hwid}/secret`: a new secret replaces the old one at once. */
export function useRotateSecret() {
  return useMutation({
    mutationFn: (hwid: string) => loading.around(callApi(apiRoutes.adminHardwareSecret, { params: { hwid } })),
  });
}
