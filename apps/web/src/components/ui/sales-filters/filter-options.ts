import { useQuery } from '@tanstack/react-query';
import { allDevicesQuery, allPlacesQuery } from '../../../lib/picker-queries';

// The pickers offer every place and machine (read page by page), to search by name.

export function usePlaceOptions() {
  return useQuery({
    ...allPlacesQuery(),
    select: (page) => page.items.map((place) => ({ value: place.id, label: place.title })),
  });
}

export function useDeviceOptions(placeId: number | undefined) {
  return useQuery({
    ...allDevicesQuery(placeId),
    select: (page) => page.items.map((device) => ({ value: device.id, label: device.name })),
  });
}
