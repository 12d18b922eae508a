import type { UserProfile, UserProfileUpdate } from '@sbo/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { clearAllSessions } from '../../../lib/auth-storage';

const profileKeys = { me: () => ['profile', 'me'] as const };

/** `GET user/profile` (login token). */
export function useUserProfile() {
  return useQuery({
    queryKey: profileKeys.me(),
    queryFn: ({ signal }) =>
      apiRequest<UserProfile>({ path: 'user/profile', token: 'login', signal, errors: 'silent' }),
  });
}

/** `PUT user/profile` and `PUT user/profile/avatar` (login token). */
export function useSaveProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { profile: UserProfileUpdate } | { avatar: string }) =>
      'avatar' in change
        ? apiRequest<UserProfile>({
            method: 'PUT',
            path: 'user/profile/avatar',
            token: 'login',
            body: { image: change.avatar },
            timeoutMs: 60_000,
          })
        : apiRequest<UserProfile>({ method: 'PUT', path: 'user/profile', token: 'login', body: change.profile }),
    onSuccess: async (profile) => {
      queryClient.setQueryData(profileKeys.me(), profile);
      // The merchant profile carries the nickname and picture too (app/layouts/merchant-profile-sync).
      await queryClient.invalidateQueries({ queryKey: ['session', 'merchantProfile'] });
    },
  });
}

/** `POST user/logout`: revokes the login token and every merchant token opened from it. */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest({ method: 'POST', path: 'user/logout', token: 'login', errors: 'silent' }),
    // Signing out locally must happen even if the server could not be reached.
    onSettled: () => {
      clearAllSessions();
      queryClient.clear();
    },
  });
}
