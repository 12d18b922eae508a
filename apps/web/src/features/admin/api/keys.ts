import type { CredentialProvider } from '@sbo/contracts';
import type { apiRoutes } from '@sbo/contracts/api/routes';
import type { ApiQuery } from '../../../lib/api-client';

/** Query keys of the service agents' admin screen. */
export const adminKeys = {
  all: ['admin'] as const,
  hardware: (query: HardwareQuery) => [...adminKeys.all, 'hardware', query] as const,
  paymentCredentials: (provider: CredentialProvider) => [...adminKeys.all, 'paymentCredentials', provider] as const,
};

/** The hardware list's filters and page; the page size is the screen's own. */
export type HardwareQuery = Pick<ApiQuery<typeof apiRoutes.adminHardwareList>, 'bound' | 'keyword'> & { page: number };
