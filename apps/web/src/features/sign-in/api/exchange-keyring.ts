import { apiRoutes } from '@sbo/contracts/api/routes';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { saveLoginToken } from '../../../lib/auth-storage';
import { applyProfileLanguage } from '../../../lib/i18n';
import { authKeys } from './keys';

/** `GET sso/replacement?keyring=`: the one-time code from the sign-in service becomes the login token. */
async function exchangeKeyring(keyring: string): Promise<string> {
  const { jwt } = await callApi(apiRoutes.ssoReplacement, {
    query: { keyring },
    // The sign-in screen shows the failure itself, with a way to start over.
    errors: 'silent',
  });
  saveLoginToken(jwt);
  // The language saved in the profile follows the user to a browser that has no choice of its own;
  // a profile that cannot be read leaves the language as it is.
  await callApi(apiRoutes.profileGet, { errors: 'silent' }).then(
    (profile) => applyProfileLanguage(profile.locale),
    () => undefined,
  );
  return jwt;
}

/**
 * A query, not a mutation: the keyring is single use, and a query runs once per
 * keyring however often the screen mounts (React's strict mode mounts twice).
 * It takes no abort signal and stays cached: a request the browser gave up on
 * still spends the keyring on the server, and a second one would then fail.
 */
export const keyringExchangeQuery = (keyring: string) =>
  queryOptions({
    queryKey: authKeys.keyring(keyring),
    queryFn: () => exchangeKeyring(keyring),
    staleTime: Infinity,
  });
