import type { TransactionRow, Withdrawal } from '@sbo/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { walletKeys } from './keys';

export type Paged<T> = { items: T[]; total: number; page: number; pageSize: number };

export function fetchWithdrawRecords(page: number, pageSize: number, signal?: AbortSignal) {
  return apiRequest<Paged<Withdrawal>>({
    path: 'wallet/withdraw-record/list',
    query: { page, pageSize },
    signal,
    errors: 'silent',
  });
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
    queryFn: ({ signal }) => apiRequest<Withdrawal>({ path: `wallet/withdraw-record/${id}`, signal, errors: 'silent' }),
    enabled: id !== null,
  });

/** The transactions one withdrawal paid out, a page at a time. */
export const useWithdrawRecordTransactions = (id: number | null, page: number, pageSize: number) =>
  useQuery({
    queryKey: walletKeys.recordTransactions(id ?? 0, page, pageSize),
    queryFn: ({ signal }) =>
      apiRequest<Paged<TransactionRow>>({
        path: `wallet/withdraw-record/${id}/transactions`,
        query: { page, pageSize },
        signal,
        errors: 'silent',
      }),
    enabled: id !== null,
    placeholderData: keepPreviousData,
  });
