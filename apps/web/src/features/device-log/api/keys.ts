import type { DeviceLogFilters } from '../components/log-filters';

/** Query keys of the device log. */
export const deviceLogKeys = {
  all: ['deviceLog'] as const,
  list: (filters: DeviceLogFilters) => [...deviceLogKeys.all, 'list', filters] as const,
};
