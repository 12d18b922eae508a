import type { BankAccount, BankAccountInput, BankAccountUpdate } from '@sbo/contracts';
import { apiRoutes } from '@sbo/contracts/api/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { bankbookKeys } from './keys';

// Failures come back to the form, which puts 1104010/1104011 on their fields.
function createBankbook(input: BankAccountInput) {
  return callApi(apiRoutes.bankAccountCreate, { body: input, errors: 'silent' });
}

function updateBankbook(id: number, input: BankAccountUpdate) {
  return callApi(apiRoutes.bankAccountUpdate, { params: { id }, body: input, errors: 'silent' });
}

export function useCreateBankbook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBankbook,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bankbookKeys.all }),
  });
}

export function useUpdateBankbook(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BankAccountUpdate) => updateBankbook(id, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bankbookKeys.all }),
  });
}

/** Makes an account the default by saving it unchanged with `isDefault` (its ID number kept). */
export function useSetDefaultBankbook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (account: BankAccount) =>
      callApi(apiRoutes.bankAccountUpdate, {
        params: { id: account.id },
        body: {
          bankCode: account.bankCode,
          bankName: account.bankName,
          branch: account.branch,
          accountNumber: account.accountNumber,
          holder: account.holder,
          isDefault: true,
        } satisfies BankAccountUpdate,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bankbookKeys.all }),
  });
}
