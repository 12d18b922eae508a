import type { hardwareListItem } from '@sbo/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys, type HardwareQuery } from './keys';

export type HardwareListItem = ReturnType<typeof hardwareListItem.parse>;
type HardwarePage = { items: HardwareListItem[]; total: number; page: number; pageSize: number };

export const hardwarePageSize = 10;

/** `GET admin/hardware` (root): every registered controller with its binding, newest first. */
export function useHardwareList(query: HardwareQuery) {
  return useQuery({
    queryKey: adminKeys.hardware(query),
    queryFn: ({ signal }) =>
      apiRequest<HardwarePage>({
        path: 'admin/hardware',
        query: { ...query, pageSize: hardwarePageSize },
        signal,
        errors: 'silent',
      }),
    placeholderData: keepPreviousData,
  });
}
