import { z } from 'zod';
import { ErrorCode } from '../../errors';
import { currentUser, ssoAuthorizeQuery, ssoReplacementQuery, ssoReplacementResult } from '../../schemas/auth';
import { endpoint } from '../endpoint';
import { apiRoutes } from '../routes';

const signIn = ['sign-in'];
const user = ['user'];

/** What the sign-in service sends back to the api: a one-time code or an error, and the state it was given. */
const ssoCallbackQuery = z.object({
  code: z.string().max(512).optional(),
  state: z.string().max(4096).optional(),
  error: z.string().max(200).optional(),
});

const logoutResult = z.object({ loggedOut: z.literal(true) });

export const signInEndpoints = {
  ssoAuthorize: endpoint(apiRoutes.ssoAuthorize, {
    tags: signIn,
    summary: 'Send the browser to the sign-in service (sets the sign-in cookie: state, nonce, PKCE verifier)',
    query: ssoAuthorizeQuery,
    redirects: true,
    refusals: [ErrorCode.SIGN_IN_SERVICE_UNREACHABLE],
  }),
  ssoCallback: endpoint(apiRoutes.ssoCallback, {
    tags: signIn,
    summary: "Where the sign-in service returns; relays the code to the web as keyring if the state is this browser's",
    query: ssoCallbackQuery,
    redirects: true,
    refusals: [],
  }),
  ssoReplacement: endpoint(apiRoutes.ssoReplacement, {
    tags: signIn,
    summary: 'Exchange a one-time keyring for the login token (7 days), with the sign-in cookie of its browser',
    query: ssoReplacementQuery,
    result: ssoReplacementResult,
    refusals: [
      ErrorCode.LOGIN_REQUIRED,
      ErrorCode.ACCOUNT_DISABLED,
      ErrorCode.SIGN_IN_EMAIL_NOT_SHARED,
      ErrorCode.SIGN_IN_SERVICE_UNREACHABLE,
    ],
  }),
  userMe: endpoint(apiRoutes.userMe, {
    tags: user,
    summary: 'The signed-in user',
    result: currentUser,
    refusals: [ErrorCode.USER_OR_MERCHANT_NOT_FOUND],
  }),
  userLogout: endpoint(apiRoutes.userLogout, {
    tags: user,
    summary: 'Revoke the login token and every merchant token opened from it',
    result: logoutResult,
    refusals: [],
  }),
};
