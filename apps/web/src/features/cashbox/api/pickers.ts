import { useQuery } from '@tanstack/react-query';
import { allDevicesQuery, allPlacesQuery } from '../../../lib/picker-queries';

/** The places a trip may cover (every one, page by page). */
export const usePlaceChoices = (enabled: boolean) => useQuery({ ...allPlacesQuery(), enabled });

export const useDeviceChoices = (enabled: boolean) => useQuery({ ...allDevicesQuery(), enabled });
