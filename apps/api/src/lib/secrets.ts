import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { appSecrets } from '../db/schema';

/**
 * Reads a secret, creating it once with `generate`; every instance on the database gets the same value
 * (the first instance's insert wins, the others read it).
 */
export async function storedSecret(db: Executor, name: string, generate: () => string): Promise<string> {
  await db.insert(appSecrets).values({ name, value: generate() }).onConflictDoNothing();
  const rows = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, name));
  const value = rows[0]?.value;
  if (!value) throw new Error(`Secret ${name} could not be stored`);
  return value;
}

/** Reads a generated random secret, creating it once. */
export async function sharedSecret(db: Executor, name: string, bytes = 32): Promise<string> {
  return storedSecret(db, name, () => randomBytes(bytes).toString('base64url'));
}
