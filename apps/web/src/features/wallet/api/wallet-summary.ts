import type { WalletSummary } from '@sbo/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { walletKeys } from './keys';

export function fetchWalletSummary(signal?: AbortSignal): Promise<WalletSummary> {
  return apiRequest<WalletSummary>({ path: 'wallet/summary', signal, errors: 'silent' });
}

export const walletSummaryQuery = () =>
  queryOptions({ queryKey: walletKeys.summary(), queryFn: ({ signal }) => fetchWalletSummary(signal) });

/** The wallet's figures; refreshed every half minute, as sales settle and payouts complete. */
export const useWalletSummary = () => useQuery({ ...walletSummaryQuery(), refetchInterval: 30_000 });
