import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type pg from 'pg';

type Hits = { current: number; ttl: number };
type IncrementCallback = (error: Error | null, result?: Hits) => void;

// One fixed window per key; a window that has ended restarts at 1.
const INCREMENT_SQL = `
INSERT INTO sso.rate_limits (key, hits, reset_at)
VALUES ($1, 1, now() + make_interval(secs => $2::double precision / 1000))
ON CONFLICT (key) DO UPDATE SET
  hits = CASE WHEN sso.rate_limits.reset_at <= now() THEN 1 ELSE sso.rate_limits.hits + 1 END,
  reset_at = CASE WHEN sso.rate_limits.reset_at <= now() THEN EXCLUDED.reset_at ELSE sso.rate_limits.reset_at END
RETURNING hits, GREATEST(0, CEIL(EXTRACT(EPOCH FROM reset_at - now()) * 1000))::integer AS ttl`;

/**
 * A @fastify/rate-limit store in `sso.rate_limits`, so every instance on the database
 * counts the same attempts for an address.
 */
export function postgresRateLimitStore(pool: pg.Pool, namespace: string): FastifyRateLimitStoreCtor {
  class PostgresRateLimitStore implements FastifyRateLimitStore {
    incr(key: string, callback: IncrementCallback, timeWindow: number): void {
      pool
        .query<{ hits: number; ttl: number }>(INCREMENT_SQL, [`${namespace}:${key}`, timeWindow])
        .then(({ rows }) => {
          const row = rows[0];
          callback(null, { current: row?.hits ?? 1, ttl: row?.ttl ?? timeWindow });
        })
        .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
    }

    child(): FastifyRateLimitStore {
      return new PostgresRateLimitStore();
    }
  }
  return PostgresRateLimitStore;
}
