import { apiRoutes } from '@sbo/contracts/api/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { bankbookKeys } from './keys';

function fetchBankbook(id: number, signal?: AbortSignal) {
  return callApi(apiRoutes.bankAccountDetail, { params: { id }, signal, errors: 'silent' });
}

const bankbookQuery = (id: number) =>
  queryOptions({ queryKey: bankbookKeys.detail(id), queryFn: ({ signal }) => fetchBankbook(id, signal) });

export const useBankbook = (id: number) => useQuery({ ...bankbookQuery(id), enabled: Number.isInteger(id) && id > 0 });
