import type { FastifyReply } from 'fastify';
import { answersChannel, sessionChannel } from './channels';

type Entry = { merchantId: number; body: string; storedAt: number };
type Counts = { hits: number; misses: number; kept: number; shared: number };
/** A read under way, which a request for the same key arriving with nothing heard meanwhile awaits. */
type Pending = { body: Promise<string>; epoch: number; changed: string };

type AnswerCacheOptions = {
  /** An entry is read again after this long even without a notification (a safety net). */
  maxAgeMs?: number;
  maxEntries?: number;
  maxEntriesPerMerchant?: number;
  /** Characters of answers kept in all (a JSON answer is mostly one byte a character). */
  maxChars?: number;
  now?: () => number;
};

/** What the api's own header tells a client about the answer (`x-answer-cache`), and the bench counts. */
export const answerCacheHeader = 'x-answer-cache';
const jsonType = 'application/json; charset=utf-8';
/** The largest NOTIFY payload the triggers send before they say "every merchant" (`*`) instead. */
const everyMerchant = '*';
/**
 * Changes that only some answers read (migration 0022 names them, `state:1,2`): machine states
 * reach the device list and not the records page, sales and their rollups the records page and
 * not the device list. An answer not named here is dropped by every change of its merchant.
 */
const narrowChanges: Record<string, readonly string[]> = { state: ['deviceList'], sales: ['transactionList'] };
const kindOf = (name: string): string | undefined =>
  Object.keys(narrowChanges).find((kind) => narrowChanges[kind]!.includes(name));

/**
 * Hot merchant-scoped answers (the device list, the records page) kept in memory as the exact
 * bytes their schema serializer wrote, and sent again as they are while nothing they read has
 * changed. PostgreSQL tells every instance when something did: migration 0022's statement-level
 * triggers NOTIFY `sbo_answers` with the merchants a statement touched, and the session channel
 * tells of whitelist, membership and merchant record changes; each bumps the merchant's generation
 * and drops its entries. A read during which its merchant's generation moved is not kept (it may
 * predate the change); nothing is kept while the LISTEN connection (the session cache's) is down;
 * an entry is read again after `maxAgeMs` regardless; a write through this instance (any request
 * other than GET of a merchant) drops that merchant's entries before its answer leaves.
 */
export function createAnswerCache(options: AnswerCacheOptions = {}) {
  const maxAgeMs = options.maxAgeMs ?? 60_000;
  const maxEntries = options.maxEntries ?? 2_000;
  const maxPerMerchant = options.maxEntriesPerMerchant ?? 100;
  const maxChars = options.maxChars ?? 32 * 1024 * 1024;
  const now = options.now ?? Date.now;
  /** All entries, least recently used first. */
  const entries = new Map<string, Entry>();
  /** Each merchant's keys, oldest first. */
  const byMerchant = new Map<number, Set<string>>();
  /**
   * The value of `clock` when something changed, per merchant: any change (`any:12`), a change
   * every answer reads (`12`), a narrow kind of change (`state:12`); absent: never since start.
   */
  const changed = new Map<string, number>();
  /** What an answer of `name` for the merchant has seen change: moves whenever the answer may have. */
  const versionOf = (name: string, merchantId: number) => {
    const kind = kindOf(name);
    if (kind === undefined) return String(changed.get(`any:${merchantId}`) ?? 0);
    return `${changed.get(String(merchantId)) ?? 0}/${changed.get(`${kind}:${merchantId}`) ?? 0}`;
  };
  let clock = 0;
  /** Bumped when everything is forgotten (connection lost or regained, a payload not understood). */
  let epoch = 0;
  let chars = 0;
  let listening = false;
  const counts = new Map<string, Counts>();
  const pending = new Map<string, Pending>();

  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    chars -= entry.body.length;
    const keys = byMerchant.get(entry.merchantId);
    keys?.delete(key);
    if (keys?.size === 0) byMerchant.delete(entry.merchantId);
  };

  /** A change of the merchant; of one narrow kind (`state`, `sales`) drops only the answers that read it. */
  const forgetMerchant = (merchantId: number, kind?: string) => {
    clock += 1;
    changed.set(`any:${merchantId}`, clock);
    changed.set(kind === undefined ? String(merchantId) : `${kind}:${merchantId}`, clock);
    const keys = byMerchant.get(merchantId);
    if (!keys) return;
    const reads = kind === undefined ? undefined : narrowChanges[kind];
    for (const key of [...keys]) {
      const name = key.slice(0, key.indexOf('\u0000'));
      if (!reads || reads.includes(name) || kindOf(name) === undefined) drop(key);
    }
  };

  const forgetAll = () => {
    epoch += 1;
    entries.clear();
    byMerchant.clear();
    chars = 0;
  };

  const countsOf = (name: string) => {
    let found = counts.get(name);
    if (!found) counts.set(name, (found = { hits: 0, misses: 0, kept: 0, shared: 0 }));
    return found;
  };

  const store = (key: string, merchantId: number, body: string) => {
    drop(key);
    let keys = byMerchant.get(merchantId);
    if (!keys) byMerchant.set(merchantId, (keys = new Set()));
    if (keys.size >= maxPerMerchant) drop(keys.values().next().value!);
    while (entries.size > 0 && (entries.size >= maxEntries || chars + body.length > maxChars)) {
      drop(entries.keys().next().value!);
    }
    if (body.length > maxChars) return;
    // `drop` may have removed the merchant's emptied set: take it again.
    keys = byMerchant.get(merchantId) ?? new Set();
    byMerchant.set(merchantId, keys);
    entries.set(key, { merchantId, body, storedAt: now() });
    keys.add(key);
    chars += body.length;
  };

  return {
    /** The session cache's LISTEN connection tells of these channels too (`shared` there). */
    channels: [answersChannel] as const,

    onNotification(channel: string, payload: string) {
      if (channel === answersChannel) {
        const colon = payload.indexOf(':');
        const kind = colon < 0 ? undefined : payload.slice(0, colon);
        const merchants = colon < 0 ? payload : payload.slice(colon + 1);
        // A kind this instance does not know is taken as a change of everything the merchant has.
        const known = kind === undefined || narrowChanges[kind] === undefined ? undefined : kind;
        if (merchants === everyMerchant) return forgetAll();
        for (const part of merchants.split(',')) {
          const id = Number(part);
          if (!Number.isSafeInteger(id)) return forgetAll();
          forgetMerchant(id, known);
        }
        return;
      }
      if (channel !== sessionChannel || payload.startsWith('sync:') || payload.startsWith('ack:')) return;
      // A member's whitelist or membership ({u, m}) or the merchant's record ({c}) changed; a
      // session ({s}) or a user ({u} alone) is the access check's business, before any answer.
      let change: { s?: unknown; u?: unknown; m?: unknown; c?: unknown };
      try {
        change = JSON.parse(payload) as typeof change;
      } catch {
        return forgetAll();
      }
      if (typeof change.m === 'number') forgetMerchant(change.m);
      else if (typeof change.c === 'number') forgetMerchant(change.c);
      else if (change.s === undefined && change.u === undefined) forgetAll();
    },

    onState(up: boolean) {
      listening = up;
      // Changes made while the connection was down were not heard: nothing kept survives it.
      forgetAll();
    },

    /** A write of this merchant through this instance: its answers are read again from now on. */
    forget: (merchantId: number) => forgetMerchant(merchantId),

    /**
     * Answers from memory when `key` (which must name the merchant, the member's view and the
     * normalised query) is kept, else from `compute`, serialized by the route's schema serializer
     * (`reply.serialize`, the same bytes Fastify would write) and kept unless the merchant
     * changed meanwhile. The string goes out as it is (Fastify sends a string with a JSON content
     * type unserialized). Typed as the handler's answer so routes stay typed.
     */
    async answer<A>(
      reply: FastifyReply,
      name: string,
      merchantId: number,
      key: string,
      compute: () => Promise<A>,
    ): Promise<A> {
      const seen = countsOf(name);
      const fullKey = `${name}\u0000${merchantId}\u0000${key}`;
      const entry = entries.get(fullKey);
      if (entry && listening && now() - entry.storedAt < maxAgeMs) {
        seen.hits += 1;
        // Most recently used last.
        entries.delete(fullKey);
        entries.set(fullKey, entry);
        reply.header(answerCacheHeader, 'hit').type(jsonType);
        return entry.body as unknown as A;
      }
      if (entry) drop(fullKey);
      const [epochBefore, changedBefore] = [epoch, versionOf(name, merchantId)];
      // The same read already under way, begun after everything heard so far: its answer is as
      // fresh as a read begun now would be (both may miss only what is still being notified).
      // Spares the database a burst of identical reads after each change.
      const under = pending.get(fullKey);
      if (under && listening && under.epoch === epochBefore && under.changed === changedBefore) {
        seen.shared += 1;
        const body = await under.body;
        reply.header(answerCacheHeader, 'shared').type(jsonType);
        return body as unknown as A;
      }
      seen.misses += 1;
      const read = (async () => reply.serialize(await compute()) as string)();
      const mine: Pending = { body: read, epoch: epochBefore, changed: changedBefore };
      pending.set(fullKey, mine);
      let body: string;
      try {
        body = await read;
      } finally {
        if (pending.get(fullKey) === mine) pending.delete(fullKey);
      }
      if (listening && epoch === epochBefore && versionOf(name, merchantId) === changedBefore) {
        store(fullKey, merchantId, body);
        seen.kept += 1;
      }
      reply.header(answerCacheHeader, 'miss').type(jsonType);
      return body as unknown as A;
    },

    /** Hits, misses, answers kept and reads shared per cached endpoint since start. */
    stats: () => Object.fromEntries([...counts].map(([name, c]) => [name, { ...c }])),
    size: () => entries.size,
    chars: () => chars,
    listening: () => listening,
  };
}

export type AnswerCache = ReturnType<typeof createAnswerCache>;

/**
 * A parsed query as part of a key: its values in a fixed order, without the anti-replay
 * `timestamp` and a `token`, and without `tz` unless the answer depends on it.
 */
export function queryKey(query: object, options: { tz?: boolean } = {}): string {
  const parts: string[] = [];
  for (const name of Object.keys(query).sort()) {
    if (name === 'timestamp' || name === 'token' || (name === 'tz' && !options.tz)) continue;
    const value = (query as Record<string, unknown>)[name];
    if (value !== undefined) parts.push(`${name}=${JSON.stringify(value)}`);
  }
  return parts.join('&');
}

/** The member's view of the merchant's machines: who (a root user has no member row) and the whitelist. */
export function viewKey(member: { memberId: number | null; deviceWhitelist: readonly number[] | null }): string {
  return `${member.memberId ?? 'root'}:${member.deviceWhitelist === null ? '*' : member.deviceWhitelist.join(',')}`;
}
