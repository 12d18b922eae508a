import { apiRoutes } from '@sbo/contracts/api/routes';
import { queryOptions } from '@tanstack/react-query';
import { fetchAllPages } from './all-pages';

// Every place and machine of the merchant, for the pickers of every screen: one cache entry each, so
// moving from the records to the device log or the trip assistant does not read the fleet again.
export const pickerKeys = {
  all: ['pickers'] as const,
  places: () => [...pickerKeys.all, 'places'] as const,
  devices: (placeId: number | null) => [...pickerKeys.all, 'devices', placeId] as const,
};

/** `GET place/list`, every page. */
export const allPlacesQuery = () =>
  queryOptions({
    queryKey: pickerKeys.places(),
    queryFn: ({ signal }) => fetchAllPages(apiRoutes.placeList, { signal, errors: 'silent' }),
    staleTime: 60_000,
  });

/** `GET device-cloud/list`, every page; at one place when given. */
export const allDevicesQuery = (placeId?: number) =>
  queryOptions({
    queryKey: pickerKeys.devices(placeId ?? null),
    queryFn: ({ signal }) => fetchAllPages(apiRoutes.deviceList, { query: { placeId }, signal, errors: 'silent' }),
    staleTime: 60_000,
  });

type PickedDevice = { id: number; name: string; place: { title: string } | null };

/** A machine as a picker offers it: its name, and its place's after a dot when it has one. */
export const deviceChoice = (device: PickedDevice) => ({
  value: device.id,
  label: device.place ? `${device.name} · ${device.place.title}` : device.name,
});
