import type pg from 'pg';

/** Sign-in attempts per account (the email typed), counted in PostgreSQL so every instance sees them. */
export type AccountLockout = {
  /** Attempts an account gets before the first wait. */
  freeAttempts: number;
  /** The first wait; each further attempt doubles it, up to `maxDelaySeconds`. */
  baseDelaySeconds: number;
  maxDelaySeconds: number;
};

export const DEFAULT_ACCOUNT_LOCKOUT: AccountLockout = {
  freeAttempts: 5,
  baseDelaySeconds: 15,
  maxDelaySeconds: 15 * 60,
};

export type AttemptStart = { allowed: true } | { allowed: false; retryAfterSeconds: number };

// A count left alone for a day starts again from zero (and the purge deletes it).
const COUNT = `CASE WHEN a.updated_at < now() - interval '1 day' THEN 1 ELSE a.attempts + 1 END`;
const LOCK = (count: string) =>
  `CASE WHEN ${count} >= $2 THEN now() + make_interval(secs => LEAST($4, $3 * power(2, ${count} - $2))) END`;

// The attempt is counted before the password is checked, in one statement, so concurrent
// guesses cannot slip past the count; an account still waiting gets no attempt at all.
const START_SQL = `
INSERT INTO sso.account_attempts AS a (email, attempts, locked_until, updated_at)
VALUES ($1, 1, ${LOCK('1')}, now())
ON CONFLICT (email) DO UPDATE SET attempts = ${COUNT}, locked_until = ${LOCK(COUNT)}, updated_at = now()
WHERE a.locked_until IS NULL OR a.locked_until <= now()
RETURNING attempts`;

const WAIT_SQL = `
SELECT GREATEST(1, CEIL(EXTRACT(EPOCH FROM locked_until - now())))::integer AS wait
FROM sso.account_attempts WHERE email = $1`;

export function accountAttempts(pool: pg.Pool, policy: AccountLockout) {
  return {
    /** Counts a sign-in attempt for `email`, or says how long the account must wait first. */
    async start(email: string): Promise<AttemptStart> {
      const started = await pool.query(START_SQL, [
        email,
        policy.freeAttempts,
        policy.baseDelaySeconds,
        policy.maxDelaySeconds,
      ]);
      if (started.rowCount) return { allowed: true };
      const { rows } = await pool.query<{ wait: number }>(WAIT_SQL, [email]);
      return { allowed: false, retryAfterSeconds: rows[0]?.wait ?? 1 };
    },

    /** A right password clears the account's count. */
    async succeeded(email: string): Promise<void> {
      await pool.query('DELETE FROM sso.account_attempts WHERE email = $1', [email]);
    },
  };
}

export type AccountAttempts = ReturnType<typeof accountAttempts>;
