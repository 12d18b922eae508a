import type { DeviceListItem, Place } from '@sbo/contracts';
import { useQuery } from '@tanstack/react-query';
import { fetchAllPages } from '../../../lib/all-pages';
import { cashboxKeys } from './keys';

/** The places a trip may cover (every one, page by page). */
export const usePlaceChoices = (enabled: boolean) =>
  useQuery({
    queryKey: cashboxKeys.places(),
    queryFn: ({ signal }) => fetchAllPages<Place>({ path: 'place/list', signal, errors: 'silent' }),
    enabled,
  });

export const useDeviceChoices = (enabled: boolean) =>
  useQuery({
    queryKey: cashboxKeys.devices(),
    queryFn: ({ signal }) => fetchAllPages<DeviceListItem>({ path: 'device-cloud/list', signal, errors: 'silent' }),
    enabled,
  });
