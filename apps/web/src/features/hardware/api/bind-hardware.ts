import { apiRoutes } from '@sbo/contracts/api/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { loading } from '../../../lib/messages';
import { bindingKeys } from './keys';

/** `POST device-cloud/{id}/binding {hwid, claimCode}` (merchant token); 1102003-1102009 shown by the client. */
export function useBindHardware(hwid: string, claim: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deviceCloudID: number) =>
      loading.around(
        callApi(apiRoutes.deviceBind, {
          params: { id: deviceCloudID },
          body: claim ? { hwid, claimCode: claim } : { hwid },
        }),
      ),
    // Not awaited, and not the hardware itself: the screen shows the outcome, not "already bound".
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: [...bindingKeys.all, 'bindable'] }),
  });
}
