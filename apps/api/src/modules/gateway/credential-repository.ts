import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { deviceHardware } from '../../db/schema';

/**
 * The stored secret hash of a controller, read on every CONNECT as one named prepared statement
 * (parsed once per connection): a fleet reconnecting at once costs one indexed read per device.
 */
export function secretHashReader(db: Database): (hwid: string) => Promise<string | null> {
  const query = db
    .select({ secretHash: deviceHardware.secretHash })
    .from(deviceHardware)
    .where(eq(deviceHardware.hwid, sql.placeholder('hwid')))
    .prepare('device-secret-hash');
  return async (hwid) => (await query.execute({ hwid }))[0]?.secretHash ?? null;
}

/** Replaces the hash `stored` by `upgraded`; false when the row changed meanwhile (the secret was rotated). */
export async function replaceSecretHash(db: Database, hwid: string, stored: string, upgraded: string) {
  const rows = await db
    .update(deviceHardware)
    .set({ secretHash: upgraded })
    .where(and(eq(deviceHardware.hwid, hwid), eq(deviceHardware.secretHash, stored)))
    .returning({ hwid: deviceHardware.hwid });
  return rows.length === 1;
}

/** Every registered controller's broker hash (PBKDF2, for Mosquitto's password file), by hwid. */
export async function brokerHashes(db: Database): Promise<{ hwid: string; brokerHash: string }[]> {
  const rows = await db
    .select({ hwid: deviceHardware.hwid, brokerHash: deviceHardware.brokerHash })
    .from(deviceHardware)
    .where(isNotNull(deviceHardware.brokerHash))
    .orderBy(asc(deviceHardware.hwid));
  return rows.map((row) => ({ hwid: row.hwid, brokerHash: row.brokerHash ?? '' }));
}
