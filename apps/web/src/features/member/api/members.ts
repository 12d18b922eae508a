import { apiRoutes } from '@sbo/contracts/api/routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, type ApiInput } from '../../../lib/api-client';
import { memberKeys } from './keys';

/** `GET member/list`: the merchant's staff. */
export function useMemberList() {
  return useQuery({
    queryKey: memberKeys.list(),
    queryFn: ({ signal }) => callApi(apiRoutes.memberList, { signal, errors: 'silent' }),
  });
}

/** `GET member/{id}`: role, groups and device whitelist. */
export function useMember(memberId: number) {
  return useQuery({
    queryKey: memberKeys.detail(memberId),
    queryFn: ({ signal }) =>
      callApi(apiRoutes.memberDetail, { params: { memberID: memberId }, signal, errors: 'silent' }),
  });
}

type MemberAction =
  | { kind: 'update'; change: ApiInput<typeof apiRoutes.memberUpdate>['body'] }
  | { kind: 'suspend' }
  | { kind: 'reinstate' }
  | { kind: 'remove' };

const actionRoutes = {
  suspend: apiRoutes.memberSuspend,
  reinstate: apiRoutes.memberReinstate,
} as const;

function sendAction(memberId: number, action: MemberAction): Promise<unknown> {
  const params = { memberID: memberId };
  if (action.kind === 'update') return callApi(apiRoutes.memberUpdate, { params, body: action.change });
  if (action.kind === 'remove') return callApi(apiRoutes.memberRemove, { params });
  return callApi(actionRoutes[action.kind], { params });
}

/** `PUT member/{id}`, `POST member/{id}/suspend|reinstate`, `DELETE member/{id}`. */
export function useMemberAction(memberId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: MemberAction) => sendAction(memberId, action),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: memberKeys.all }),
  });
}
