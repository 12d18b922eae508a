import type { hardwareRegistration, registeredHardware } from '@sbo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { loading } from '../../../lib/messages';
import { adminKeys } from './keys';

export type RegisteredHardware = ReturnType<typeof registeredHardware.parse>;
export type HardwareRegistration = ReturnType<typeof hardwareRegistration.parse>;

/** `POST admin/hardware`: registers a controller; the answer carries its secret, this once. */
export function useRegisterHardware() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: HardwareRegistration) =>
      loading.around(apiRequest<RegisteredHardware>({ method: 'POST', path: 'admin/hardware', body: input })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

/** `POST admin/hardware/{hwid}/secret`: a new secret replaces the old one at once. */
export function useRotateSecret() {
  return useMutation({
    mutationFn: (hwid: string) =>
      loading.around(
        apiRequest<RegisteredHardware>({ method: 'POST', path: `admin/hardware/${encodeURIComponent(hwid)}/secret` }),
      ),
  });
}
