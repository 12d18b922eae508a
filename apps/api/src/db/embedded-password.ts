import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';

/** The password every embedded database had before it got its own; still accepted once, to move off it. */
const formerPassword = 'postgres';
export const passwordFileName = 'postgres-password';

/**
 * The embedded PostgreSQL's password: random per install, kept in DATA_DIR/postgres-password
 * (mode 0600) from the first start on. It is written before the server gets it, so a start that
 * stops half-way finds it next time.
 */
export async function embeddedPassword(dataDir: string): Promise<string> {
  const file = path.resolve(dataDir, passwordFileName);
  const kept = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });
  if (kept?.trim()) return kept.trim();
  const password = randomBytes(24).toString('base64url');
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, `${password}\n`, { mode: 0o600 });
  await chmod(file, 0o600);
  return password;
}

/**
 * Signs in as the superuser with the kept password. A folder made before passwords were random
 * still has `postgres`: sign in with that once and change it to the kept one.
 */
export async function connectAsSuperuser(port: number, password: string): Promise<pg.Client> {
  const connect = async (secret: string) => {
    const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', password: secret, database: 'postgres' });
    await client.connect();
    return client;
  };
  try {
    return await connect(password);
  } catch (error) {
    const wrongPassword = (error as { code?: string }).code === '28P01';
    if (!wrongPassword || password === formerPassword) throw error;
    const client = await connect(formerPassword);
    await client.query(`alter user postgres with password ${client.escapeLiteral(password)}`);
    return client;
  }
}
