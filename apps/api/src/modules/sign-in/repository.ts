import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { usedKeyrings, userIdentities, users } from '../../db/schema';

/** Records a keyring as used; false when it was used before (a keyring works once). */
export async function claimKeyring(db: Executor, keyringHash: string): Promise<boolean> {
  const claimed = await db.insert(usedKeyrings).values({ keyringHash }).onConflictDoNothing().returning();
  return claimed.length > 0;
}

export function findLinkedUser(db: Executor, issuer: string, subject: string) {
  return db
    .select({ userId: userIdentities.userId, disabled: users.disabled })
    .from(userIdentities)
    .innerJoin(users, eq(users.id, userIdentities.userId))
    .where(and(eq(userIdentities.issuer, issuer), eq(userIdentities.subject, subject)));
}

export function findUsersByEmail(db: Executor, email: string) {
  return db
    .select({ id: users.id, disabled: users.disabled })
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`);
}

export async function insertUser(db: Executor, values: { email: string; nickName: string }): Promise<number> {
  const [row] = await db.insert(users).values(values).returning({ id: users.id });
  return row!.id;
}

export async function linkIdentity(db: Executor, userId: number, issuer: string, subject: string) {
  await db.insert(userIdentities).values({ userId, issuer, subject });
}

export async function touchUserLogin(db: Executor, userId: number, at: Date) {
  await db.update(users).set({ lastLoginAt: at }).where(eq(users.id, userId));
}
