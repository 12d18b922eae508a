import { apiRoutes } from '@sbo/contracts/api/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { clearAllSessions } from '../../../lib/auth-storage';
import { loading } from '../../../lib/messages';

/** `POST user/logout` (login token): revokes the login token and every merchant token issued from it. */
function logout(): Promise<unknown> {
  return callApi(apiRoutes.userLogout, { errors: 'silent' });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => loading.around(logout()),
    // Signing out locally must happen even if the server could not be reached.
    onSettled: () => {
      clearAllSessions();
      queryClient.clear();
    },
  });
}
