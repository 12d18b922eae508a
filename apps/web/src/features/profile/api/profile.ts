import { apiRoutes } from '@sbo/contracts/api/routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, type ApiInput } from '../../../lib/api-client';
import { clearAllSessions } from '../../../lib/auth-storage';

const profileKeys = { me: () => ['profile', 'me'] as const };

type ProfileChange = { profile: ApiInput<typeof apiRoutes.profileUpdate>['body'] } | { avatar: string };

/** `GET user/profile` (login token). */
export function useUserProfile() {
  return useQuery({
    queryKey: profileKeys.me(),
    queryFn: ({ signal }) => callApi(apiRoutes.profileGet, { signal, errors: 'silent' }),
  });
}

/** `PUT user/profile` and `PUT user/profile/avatar` (login token). */
export function useSaveProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: ProfileChange) =>
      'avatar' in change
        ? callApi(apiRoutes.profileAvatarUpload, { body: { image: change.avatar }, timeoutMs: 60_000 })
        : callApi(apiRoutes.profileUpdate, { body: change.profile }),
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
    mutationFn: () => callApi(apiRoutes.userLogout, { errors: 'silent' }),
    // Signing out locally must happen even if the server could not be reached.
    onSettled: () => {
      clearAllSessions();
      queryClient.clear();
    },
  });
}
