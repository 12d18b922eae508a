import { apiRoutes } from '@sbo/contracts/api/routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, type ApiInput, type ApiQuery } from '../../../lib/api-client';
import { bankbookKeys } from './keys';

export type VerificationFilter = NonNullable<ApiQuery<typeof apiRoutes.adminBankAccountList>['verification']> | 'all';
export type VerificationDecision = ApiInput<typeof apiRoutes.adminBankAccountVerify>['body'];

/** Service agents only: every merchant's accounts, those awaiting verification first. */
export function useAgentBankbooks(filter: VerificationFilter, enabled: boolean) {
  return useQuery({
    queryKey: bankbookKeys.forAgents(filter),
    queryFn: ({ signal }) =>
      callApi(apiRoutes.adminBankAccountList, {
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
      callApi(apiRoutes.adminBankAccountVerify, { params: { id }, body: decision }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bankbookKeys.all }),
  });
}
