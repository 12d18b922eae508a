import type { DeviceInfo, DeviceUpdate } from '@sbo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { pickerKeys } from '../../../lib/picker-queries';
import { deviceKeys } from './keys';

/** `PUT device-cloud/{id}`: rename, or change the product (the machine confirms the new prices). */
export function updateDevice(id: number, update: DeviceUpdate): Promise<DeviceInfo> {
  return apiRequest<DeviceInfo>({ method: 'PUT', path: `device-cloud/${id}`, body: update, errors: 'silent' });
}

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
