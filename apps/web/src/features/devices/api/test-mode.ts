import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { deviceKeys } from './keys';
import type { CommandResult } from './remote-action';

/** `PUT admin/device-cloud/{id}/test`: a positive testTime (seconds) turns test mode on, 0 off. */
export const setTestMode = (id: number, testTime: number) =>
  apiRequest<CommandResult>({
    method: 'PUT',
    path: `admin/device-cloud/${id}/test`,
    body: { testTime },
    errors: 'silent',
  });

export function useTestMode(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (testTime: number) => setTestMode(id, testTime),
    // The spec reloads the device afterwards, whatever the outcome.
    onSettled: () => queryClient.invalidateQueries({ queryKey: deviceKeys.info(id) }),
  });
}
