import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { appSecrets } from '../db/schema';

/** Reads a generated secret, creating it once; every instance on the database gets the same value. */
export async function sharedSecret(db: Database, name: string, bytes = 32): Promise<string> {
  await db
    .insert(appSecrets)
    .values({ name, value: randomBytes(bytes).toString('base64url') })
    .onConflictDoNothing();
  const rows = await db
    .select({ value: appSecrets.value })
    .from(appSecrets)
    .where(sql`${appSecrets.name} = ${name}`);
  const value = rows[0]?.value;
  if (!value) throw new Error(`Secret ${name} could not be stored`);
  return value;
}
