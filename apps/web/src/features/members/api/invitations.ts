import type { InvitableRole, InvitationAccepted, InvitationCreated, InvitationPreview } from '@sbo/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { memberKeys } from './keys';

/** `POST member/invite`: a code valid one day, single use. */
export function useCreateInvitation() {
  return useMutation({
    mutationFn: (role: InvitableRole) =>
      apiRequest<InvitationCreated>({ method: 'POST', path: 'member/invite', body: { role } }),
  });
}

/** `GET invitation/{code}` (login token): merchant, role and inviter for the accept screen. */
export function useInvitationPreview(code: string) {
  return useQuery({
    queryKey: memberKeys.invitation(code),
    queryFn: ({ signal }) =>
      apiRequest<InvitationPreview>({
        path: `invitation/${encodeURIComponent(code)}`,
        token: 'login',
        signal,
        errors: 'silent',
      }),
    retry: false,
  });
}

/** `POST invitation/{code}/accept` (login token). */
export function useAcceptInvitation() {
  return useMutation({
    mutationFn: (code: string) =>
      apiRequest<InvitationAccepted>({
        method: 'POST',
        path: `invitation/${encodeURIComponent(code)}/accept`,
        token: 'login',
      }),
  });
}
