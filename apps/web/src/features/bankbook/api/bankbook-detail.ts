import type { BankAccount } from '@sbo/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { bankbookKeys } from './keys';

export function fetchBankbook(id: number, signal?: AbortSignal): Promise<BankAccount> {
  return apiRequest<BankAccount>({ path: `bankbook/${id}`, signal, errors: 'silent' });
}

export const bankbookQuery = (id: number) =>
  queryOptions({ queryKey: bankbookKeys.detail(id), queryFn: ({ signal }) => fetchBankbook(id, signal) });

export const useBankbook = (id: number) => useQuery({ ...bankbookQuery(id), enabled: Number.isInteger(id) && id > 0 });
