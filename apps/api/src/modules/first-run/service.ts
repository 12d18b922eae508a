import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type pg from 'pg';
import { createAccount, EmailAlreadyRegisteredError } from '@sbo/sso';
import type { Clock } from '../../lib/clock';
import * as repo from './repository';

/** A set-up link works for an hour of the app's clock. */
const SETUP_LINK_LIFETIME_MS = 60 * 60 * 1000;

type FirstRoot = { email: string; name: string; locale: string; password: string | null };
type TokenState = 'valid' | 'invalid' | 'alreadySetUp';
type CreateOutcome = 'created' | 'invalid' | 'alreadySetUp' | 'emailTaken';

const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

function matches(stored: repo.StoredSetupToken | null, token: string, now: Date): boolean {
  if (!stored || now.getTime() >= stored.expiresAt) return false;
  const expected = Buffer.from(stored.hash, 'hex');
  const actual = Buffer.from(hashToken(token), 'hex');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/**
 * The first start's set-up: until a root account exists, a one-time link (only its hash is stored)
 * creates the first one. Once one exists it is remembered for good; until then the database is asked
 * again each time, so an instance sees a root another instance created.
 */
export function createFirstRunService(deps: { pool: pg.Pool; clock: Clock }) {
  let setUp = false;
  const isSetUp = async (): Promise<boolean> => {
    if (!setUp) setUp = await repo.rootExists(deps.pool);
    return setUp;
  };

  return {
    isSetUp,

    /** A new link (replacing any earlier one), or null when a root account already exists. */
    async issueToken(): Promise<string | null> {
      if (await isSetUp()) return null;
      const token = randomBytes(32).toString('base64url');
      const expiresAt = deps.clock.now().getTime() + SETUP_LINK_LIFETIME_MS;
      await repo.saveSetupToken(deps.pool, { hash: hashToken(token), expiresAt });
      return token;
    },

    async checkToken(token: string): Promise<TokenState> {
      if (await isSetUp()) return 'alreadySetUp';
      return matches(await repo.findSetupToken(deps.pool), token, deps.clock.now()) ? 'valid' : 'invalid';
    },

    /**
     * Creates the first root account and spends the link, all in one transaction: a link used twice
     * at once, or a second root made meanwhile, leaves exactly one. With no password (an external
     * issuer) only the back-office user is made; the issuer's account is linked by email at sign-in.
     */
    async createFirstRoot(token: string, root: FirstRoot): Promise<CreateOutcome> {
      try {
        const outcome = await repo.inSetupTransaction(deps.pool, async (client) => {
          const result = await createInTransaction(client, token, root, deps.clock.now());
          return { result, commit: result === 'created' };
        });
        if (outcome === 'created') setUp = true;
        return outcome;
      } catch (error) {
        if (error instanceof EmailAlreadyRegisteredError) return 'emailTaken';
        throw error;
      }
    },
  };
}

async function createInTransaction(
  client: pg.PoolClient,
  token: string,
  root: FirstRoot,
  now: Date,
): Promise<CreateOutcome> {
  if (await repo.rootExists(client)) return 'alreadySetUp';
  if (!matches(await repo.findSetupToken(client, true), token, now)) return 'invalid';
  if (root.password !== null) {
    await createAccount(client, { email: root.email, password: root.password, name: root.name, locale: root.locale });
  }
  await repo.upsertRootUser(client, root);
  await repo.deleteSetupToken(client);
  return 'created';
}

export type FirstRunService = ReturnType<typeof createFirstRunService>;
