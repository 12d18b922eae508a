import { apiRoutes } from '@sbo/contracts/api/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { bankbookKeys } from './keys';

function fetchBankbookList(signal?: AbortSignal) {
  return callApi(apiRoutes.bankAccountList, { signal, errors: 'silent' });
}

const bankbookListQuery = () =>
  queryOptions({ queryKey: bankbookKeys.list(), queryFn: ({ signal }) => fetchBankbookList(signal) });

/** The merchant's bank accounts, the default first (the server orders them). */
export const useBankbookList = () => useQuery(bankbookListQuery());
