import * as oidc from 'openid-client';
import { ErrorCode } from '@sbo/contracts';
import { AppError } from '../../lib/app-error';

type OidcSettings = { issuer: string; clientId: string; clientSecret: string; redirectUri: string };
export type VerifiedIdentity = {
  issuer: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
};

/** The api's side of the code flow: builds the authorize address and exchanges codes with openid-client. */
export function createOidcClient(settings: OidcSettings) {
  let discovered: Promise<oidc.Configuration> | null = null;

  function configuration(): Promise<oidc.Configuration> {
    discovered ??= oidc
      .discovery(new URL(settings.issuer), settings.clientId, settings.clientSecret, undefined, {
        execute: settings.issuer.startsWith('http://') ? [oidc.allowInsecureRequests] : [],
      })
      .catch((error: unknown) => {
        discovered = null;
        // The cause stays in the message for whoever reads the answer; the web words it by code.
        throw new AppError(
          ErrorCode.SIGN_IN_SERVICE_UNREACHABLE,
          `The sign-in service cannot be reached (${describe(error)}).`,
        );
      });
    return discovered;
  }

  return {
    /** The issuer's sign-in address for one browser's sign-in: its state, nonce and PKCE (S256) challenge. */
    async authorizeUrl(input: {
      state: string;
      nonce: string;
      codeVerifier: string;
      lang: string | undefined;
    }): Promise<string> {
      const config = await configuration();
      const parameters: Record<string, string> = {
        redirect_uri: settings.redirectUri,
        scope: 'openid email profile',
        state: input.state,
        nonce: input.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(input.codeVerifier),
        code_challenge_method: 'S256',
        // Always ask for the password: back-office screens are often shared shop computers,
        // and signing out of the back-office must really sign out.
        prompt: 'login',
      };
      if (input.lang) parameters.ui_locales = input.lang;
      return oidc.buildAuthorizationUrl(config, parameters).href;
    },

    /** Redeems a code with the verifier of the browser it was issued to, and checks the id token's nonce. */
    async exchange(
      keyring: string,
      checks: { state: string; nonce: string; codeVerifier: string },
    ): Promise<VerifiedIdentity> {
      const config = await configuration();
      const metadata = config.serverMetadata();
      const callback = new URL(settings.redirectUri);
      callback.searchParams.set('code', keyring);
      callback.searchParams.set('state', checks.state);
      if (metadata.authorization_response_iss_parameter_supported) callback.searchParams.set('iss', metadata.issuer);
      try {
        const tokens = await oidc.authorizationCodeGrant(config, callback, {
          idTokenExpected: true,
          expectedState: checks.state,
          expectedNonce: checks.nonce,
          pkceCodeVerifier: checks.codeVerifier,
        });
        const claims = tokens.claims();
        if (!claims) throw new Error('no id_token');
        return {
          issuer: metadata.issuer,
          subject: claims.sub,
          email: typeof claims.email === 'string' ? claims.email.toLowerCase() : null,
          emailVerified: claims.email_verified === true,
          name: typeof claims.name === 'string' ? claims.name : null,
        };
      } catch (error) {
        if (
          error instanceof oidc.ResponseBodyError ||
          error instanceof oidc.AuthorizationResponseError ||
          (error instanceof oidc.ClientError && error.code === 'OAUTH_JWT_CLAIM_COMPARISON_FAILED')
        ) {
          throw new AppError(ErrorCode.LOGIN_REQUIRED);
        }
        throw error;
      }
    },
  };
}

export type OidcClient = ReturnType<typeof createOidcClient>;

function describe(error: unknown): string {
  return error instanceof Error ? error.message.slice(0, 120) : 'unknown error';
}
