import { apiRoutes } from '@sbo/contracts/api/routes';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { authKeys } from './keys';

/** `GET user/me` (login token): who is signed in, for the "not you?" line of the signed-in pages. */
export function useSignedInUser() {
  return useQuery({
    queryKey: authKeys.me(),
    queryFn: ({ signal }) => callApi(apiRoutes.userMe, { signal, errors: 'silent' }),
    staleTime: 60_000,
  });
}
