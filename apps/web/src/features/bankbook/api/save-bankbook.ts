import type { BankAccount, BankAccountInput, BankAccountUpdate } from '@sbo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { bankbookKeys } from './keys';

// Failures come back to the form, which puts 1104010/1104011 on their fields.
export function createBankbook(input: BankAccountInput): Promise<BankAccount> {
  return apiRequest<BankAccount>({ method: 'POST', path: 'bankbook', body: input, errors: 'silent' });
}

export function updateBankbook(id: number, input: BankAccountUpdate): Promise<BankAccount> {
  return apiRequest<BankAccount>({ method: 'PUT', path: `bankbook/${id}`, body: input, errors: 'silent' });
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
      apiRequest<BankAccount>({
        method: 'PUT',
        path: `bankbook/${account.id}`,
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
