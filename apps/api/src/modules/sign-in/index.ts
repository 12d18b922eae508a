import { defineModule } from '../../lib/module';
import { sharedSecret } from '../../lib/secrets';
import { registerEmbeddedSignIn } from '../../plugins/embedded-sign-in';
import { createBrowserBinding } from './browser-binding';
import { createOidcClient } from './oidc-client';
import { ssoRoutes } from './routes';
import { createSsoService } from './service';
import { userRoutes } from './user-routes';

/**
 * Sign-in through OIDC (an outside issuer, OIDC_ISSUER, or the embedded one, served at /sso), and the
 * signed-in user's session: who it is, and signing out.
 */
export const signInModule = defineModule({
  name: 'sign-in',
  async setup({ app, config, pool, db, clock, tokens }) {
    const settings = config.OIDC_ISSUER
      ? { issuer: config.OIDC_ISSUER, clientId: config.OIDC_CLIENT_ID!, clientSecret: config.OIDC_CLIENT_SECRET! }
      : {
          issuer: `${config.publicUrl}/sso`,
          clientId: 'back-office',
          clientSecret: config.SSO_CLIENT_SECRET ?? (await sharedSecret(db, 'sso-client-secret')),
        };
    const redirectUri = `${config.publicUrl}/api/v1/sso/callback`;
    if (!config.OIDC_ISSUER) {
      await registerEmbeddedSignIn(app, {
        pool,
        issuer: settings.issuer,
        client: { ...settings, redirectUri },
        attemptsPerMinute: config.RATE_LIMIT_SIGN_IN_PER_MINUTE,
      });
    }
    const oidc = createOidcClient({ ...settings, redirectUri });
    return {
      async routes(v1) {
        await v1.register(ssoRoutes, {
          oidc,
          sso: createSsoService({ db, oidc, tokens, clock }),
          binding: createBrowserBinding({
            secret: await sharedSecret(db, 'sso-browser-binding-key'),
            secure: config.publicUrl.startsWith('https:'),
          }),
          rateLimitPerMinute: config.RATE_LIMIT_SIGN_IN_PER_MINUTE,
        });
        await v1.register(userRoutes, { db, tokens });
      },
    };
  },
});
