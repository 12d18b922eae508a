import { apiRoutes } from '@sbo/contracts/api/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { walletKeys } from './keys';

function fetchWalletSummary(signal?: AbortSignal) {
  return callApi(apiRoutes.walletSummary, { signal, errors: 'silent' });
}

const walletSummaryQuery = () =>
  queryOptions({ queryKey: walletKeys.summary(), queryFn: ({ signal }) => fetchWalletSummary(signal) });

/** The wallet's figures; refreshed every half minute, as sales settle and payouts complete. */
export const useWalletSummary = () => useQuery({ ...walletSummaryQuery(), refetchInterval: 30_000 });
