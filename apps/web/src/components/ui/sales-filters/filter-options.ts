import type { DeviceListItem, Place } from '@sbo/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

type Page<T> = { items: T[]; total: number };

// The pickers offer the first hundred places and machines: a shop chain's worth, the API's page cap.
const pickerPageSize = 100;

export function usePlaceOptions() {
  return useQuery({
    queryKey: ['sales-filters', 'places'],
    queryFn: ({ signal }) =>
      apiRequest<Page<Place>>({ path: 'place/list', query: { pageSize: pickerPageSize }, signal, errors: 'silent' }),
    staleTime: 60_000,
    select: (page) => page.items.map((place) => ({ value: place.id, label: place.title })),
  });
}

export function useDeviceOptions(placeId: number | undefined) {
  return useQuery({
    queryKey: ['sales-filters', 'devices', placeId ?? null],
    queryFn: ({ signal }) =>
      apiRequest<Page<DeviceListItem>>({
        path: 'device-cloud/list',
        query: { pageSize: pickerPageSize, placeId },
        signal,
        errors: 'silent',
      }),
    staleTime: 60_000,
    select: (page) => page.items.map((device) => ({ value: device.id, label: device.name })),
  });
}
