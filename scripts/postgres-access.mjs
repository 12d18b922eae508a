import { chmodSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * Run as root, the embedded PostgreSQL starts its binaries (in node_modules) as the `postgres`
 * user, who must be able to walk to them. A checkout inside a private folder (mktemp -d makes
 * 0700) would stop it with EACCES: grant passage (o+x, not read) on the checkout and its parents.
 */
export function letPostgresReach(root) {
  if (process.getuid?.() !== 0) return;
  for (let dir = path.resolve(root); ; dir = path.dirname(dir)) {
    const { mode } = statSync(dir);
    if ((mode & 0o001) === 0) chmodSync(dir, mode | 0o001);
    if (path.dirname(dir) === dir) break;
  }
}
