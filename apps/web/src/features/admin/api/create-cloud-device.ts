import { apiRoutes } from '@sbo/contracts/api/routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, type ApiInput } from '../../../lib/api-client';
import { loading } from '../../../lib/messages';
import { allPlacesQuery, pickerKeys } from '../../../lib/picker-queries';
import { adminKeys } from './keys';

type CloudDeviceInput = ApiInput<typeof apiRoutes.adminCloudDeviceCreate>['body'];

/** `POST admin/device-cloud`: a cloud device for the merchant the agent acts in, waiting for hardware. */
export function useCreateCloudDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CloudDeviceInput) => loading.around(callApi(apiRoutes.adminCloudDeviceCreate, { body: input })),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.all }),
        queryClient.invalidateQueries({ queryKey: pickerKeys.all }),
      ]),
  });
}

/** Every place of the merchant the agent acts in, to put the new device at one. */
export function useAdminPlaces() {
  return useQuery(allPlacesQuery());
}
