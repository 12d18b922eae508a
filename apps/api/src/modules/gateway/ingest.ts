import { parseDeviceMessage } from '@sbo/contracts/mqtt';
import type { Database } from '../../db/client';
import { systemClock, type Clock } from '../../lib/clock';
import type { CommandBus } from '../../machines/command-bus';
import type { CardRequests } from './card-requests';
import { defaultClockToleranceMs, reportTime, type Receipt } from './device-clock';
import { storeEvent, type SaleLimits } from './event-repository';
import { storeOnlineStatuses, storeStatus, type OnlineStatus } from './presence-repository';
import { storeStates, touchDevices, type IncomingState } from './state-repository';
import type { Log } from '../../lib/log';

export type IngestCounters = {
  states: number;
  events: number;
  statuses: number;
  acks: number;
  cards: number;
  invalid: number;
  /** State batches written, the rows in them and the milliseconds they took (summed; the longest apart). */
  stateBatches: number;
  stateRows: number;
  stateBatchMs: number;
  /** Reports a batch left for the next because another statement held their rows (another instance's batch). */
  skippedRows: number;
};

/** A report waiting for its batch, with the number of the message it came in (this ingestor's count). */
type PendingState = IncomingState & { received: number };

const isNewer = (next: IncomingState, current: IncomingState) =>
  next.report.bootId === current.report.bootId
    ? next.report.seq > current.report.seq
    : next.reportedAt >= current.reportedAt;

/**
 * Routes device messages to the database. State reports, the bulk of the traffic, are coalesced
 * per device and written in batches (one statement every few milliseconds); statuses and events
 * are written at once, and the caller acknowledges an event to the broker only after it is stored.
 *
 * One state batch is written at a time (`maxBatchesInFlight`). While it is, reports keep
 * coalescing (the newest per device), and the next batch takes them all the moment it finishes:
 * when PostgreSQL falls behind, batches grow instead of queueing, so a report waits for at most
 * about two batch writes and the backlog in memory is bounded by the fleet, not by time behind.
 * One at a time also keeps two batches updating the same devices' rows in different orders from
 * deadlocking (seen with two in flight under a 3,000-machine benchmark). Across instances, which a
 * shared subscription hands each machine's reports in turn, a batch does not wait on rows another
 * instance's batch holds: it writes the rest and keeps those for its next (`storeStates`).
 */
export function createIngestor(options: {
  /** Durable writes (events). */
  db: Database;
  /** Writes a later message supersedes (states, presence): may skip waiting for the WAL flush. */
  telemetryDb?: Database;
  commands: CommandBus;
  saleLimits: SaleLimits;
  /** The gateway's "now" (system clock by default): a device's times are taken only within `clockToleranceMs` of it. */
  clock?: Clock;
  clockToleranceMs?: number;
  log: Pick<Log, 'warn' | 'error'>;
  /** Called (not awaited) when a bound device has just come online. */
  onOnline?: (hwid: string) => Promise<void>;
  /** Answers card requests; without it they are dropped (and the machine's reader times out). */
  cards?: CardRequests;
  batchMs?: number;
  batchMax?: number;
  maxBatchesInFlight?: number;
  /**
   * Milliseconds to keep between the starts of two state batches now (0: none). While machines wait
   * to be admitted, the gateway spaces the batches out: reports coalesce (the newest per machine), and
   * the CPU they would take goes to letting the fleet in.
   */
  stateBatchSpacingMs?: () => number;
}) {
  const { db, log } = options;
  const clock = options.clock ?? systemClock;
  const toleranceMs = options.clockToleranceMs ?? defaultClockToleranceMs;
  const telemetryDb = options.telemetryDb ?? db;
  const batchMs = options.batchMs ?? 10;
  const batchMax = options.batchMax ?? 500;
  const maxBatchesInFlight = options.maxBatchesInFlight ?? 1;
  const pendingStates = new Map<string, PendingState>();
  /** Messages taken so far: orders a device's reports against its offline status. */
  let received = 0;
  /**
   * The message number of each device's offline status while a report received before it may still
   * be written (pending, or handed back by a batch): such a report must not bring the device back online.
   */
  const leftAt = new Map<string, number>();
  const seen = new Set<string>();
  const inflight = new Set<Promise<void>>();
  const presence = new Map<string, Promise<void>>();
  const cardWork = new Set<Promise<void>>();
  const cardQueues = new Map<string, Promise<void>>();
  const counters: IngestCounters = {
    states: 0,
    events: 0,
    statuses: 0,
    acks: 0,
    cards: 0,
    invalid: 0,
    stateBatches: 0,
    stateRows: 0,
    stateBatchMs: 0,
    skippedRows: 0,
  };
  /** The longest state batch since `takeLongestBatchMs` was last called (the stats line's). */
  let longestBatchMs = 0;
  let timer: NodeJS.Timeout | null = null;
  /** When the last state batch started (performance.now()). */
  let lastBatchAt = 0;
  /** The batch that will take what is pending once a batch in flight finishes: settles when written. */
  let next: { written: Promise<void>; settle: () => void } | null = null;

  /** Writes what is pending now, or as soon as a batch in flight finishes; settles once it is written. */
  function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    if (pendingStates.size === 0 && seen.size === 0) return next?.written ?? Promise.resolve();
    const spacing = options.stateBatchSpacingMs?.() ?? 0;
    const wait = spacing > 0 ? lastBatchAt + spacing - performance.now() : 0;
    if (inflight.size >= maxBatchesInFlight || wait > 0) {
      if (!next) {
        let settle = () => undefined as void;
        const written = new Promise<void>((resolve) => (settle = resolve));
        next = { written, settle };
      }
      if (inflight.size === 0) timer = setTimeout(() => void flush(), wait);
      return next.written;
    }
    lastBatchAt = performance.now();
    // With no batch in flight, a device with no report waiting has nothing left to be ordered against.
    if (inflight.size === 0) for (const hwid of leftAt.keys()) if (!pendingStates.has(hwid)) leftAt.delete(hwid);
    const states = [...pendingStates.values()];
    for (const state of states) state.comesOnline = (leftAt.get(state.hwid) ?? 0) < state.received;
    const touched = [...seen];
    pendingStates.clear();
    seen.clear();
    const taken = next;
    next = null;
    const work = (async () => {
      if (states.length > 0) {
        const started = performance.now();
        const { skipped } = await storeStates(telemetryDb, states);
        const ms = performance.now() - started;
        // Rows another statement held (another instance's batch of the same machines) go with the
        // next batch, unless a newer report of that machine came meanwhile.
        for (const state of skipped) {
          const current = pendingStates.get(state.hwid);
          if (!current || isNewer(state, current)) pendingStates.set(state.hwid, state);
        }
        counters.skippedRows += skipped.length;
        counters.stateBatches += 1;
        counters.stateRows += states.length - skipped.length;
        counters.stateBatchMs += Math.round(ms);
        longestBatchMs = Math.max(longestBatchMs, ms);
      }
      if (touched.length > 0) await touchDevices(telemetryDb, touched);
    })()
      .catch((error: unknown) => log.error({ err: error, states: states.length }, 'storing device states failed'))
      .finally(() => {
        inflight.delete(work);
        taken?.settle();
        // What coalesced meanwhile goes out at once, as one batch; reports this batch handed back
        // (rows another statement held) go with the next, even if no other report comes to start it.
        if (next || pendingStates.size >= batchMax) void flush();
        else if (pendingStates.size > 0) schedule();
      });
    inflight.add(work);
    return work;
  }

  /**
   * Presence changes of one device run in order, those of different devices side by side, and the
   * broker gets its PUBACK at once: statuses are retained, so one lost in a crash comes back on
   * resubscribe. A whole fleet reconnecting then does not queue behind one database round trip each.
   */
  function inOrder(hwid: string, work: () => Promise<void>): void {
    const next = (presence.get(hwid) ?? Promise.resolve())
      .then(work)
      .catch((error: unknown) => log.error({ err: error, hwid }, 'storing a device status failed'))
      .finally(() => {
        if (presence.get(hwid) === next) presence.delete(hwid);
      });
    presence.set(hwid, next);
  }

  /**
   * Devices coming online are written together: one statement per batch (at most `batchMs` or
   * `batchMax` apart, one batch at a time; what arrives meanwhile goes in the next), each device
   * answered when its batch is written. A fleet reconnecting at once is a few dozen statements,
   * not one per machine queued for the pool's connections ahead of the state batches.
   */
  type WaitingOnline = {
    hwid: string;
    status: OnlineStatus;
    answer: (cameOnline: boolean) => void;
    fail: (error: unknown) => void;
  };
  let onlineQueue: WaitingOnline[] = [];
  let onlineTimer: NodeJS.Timeout | null = null;
  let onlineWriting = false;
  function markOnline(hwid: string, status: OnlineStatus): Promise<boolean> {
    return new Promise((answer, fail) => {
      onlineQueue.push({ hwid, status, answer, fail });
      if (onlineQueue.length >= batchMax) void writeOnlines();
      else onlineTimer ??= setTimeout(() => void writeOnlines(), batchMs);
    });
  }
  async function writeOnlines(): Promise<void> {
    if (onlineTimer) clearTimeout(onlineTimer);
    onlineTimer = null;
    if (onlineWriting || onlineQueue.length === 0) return;
    const taken = onlineQueue;
    onlineQueue = [];
    onlineWriting = true;
    try {
      // One status per device in a batch (a device's next one waits for this one: `inOrder`).
      const last = new Map(taken.map((waiting) => [waiting.hwid, waiting.status]));
      const came = await storeOnlineStatuses(
        telemetryDb,
        [...last].map(([hwid, status]) => ({ hwid, status })),
      );
      for (const waiting of taken) waiting.answer(came.has(waiting.hwid));
    } catch (error) {
      for (const waiting of taken) waiting.fail(error);
    } finally {
      onlineWriting = false;
      if (onlineQueue.length > 0) void writeOnlines();
    }
  }

  /**
   * The follow-up of a device that came online (its prices sent again), a few at a time: a batch of
   * hundreds coming online at once started as many price syncs in one turn of the event loop, whose
   * delay then cut the broker's admission pace to its floor. Devices waiting are kept once each.
   */
  const followUpsAtOnce = 8;
  const followUpsWaiting = new Set<string>();
  let followUpsRunning = 0;
  function followUp(hwid: string): void {
    if (!options.onOnline) return;
    followUpsWaiting.add(hwid);
    startFollowUps(options.onOnline);
  }
  function startFollowUps(onOnline: (hwid: string) => Promise<void>): void {
    for (const hwid of followUpsWaiting) {
      if (followUpsRunning >= followUpsAtOnce) return;
      followUpsWaiting.delete(hwid);
      followUpsRunning += 1;
      onOnline(hwid)
        .catch((error: unknown) => log.warn({ err: error, hwid }, 'online follow-up failed'))
        .finally(() => {
          followUpsRunning -= 1;
          startFollowUps(onOnline);
        });
    }
  }

  function schedule(): void {
    if (pendingStates.size + seen.size >= batchMax) void flush();
    else timer ??= setTimeout(() => void flush(), batchMs);
  }

  return {
    counters,

    /** The longest state batch write (ms) since the last call: how far PostgreSQL is behind the fleet. */
    takeLongestBatchMs(): number {
      const longest = Math.round(longestBatchMs);
      longestBatchMs = 0;
      return longest;
    },

    async handle(topic: string, payload: Buffer): Promise<void> {
      const parsed = parseDeviceMessage(topic, payload);
      if (!parsed.ok) {
        counters.invalid += 1;
        const { reason, hwid, channel, issues } = parsed;
        log.warn({ topic, hwid, channel, reason, issues: issues?.slice(0, 5) }, 'device message dropped');
        return;
      }
      const { hwid } = parsed;
      const receipt: Receipt = { at: clock.now().getTime(), toleranceMs };
      received += 1;
      switch (parsed.channel) {
        case 'state': {
          counters.states += 1;
          const incoming = {
            hwid,
            report: parsed.message,
            reportedAt: reportTime(parsed.message.sentAt, receipt),
            received,
          };
          const current = pendingStates.get(hwid);
          if (!current || isNewer(incoming, current)) pendingStates.set(hwid, incoming);
          return schedule();
        }
        case 'status': {
          counters.statuses += 1;
          const status = parsed.message;
          if (status.status === 'offline') leftAt.set(hwid, received);
          else leftAt.delete(hwid);
          return inOrder(hwid, async () => {
            // A report still in a batch must not bring back online a device that just left.
            if (status.status === 'offline' && (pendingStates.has(hwid) || inflight.size > 0)) {
              const written = flush();
              await Promise.allSettled([...inflight, written]);
            }
            const cameOnline =
              status.status === 'online'
                ? await markOnline(hwid, status)
                : await storeStatus(telemetryDb, hwid, status);
            if (cameOnline) followUp(hwid);
          });
        }
        case 'event':
          counters.events += 1;
          return storeEvent(db, hwid, parsed.message, options.saleLimits, receipt);
        case 'ack':
          counters.acks += 1;
          options.commands.receiveAck(parsed.message);
          seen.add(hwid);
          return schedule();
        case 'card': {
          counters.cards += 1;
          if (!options.cards) return;
          // Answered beside the connection's other messages (a card waiting for its row lock must not
          // hold up the fleet's states), but one device's requests in the order sent: a void right
          // after its authorize must find the charge made. The desk is idempotent per (device, requestId).
          const request = parsed.message;
          const cards = options.cards;
          const work = (cardQueues.get(hwid) ?? Promise.resolve())
            .then(() => cards.handle(hwid, request))
            .catch((error: unknown) => log.error({ err: error, hwid }, 'answering a card request failed'))
            .finally(() => {
              cardWork.delete(work);
              if (cardQueues.get(hwid) === work) cardQueues.delete(hwid);
            });
          cardQueues.set(hwid, work);
          cardWork.add(work);
          seen.add(hwid);
          return schedule();
        }
        case 'cmd':
        case 'cardResult':
          return;
      }
    },

    async stop(): Promise<void> {
      await Promise.allSettled([...cardWork]);
      await Promise.allSettled([...presence.values()]);
      const written = flush();
      await Promise.allSettled([...inflight, written]);
    },
  };
}
