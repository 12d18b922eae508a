import type { CloudDeviceInput, DeviceListItem, Place } from '@sbo/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchAllPages } from '../../../lib/all-pages';
import { apiRequest } from '../../../lib/api-client';
import { loading } from '../../../lib/messages';
import { adminKeys } from './keys';

/** `POST admin/device-cloud`: a cloud device for the merchant the agent acts in, waiting for hardware. */
export function useCreateCloudDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CloudDeviceInput) =>
      loading.around(apiRequest<DeviceListItem>({ method: 'POST', path: 'admin/device-cloud', body: input })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

/** `GET place/list`, every page: the merchant's places, to put the new device at one. */
export function useAdminPlaces() {
  return useQuery({
    queryKey: adminKeys.places(),
    queryFn: ({ signal }) => fetchAllPages<Place>({ path: 'place/list', signal, errors: 'silent' }),
  });
}
