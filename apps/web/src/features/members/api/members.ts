import type { MemberDetail, MemberListItem, MemberUpdate } from '@sbo/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { memberKeys } from './keys';

/** `GET member/list`: the merchant's staff. */
export function useMemberList() {
  return useQuery({
    queryKey: memberKeys.list(),
    queryFn: ({ signal }) => apiRequest<MemberListItem[]>({ path: 'member/list', signal, errors: 'silent' }),
  });
}

/** `GET member/{id}`: role, groups and device whitelist. */
export function useMember(memberId: number) {
  return useQuery({
    queryKey: memberKeys.detail(memberId),
    queryFn: ({ signal }) => apiRequest<MemberDetail>({ path: `member/${memberId}`, signal, errors: 'silent' }),
  });
}

type MemberAction =
  { kind: 'update'; change: MemberUpdate } | { kind: 'suspend' } | { kind: 'reinstate' } | { kind: 'remove' };

function sendAction(memberId: number, action: MemberAction): Promise<unknown> {
  if (action.kind === 'update') {
    return apiRequest<MemberDetail>({ method: 'PUT', path: `member/${memberId}`, body: action.change });
  }
  if (action.kind === 'remove') return apiRequest({ method: 'DELETE', path: `member/${memberId}` });
  return apiRequest<MemberDetail>({ method: 'POST', path: `member/${memberId}/${action.kind}` });
}

/** `PUT member/{id}`, `POST member/{id}/suspend|reinstate`, `DELETE member/{id}`. */
export function useMemberAction(memberId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: MemberAction) => sendAction(memberId, action),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: memberKeys.all }),
  });
}
