import { useQuery } from '@tanstack/react-query';
import { allDevicesQuery } from '../../../lib/picker-queries';

/** Every device of the merchant: the devices the log can be narrowed to. */
export function useDeviceOptions() {
  return useQuery(allDevicesQuery());
}
