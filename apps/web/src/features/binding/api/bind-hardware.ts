import type { bindingResult } from '@sbo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { loading } from '../../../lib/messages';
import { bindingKeys } from './keys';

type BindingResult = ReturnType<typeof bindingResult.parse>;

/** `POST device-cloud/{id}/binding {hwid}` (merchant token); 1102003-1102009 shown by the client. */
export function useBindHardware(hwid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deviceCloudID: number) =>
      loading.around(
        apiRequest<BindingResult>({ method: 'POST', path: `device-cloud/${deviceCloudID}/binding`, body: { hwid } }),
      ),
    // Not awaited, and not the hardware itself: the screen shows the outcome, not "already bound".
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: [...bindingKeys.all, 'bindable'] }),
  });
}
