import type { DeviceListItem, Place } from '@sbo/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { cashboxKeys } from './keys';

type Page<T> = { items: T[]; total: number };

/** The places a trip may cover (the first hundred: a route rarely spans more). */
export const usePlaceChoices = (enabled: boolean) =>
  useQuery({
    queryKey: cashboxKeys.places(),
    queryFn: ({ signal }) =>
      apiRequest<Page<Place>>({ path: 'place/list', query: { page: 1, pageSize: 100 }, signal, errors: 'silent' }),
    enabled,
  });

export const useDeviceChoices = (enabled: boolean) =>
  useQuery({
    queryKey: cashboxKeys.devices(),
    queryFn: ({ signal }) =>
      apiRequest<Page<DeviceListItem>>({
        path: 'device-cloud/list',
        query: { page: 1, pageSize: 100 },
        signal,
        errors: 'silent',
      }),
    enabled,
  });
