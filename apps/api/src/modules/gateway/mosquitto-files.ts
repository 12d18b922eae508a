import { readFile, rename, writeFile } from 'node:fs/promises';
import { topicPrefix } from '@sbo/contracts/mqtt';
import type { Database } from '../../db/client';
import { mosquittoHash } from '../../lib/device-secret';
import { brokerHashes } from './credential-repository';

type MosquittoFiles = { passwordFile: string; aclFile?: string; pidFile?: string };

/** The protocol's ACL in Mosquitto's syntax: `%u` is the username, which is the hwid. */
const mosquittoAcl = (gatewayUser: string) => `# Written by the api (docs/device-gateway.md); edits are overwritten.
user ${gatewayUser}
topic write ${topicPrefix}/+/cmd
topic write ${topicPrefix}/+/cardResult
topic read ${topicPrefix}/#

pattern write ${topicPrefix}/%u/status
pattern write ${topicPrefix}/%u/state
pattern write ${topicPrefix}/%u/event
pattern write ${topicPrefix}/%u/ack
pattern write ${topicPrefix}/%u/card
pattern read ${topicPrefix}/%u/cmd
pattern read ${topicPrefix}/%u/cardResult
`;

async function writeAtomically(path: string, content: string): Promise<void> {
  const temporary = `${path}.${process.pid}.tmp`;
  // Readable by the broker's group (Mosquitto usually runs as its own user).
  await writeFile(temporary, content, { mode: 0o640 });
  await rename(temporary, path);
}

/**
 * Writes Mosquitto's password file (the gateway user and every registered controller, with the
 * PBKDF2 hashes stored at registration) and ACL file, then asks Mosquitto to reload (SIGHUP).
 */
export async function writeMosquittoFiles(
  db: Database,
  files: MosquittoFiles,
  gateway: { username: string; password: string },
): Promise<number> {
  const rows = await brokerHashes(db);
  const lines = [
    `${gateway.username}:${mosquittoHash(gateway.password)}`,
    ...rows.map((r) => `${r.hwid}:${r.brokerHash}`),
  ];
  await writeAtomically(files.passwordFile, `${lines.join('\n')}\n`);
  if (files.aclFile) await writeAtomically(files.aclFile, mosquittoAcl(gateway.username));
  if (files.pidFile) {
    const pid = Number((await readFile(files.pidFile, 'utf8')).trim());
    if (Number.isSafeInteger(pid) && pid > 1) process.kill(pid, 'SIGHUP');
  }
  return rows.length;
}
