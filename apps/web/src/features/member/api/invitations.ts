import { apiRoutes } from '@sbo/contracts/api/routes';
import { useMutation, useQuery } from '@tanstack/react-query';
import { callApi, type ApiInput } from '../../../lib/api-client';
import { memberKeys } from './keys';

type InvitableRole = ApiInput<typeof apiRoutes.memberInvite>['body']['role'];

/** `POST member/invite`: a code valid one day, single use. */
export function useCreateInvitation() {
  return useMutation({
    mutationFn: (role: InvitableRole) => callApi(apiRoutes.memberInvite, { body: { role } }),
  });
}

/** `GET invitation/{code}` (login token): merchant, role and inviter for the accept screen. */
export function useInvitationPreview(code: string) {
  return useQuery({
    queryKey: memberKeys.invitation(code),
    queryFn: ({ signal }) => callApi(apiRoutes.invitationGet, { params: { code }, signal, errors: 'silent' }),
    retry: false,
  });
}

/** `POST invitation/{code}/accept` (login token). */
export function useAcceptInvitation() {
  return useMutation({
    mutationFn: (code: string) => callApi(apiRoutes.invitationAccept, { params: { code } }),
  });
}
