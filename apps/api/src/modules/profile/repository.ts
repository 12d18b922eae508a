import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { avatars, users } from '../../db/schema';

export async function findProfileUser(db: Executor, userId: number) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  return user ?? null;
}

export async function updateProfile(
  db: Executor,
  userId: number,
  values: Pick<typeof users.$inferInsert, 'nickName' | 'locale'>,
) {
  await db.update(users).set(values).where(eq(users.id, userId));
}

/** Replaces the user's avatar image and points the profile at its new address. */
export async function replaceAvatar(
  db: Executor,
  userId: number,
  image: Omit<typeof avatars.$inferInsert, 'userId' | 'key'>,
  pathOf: (key: string) => string,
) {
  await db.delete(avatars).where(eq(avatars.userId, userId));
  const [row] = await db
    .insert(avatars)
    .values({ userId, ...image })
    .returning({ key: avatars.key });
  await db
    .update(users)
    .set({ avatar: pathOf(row!.key) })
    .where(eq(users.id, userId));
}

export async function findAvatar(db: Executor, key: string) {
  const [row] = await db.select().from(avatars).where(eq(avatars.key, key));
  return row ?? null;
}
