import type { BankAccount } from '@sbo/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { bankbookKeys } from './keys';

export function fetchBankbookList(signal?: AbortSignal): Promise<BankAccount[]> {
  return apiRequest<BankAccount[]>({ path: 'bankbook/list', signal, errors: 'silent' });
}

export const bankbookListQuery = () =>
  queryOptions({ queryKey: bankbookKeys.list(), queryFn: ({ signal }) => fetchBankbookList(signal) });

/** The merchant's bank accounts, the default first (the server orders them). */
export const useBankbookList = () => useQuery(bankbookListQuery());
