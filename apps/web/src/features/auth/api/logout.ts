import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { clearAllSessions } from '../../../lib/auth-storage';
import { loading } from '../../../lib/messages';

/** `POST user/logout` (login token): revokes the login token and every merchant token issued from it. */
export function logout(): Promise<unknown> {
  return apiRequest({ method: 'POST', path: 'user/logout', token: 'login', errors: 'silent' });
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
