import { apiRoutes } from '@sbo/contracts/api/routes';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { walletKeys } from './keys';

function fetchWithdrawRecords(page: number, pageSize: number, signal?: AbortSignal) {
  return callApi(apiRoutes.withdrawRecordList, { query: { page, pageSize }, signal, errors: 'silent' });
}

export const useWithdrawRecords = (page: number, pageSize: number) =>
  useQuery({
    queryKey: walletKeys.records(page, pageSize),
    queryFn: ({ signal }) => fetchWithdrawRecords(page, pageSize, signal),
    placeholderData: keepPreviousData,
    // A processing payout completes on its own: look again while one is on its way.
    refetchInterval: (query) => (query.state.data?.items.some((item) => item.status === 'processing') ? 10_000 : false),
  });

export const useWithdrawRecord = (id: number | null) =>
  useQuery({
    queryKey: walletKeys.record(id ?? 0),
    queryFn: ({ signal }) =>
      callApi(apiRoutes.withdrawRecordDetail, { params: { id: id ?? 0 }, signal, errors: 'silent' }),
    enabled: id !== null,
  });

/** The transactions one withdrawal paid out, a page at a time. */
export const useWithdrawRecordTransactions = (id: number | null, page: number, pageSize: number) =>
  useQuery({
    queryKey: walletKeys.recordTransactions(id ?? 0, page, pageSize),
    queryFn: ({ signal }) =>
      callApi(apiRoutes.withdrawRecordTransactions, {
        params: { id: id ?? 0 },
        query: { page, pageSize },
        signal,
        errors: 'silent',
      }),
    enabled: id !== null,
    placeholderData: keepPreviousData,
  });
