import { useQuery } from '@tanstack/react-query';
import { allDevicesQuery } from '../../../lib/picker-queries';

/** Every device of the merchant: the devices a whitelist can name. */
export function useDeviceOptions(enabled: boolean) {
  return useQuery({ ...allDevicesQuery(), enabled });
}
