import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { ErrorCode } from '@sbo/contracts';
import type { Database } from '../../db/client';
import { usedKeyrings, userIdentities, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { TokenService } from '../../auth/token-service';
import type { OidcClient, VerifiedIdentity } from './oidc-client';

export function createSsoService(deps: { db: Database; oidc: OidcClient; tokens: TokenService; clock: Clock }) {
  return {
    /** Exchanges a one-time keyring for the login token (7 days). */
    async replaceKeyring(keyring: string): Promise<{ jwt: string }> {
      const keyringHash = createHash('sha256').update(keyring).digest('hex');
      const claimed = await deps.db.insert(usedKeyrings).values({ keyringHash }).onConflictDoNothing().returning();
      if (claimed.length === 0) throw new AppError(ErrorCode.LOGIN_REQUIRED);
      const identity = await deps.oidc.exchange(keyring);
      const userId = await resolveUser(deps.db, identity, deps.clock.now());
      const { jwt } = await deps.tokens.issueLogin(userId);
      return { jwt };
    },
  };
}

/** Finds the user behind an issuer identity, linking by verified email on first sign-in, else creating one. */
async function resolveUser(db: Database, identity: VerifiedIdentity, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const linked = await tx
      .select({ userId: userIdentities.userId, disabled: users.disabled })
      .from(userIdentities)
      .innerJoin(users, eq(users.id, userIdentities.userId))
      .where(and(eq(userIdentities.issuer, identity.issuer), eq(userIdentities.subject, identity.subject)));
    let userId = linked[0]?.userId;
    if (linked[0]?.disabled) throw new AppError(ErrorCode.ACCOUNT_DISABLED);
    if (userId === undefined) {
      if (!identity.email)
        throw new AppError(ErrorCode.LOGIN_REQUIRED, 'The sign-in service did not share an email address.');
      const existing = identity.emailVerified
        ? await tx
            .select({ id: users.id, disabled: users.disabled })
            .from(users)
            .where(sql`lower(${users.email}) = ${identity.email}`)
        : [];
      if (existing[0]?.disabled) throw new AppError(ErrorCode.ACCOUNT_DISABLED);
      userId =
        existing[0]?.id ??
        (
          await tx
            .insert(users)
            .values({ email: identity.email, nickName: identity.name ?? identity.email.split('@')[0]! })
            .returning({ id: users.id })
        )[0]!.id;
      await tx.insert(userIdentities).values({ userId, issuer: identity.issuer, subject: identity.subject });
    }
    await tx.update(users).set({ lastLoginAt: now }).where(eq(users.id, userId));
    return userId;
  });
}
