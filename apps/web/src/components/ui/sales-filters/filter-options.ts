import type { DeviceListItem, Place } from '@sbo/contracts';
import { useQuery } from '@tanstack/react-query';
import { fetchAllPages } from '../../../lib/all-pages';

// The pickers offer every place and machine (read page by page), to search by name.

export function usePlaceOptions() {
  return useQuery({
    queryKey: ['sales-filters', 'places'],
    queryFn: ({ signal }) => fetchAllPages<Place>({ path: 'place/list', signal, errors: 'silent' }),
    staleTime: 60_000,
    select: (page) => page.items.map((place) => ({ value: place.id, label: place.title })),
  });
}

export function useDeviceOptions(placeId: number | undefined) {
  return useQuery({
    queryKey: ['sales-filters', 'devices', placeId ?? null],
    queryFn: ({ signal }) =>
      fetchAllPages<DeviceListItem>({ path: 'device-cloud/list', query: { placeId }, signal, errors: 'silent' }),
    staleTime: 60_000,
    select: (page) => page.items.map((device) => ({ value: device.id, label: device.name })),
  });
}
