import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
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

/**
 * The stored secret hashes of the controllers connecting now, read together: the hwids asked for in one
 * turn of the event loop (at most `batchMax`) go to the database as one indexed read. Meant for its own
 * small pool: a CONNECT's check then never waits behind the work of the machines already in (their
 * events, presence and price syncs), which under a fleet's return held it past the device's timeout.
 */
export function secretHashBatchReader(db: Database, batchMax = 500): (hwid: string) => Promise<string | null> {
  type Waiter = { resolve: (hash: string | null) => void; reject: (error: unknown) => void };
  const waiting = new Map<string, Waiter[]>();
  let scheduled = false;
  const read = async (batch: Map<string, Waiter[]>) => {
    try {
      const rows = await db
        .select({ hwid: deviceHardware.hwid, secretHash: deviceHardware.secretHash })
        .from(deviceHardware)
        .where(inArray(deviceHardware.hwid, [...batch.keys()]));
      const found = new Map(rows.map((row) => [row.hwid, row.secretHash]));
      for (const [hwid, waiters] of batch) for (const waiter of waiters) waiter.resolve(found.get(hwid) ?? null);
    } catch (error) {
      for (const waiters of batch.values()) for (const waiter of waiters) waiter.reject(error);
    }
  };
  const flush = () => {
    scheduled = false;
    while (waiting.size > 0) {
      const batch = new Map([...waiting].slice(0, batchMax));
      for (const hwid of batch.keys()) waiting.delete(hwid);
      void read(batch);
    }
  };
  return (hwid) =>
    new Promise((resolve, reject) => {
      const waiters = waiting.get(hwid) ?? [];
      waiters.push({ resolve, reject });
      waiting.set(hwid, waiters);
      if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
    });
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
