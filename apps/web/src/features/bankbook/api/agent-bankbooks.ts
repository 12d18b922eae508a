import type { AdminBankAccount, BankAccount } from '@sbo/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { bankbookKeys } from './keys';

export type VerificationFilter = BankAccount['verification'] | 'all';
export type VerificationDecision = { verification: 'verified' | 'verifyFailed'; note: string };

/** Service agents only: every merchant's accounts, those awaiting verification first. */
export function useAgentBankbooks(filter: VerificationFilter, enabled: boolean) {
  return useQuery({
    queryKey: bankbookKeys.forAgents(filter),
    queryFn: ({ signal }) =>
      apiRequest<AdminBankAccount[]>({
        path: 'admin/bankbook',
        query: { verification: filter === 'all' ? undefined : filter },
        signal,
        errors: 'silent',
      }),
    enabled,
  });
}

export function useVerifyBankbook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: number; decision: VerificationDecision }) =>
      apiRequest<AdminBankAccount>({ method: 'PUT', path: `admin/bankbook/${id}/verification`, body: decision }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bankbookKeys.all }),
  });
}
