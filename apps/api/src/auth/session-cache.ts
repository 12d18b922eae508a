import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { Database } from '../db/client';
import { sessionChannel } from '../lib/channels';
import { listen, type PgListener } from '../lib/pg-listener';
import { loadSessionFacts, sessionAt, type SessionFacts, type SessionRow } from './session-repository';
import type { Log } from '../lib/log';

type Entry = {
  facts: SessionFacts;
  sessionId: string;
  userId: number;
  merchantId: number | null;
  loadedAt: number;
  /** The row while the session has not expired, made once: every call of the token reads the same. */
  live?: SessionRow;
};

/** The entry's row at `now`: the one made once while the session lasts, a fresh one past its expiry. */
function rowAt(entry: Entry, now: Date): SessionRow {
  if (entry.facts.expires_at.getTime() <= now.getTime()) return sessionAt(entry.facts, now);
  entry.live ??= Object.freeze(sessionAt(entry.facts, now));
  return entry.live;
}
/**
 * What the triggers of migrations 0016 and 0017 send: a session id, a user (and merchant, for a
 * membership or its device whitelist), or a merchant whose record changed.
 */
type Change = { s?: string; u?: number; m?: number; c?: number };

const syncPrefix = 'sync:';
const ackPrefix = 'ack:';
/** The LISTEN connections' application_name: `settled()` counts them to know how many answers to wait for. */
const listenerName = 'sbo-session-listener';

type SessionCacheOptions = {
  /** A remembered check is read again after this long even without a notification (a safety net). */
  maxAgeMs?: number;
  maxEntries?: number;
  /**
   * Another memory kept by notifications (the answer cache) sharing this LISTEN connection: it is
   * told every notification, of `channels` and of the session channel, and the connection's state,
   * in the same order and the same tick as the session facts, so both forget together.
   */
  shared?: {
    channels: readonly string[];
    onNotification(channel: string, payload: string): void;
    onState(listening: boolean): void;
  };
};

/**
 * The access check's session facts (session, parent, user, membership with its device whitelist,
 * the merchant's record), remembered per token so a request costs no query for them. PostgreSQL tells every instance when any of them changes
 * (triggers NOTIFY `sbo_session` after commit) and the entries concerned are dropped at once, so a
 * revoked token is refused on its next call on every instance. Nothing is remembered while the
 * LISTEN connection is down (every check then reads the database), and a check read while a
 * change arrived is not kept, as it may predate the change. Expiry is judged at each call.
 */
export function createSessionCache(pool: pg.Pool, db: Database, log?: Log, options: SessionCacheOptions = {}) {
  const maxAgeMs = options.maxAgeMs ?? 60_000;
  const maxEntries = options.maxEntries ?? 20_000;
  const entries = new Map<string, Entry>();
  /** Open `settled()` calls by id: each counts the instances that have answered. */
  const syncs = new Map<string, { expected: number; heard: number; resolve: () => void }>();
  let listening = false;
  /** Bumped by every change and by losing the connection: a read that straddles one is not kept. */
  let generation = 0;

  const forget = (change: Change) => {
    generation += 1;
    for (const [key, entry] of entries) {
      const hit =
        change.s !== undefined
          ? entry.sessionId === change.s || entry.facts.parent_id === change.s
          : change.c !== undefined
            ? entry.merchantId === change.c
            : change.u === entry.userId && (change.m === undefined || change.m === entry.merchantId);
      if (hit) entries.delete(key);
    }
  };

  const onNotification = (channel: string, payload: string) => {
    if (channel !== sessionChannel) return options.shared?.onNotification(channel, payload);
    options.shared?.onNotification(channel, payload);
    if (payload.startsWith(syncPrefix)) {
      // Notifications arrive in commit order: everything before this one has been applied above.
      const id = payload.slice(syncPrefix.length);
      pool.query('select pg_notify($1, $2)', [sessionChannel, ackPrefix + id]).catch(() => undefined);
      return;
    }
    if (payload.startsWith(ackPrefix)) {
      const sync = syncs.get(payload.slice(ackPrefix.length));
      if (sync && (sync.heard += 1) >= sync.expected) sync.resolve();
      return;
    }
    let change: Change;
    try {
      change = JSON.parse(payload) as Change;
    } catch {
      change = {};
    }
    if (change.s === undefined && change.u === undefined && change.c === undefined) {
      // Not understood: forget everything rather than keep something stale.
      generation += 1;
      entries.clear();
    } else {
      forget(change);
    }
  };

  const onState = (up: boolean) => {
    listening = up;
    generation += 1;
    options.shared?.onState(up);
    // Changes made while the connection was down were not heard: nothing remembered survives it.
    entries.clear();
    if (!up) for (const sync of syncs.values()) sync.resolve();
  };

  const channels = [sessionChannel, ...(options.shared?.channels ?? [])];
  const listener: PgListener = listen(pool, channels, onNotification, log, {
    onState,
    applicationName: listenerName,
  });

  return {
    /** The session as the access check reads it, `expired` judged at `now`; null when there is none. */
    /**
     * The session as `load` would answer it when it is remembered, without waiting; undefined when
     * it is not (then `load` reads it).
     */
    loadKnown(sessionId: string, userId: number, merchantId: number | null, now: Date): SessionRow | undefined {
      const cached = entries.get(`${sessionId}:${userId}:${merchantId ?? ''}`);
      return cached && listening && Date.now() - cached.loadedAt < maxAgeMs ? rowAt(cached, now) : undefined;
    },

    async load(sessionId: string, userId: number, merchantId: number | null, now: Date): Promise<SessionRow | null> {
      const key = `${sessionId}:${userId}:${merchantId ?? ''}`;
      const cached = entries.get(key);
      if (cached && listening && Date.now() - cached.loadedAt < maxAgeMs) return rowAt(cached, now);
      const before = generation;
      const facts = await loadSessionFacts(db, sessionId, userId, merchantId);
      if (!facts) return null;
      if (listening && generation === before) {
        entries.delete(key);
        if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
        entries.set(key, { facts, sessionId, userId, merchantId, loadedAt: Date.now() });
      }
      return sessionAt(facts, now);
    },

    /**
     * Resolves once every instance listening on the database has heard each change committed
     * before the call: a write that revokes or narrows access awaits it before answering, so the
     * token is refused on its next call wherever it lands. Each instance answers a `sync` once it
     * has applied what came before it (notifications arrive in commit order); the answers awaited
     * are the LISTEN connections counted at the start. Gives up after `timeoutMs` (an instance
     * that went away meanwhile).
     */
    async settled(timeoutMs = 2_000): Promise<void> {
      if (!listening) return;
      const id = randomUUID();
      let timer: NodeJS.Timeout | undefined;
      try {
        const counted = await pool.query<{ n: number }>(
          `select count(*)::int as n from pg_stat_activity
            where datname = current_database() and application_name = $1`,
          [listenerName],
        );
        const answered = new Promise<void>((resolve) => {
          timer = setTimeout(resolve, timeoutMs);
          syncs.set(id, { expected: Math.max(1, counted.rows[0]?.n ?? 1), heard: 0, resolve });
        });
        await pool.query('select pg_notify($1, $2)', [sessionChannel, syncPrefix + id]);
        await answered;
      } catch (error) {
        // The change itself is committed; the caller's answer stands, the others hear it as they can.
        log?.warn({ err: error }, 'waiting for session notifications failed');
      } finally {
        clearTimeout(timer);
        syncs.delete(id);
      }
    },

    /** Resolves once notifications flow (tests; a request before that reads the database). */
    ready: () => listener.ready,
    size: () => entries.size,
    close: () => listener.close(),
  };
}

export type SessionCache = ReturnType<typeof createSessionCache>;
