import type { CloudDeviceInput, DeviceListItem } from '@sbo/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { loading } from '../../../lib/messages';
import { allPlacesQuery, pickerKeys } from '../../../lib/picker-queries';
import { adminKeys } from './keys';

/** `POST admin/device-cloud`: a cloud device for the merchant the agent acts in, waiting for hardware. */
export function useCreateCloudDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CloudDeviceInput) =>
      loading.around(apiRequest<DeviceListItem>({ method: 'POST', path: 'admin/device-cloud', body: input })),
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
