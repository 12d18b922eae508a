import { ErrorCode } from '@sbo/contracts';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { TokenService } from '../../auth/token-service';
import { hashKeyring, sameSecret, type SignInBinding } from './browser-binding';
import type { OidcClient, VerifiedIdentity } from './oidc-client';
import * as repo from './repository';

export function createSsoService(deps: { db: Database; oidc: OidcClient; tokens: TokenService; clock: Clock }) {
  return {
    /**
     * Exchanges a one-time keyring for the login token (7 days), only for the browser the sign-in
     * was started in and came back to: another browser's keyring is refused before anything changes.
     */
    async replaceKeyring(keyring: string, binding: SignInBinding | null): Promise<{ jwt: string }> {
      const keyringHash = hashKeyring(keyring);
      if (!binding?.keyringHash || !sameSecret(binding.keyringHash, keyringHash)) {
        throw new AppError(ErrorCode.LOGIN_REQUIRED);
      }
      const claimed = await repo.claimKeyring(deps.db, keyringHash);
      if (!claimed) throw new AppError(ErrorCode.LOGIN_REQUIRED);
      const identity = await deps.oidc.exchange(keyring, binding);
      const userId = await resolveUser(deps.db, identity, deps.clock.now());
      const { jwt } = await deps.tokens.issueLogin(userId);
      return { jwt };
    },
  };
}

/** Finds the user behind an issuer identity, linking by verified email on first sign-in, else creating one. */
async function resolveUser(db: Database, identity: VerifiedIdentity, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const linked = await repo.findLinkedUser(tx, identity.issuer, identity.subject);
    let userId = linked[0]?.userId;
    if (linked[0]?.disabled) throw new AppError(ErrorCode.ACCOUNT_DISABLED);
    if (userId === undefined) {
      if (!identity.email) throw new AppError(ErrorCode.SIGN_IN_EMAIL_NOT_SHARED);
      const existing = identity.emailVerified ? await repo.findUsersByEmail(tx, identity.email) : [];
      if (existing[0]?.disabled) throw new AppError(ErrorCode.ACCOUNT_DISABLED);
      userId =
        existing[0]?.id ??
        (await repo.insertUser(tx, {
          email: identity.email,
          nickName: identity.name ?? identity.email.split('@')[0]!,
        }));
      await repo.linkIdentity(tx, userId, identity.issuer, identity.subject);
    }
    await repo.touchUserLogin(tx, userId, now);
    return userId;
  });
}
