import type { DeviceUpdate } from '@sbo/contracts';
import { apiRoutes } from '@sbo/contracts/api/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { pickerKeys } from '../../../lib/picker-queries';
import { deviceKeys } from './keys';

/** `PUT device-cloud/{id}`: rename, or change the product (the machine confirms the new prices). */
const updateDevice = (id: number, update: DeviceUpdate) =>
  callApi(apiRoutes.deviceUpdate, { params: { id }, body: update, errors: 'silent' });

export function useUpdateDevice(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: DeviceUpdate) => updateDevice(id, update),
    onSuccess: (info) => {
      queryClient.setQueryData(deviceKeys.info(id), info);
      void queryClient.invalidateQueries({ queryKey: deviceKeys.lists() });
      // A new name or place shows in every screen's device picker.
      void queryClient.invalidateQueries({ queryKey: pickerKeys.all });
    },
  });
}
