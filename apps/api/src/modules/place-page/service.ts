import {
  ErrorCode,
  type DeviceLiveUpdate,
  type DoneAlertInput,
  type PlacePublicPage,
  type PublicMachine,
  type PublicMachineUpdate,
  type PublicPlace,
} from '@sbo/contracts';
import { doneAlertText } from '@sbo/contracts/place-page-texts';
import type { Database } from '../../db/client';
import { AppError, InvalidFields } from '../../lib/app-error';
import { writeAudit } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import type { Log } from '../../lib/log';
import type { ModuleServices } from '../../lib/module';
import { kindOf } from '../../machines/device-kind';
import type { MerchantScope } from '../../scope/merchant-scope';
import { publicStateOf, remainingAt, type ReportedState } from './machine-state';
import * as repo from './repository';

type Actor = MerchantScope & { userId: number };

/** Answered as 429 (TOO_MANY_REQUESTS) by the error handler, as the rate limit's refusals are. */
const tooMany = () => Object.assign(new Error('too many done alerts for this machine'), { statusCode: 429 });

/** Browsers that may wait on one machine's cycle at once (anyone may ask, so the list is bounded). */
export const alertsPerMachine = 20;
/** An alert for a cycle that never reported its end is dropped after this long. */
const alertLifetimeMs = 12 * 3_600_000;
/** A push service that could not take an alert (down, busy) is asked again after these waits, then given up. */
export const alertRetryDelaysMs = [60_000, 5 * 60_000, 15 * 60_000] as const;

const pageOf = (row: { enabled: boolean; key: string }): PlacePublicPage => ({
  enabled: row.enabled,
  key: row.key,
  path: `/p/${row.key}`,
});

const reportedOf = (row: repo.PlaceMachineRow): ReportedState => ({
  online: row.online === true,
  status: row.report?.status ?? null,
  errorCode: row.report?.errorCode ?? null,
  remainingSeconds: row.report?.remainingSeconds ?? null,
  reportedAt: row.reportedAt,
});

const liveStateOf = (update: DeviceLiveUpdate): ReportedState => ({
  online: update.online,
  status: update.status,
  errorCode: update.errorCode,
  remainingSeconds: update.remainingSeconds,
  reportedAt: update.reportedAt ? new Date(update.reportedAt) : null,
});

/** How long an open stream trusts that its page is still on before asking the database again. */
const openCheckMs = 5_000;

export function createPlacePageService(deps: {
  db: Database;
  clock: Clock;
  push: ModuleServices['webPush'];
  log?: Pick<Log, 'info'>;
}) {
  const { db, clock, push } = deps;
  /** Whether each streamed page was on when last asked, and when (streams ask before every update). */
  const openPages = new Map<string, { open: boolean; at: number }>();
  /**
   * Machines with alerts waiting for their cycle to end, as this instance knows them: a machine's live
   * report looks in the database only for these. Every idle machine's heartbeat of a fleet did (two
   * statements each). Added to when this instance takes an alert, refreshed by every sweep (alerts
   * another instance took or added); the sweep sends whatever a report missed.
   */
  let awaitingEnd = new Set<number>();

  return {
    async pageOf(scope: MerchantScope, id: number): Promise<PlacePublicPage> {
      const row = await repo.findPublicPageOf(db, scope, id);
      if (!row) throw new AppError(ErrorCode.PLACE_INVALID);
      return pageOf(row);
    },

    async setPage(actor: Actor, id: number, enabled: boolean): Promise<PlacePublicPage> {
      return db.transaction(async (tx) => {
        const before = await repo.findPublicPageOf(tx, actor, id, true);
        if (!before) throw new AppError(ErrorCode.PLACE_INVALID);
        await repo.setPublicPage(tx, actor, id, enabled, clock.now());
        openPages.delete(before.key);
        await writeAudit(tx, actor, {
          action: 'place.update',
          entity: 'place',
          entityId: id,
          before: { publicPage: before.enabled },
          after: { publicPage: enabled },
        });
        return pageOf({ ...before, enabled });
      });
    },

    isOpen: async (key: string) => (await repo.findOpenPlace(db, key)) !== null,

    /**
     * Whether a streamed page is still on, asked again at most every few seconds: a page its owner turns off
     * stops its open streams at their next update (on every instance), not only when they are recycled.
     */
    async stillOpen(key: string): Promise<boolean> {
      const now = clock.now().getTime();
      const known = openPages.get(key);
      if (known && now - known.at < openCheckMs) return known.open;
      const open = (await repo.findOpenPlace(db, key)) !== null;
      openPages.set(key, { open, at: now });
      if (openPages.size > 10_000) openPages.delete(openPages.keys().next().value!);
      return open;
    },

    /** The public answer: only what publicPlace declares (the route's serializer drops anything else). */
    async publicPlace(key: string): Promise<PublicPlace | null> {
      const place = await repo.findOpenPlace(db, key);
      if (!place) return null;
      const now = clock.now();
      const machines: PublicMachine[] = (await repo.machinesAt(db, place.id)).map((row) => {
        const reported = reportedOf(row);
        return {
          id: row.id,
          name: row.name,
          kind: kindOf(row.machineType) ?? 'other',
          state: publicStateOf(reported),
          remainingSeconds: remainingAt(reported, now),
        };
      });
      return { title: place.title, address: place.address, machines, pushKey: push.publicKey || null };
    },

    /** What the stream subscribes to: the place's merchant and machine ids; null when the page is not open. */
    async streamScope(key: string) {
      const place = await repo.findOpenPlace(db, key);
      if (!place) return null;
      const ids = new Set((await repo.machinesAt(db, place.id)).map((row) => row.id));
      return { merchantId: place.merchantId, deviceIds: ids };
    },

    toUpdate(update: DeviceLiveUpdate): PublicMachineUpdate {
      const reported = liveStateOf(update);
      return {
        id: update.deviceId,
        state: publicStateOf(reported),
        remainingSeconds: remainingAt(reported, clock.now()),
      };
    },

    /** Keeps the browser's wish to be told when this machine's running cycle ends. */
    async addDoneAlert(key: string, deviceId: number, input: DoneAlertInput): Promise<{ waiting: true } | null> {
      if (!push.allows(input.endpoint))
        throw new InvalidFields([{ path: 'body.endpoint', message: 'not a known push service address' }]);
      const place = await repo.findOpenPlace(db, key);
      const machine = place && (await repo.machinesAt(db, place.id)).find((row) => row.id === deviceId);
      if (!machine) return null;
      if (publicStateOf(reportedOf(machine)) !== 'inUse') throw new AppError(ErrorCode.MACHINE_NOT_RUNNING);
      await db.transaction(async (tx) => {
        // Serializes askers of one machine, so the bound holds under concurrent requests.
        await repo.lockMachine(tx, deviceId);
        if ((await repo.pendingAlertCount(tx, deviceId)) >= alertsPerMachine) throw tooMany();
        await repo.upsertAlert(tx, {
          deviceId,
          endpoint: input.endpoint,
          p256dh: input.keys.p256dh,
          auth: input.keys.auth,
          language: input.language,
        });
      });
      awaitingEnd.add(deviceId);
      return { waiting: true };
    },

    /**
     * Sends the alerts of machines whose cycle ended (one machine's, or all) and the retries now due, each
     * once; one the push service could not take now is put back for later. Answers how many went.
     */
    /** Whether customers wait on any machine's cycle (as this instance knows): else a live report needs no look. */
    awaitsAnyEnd: () => awaitingEnd.size > 0,

    async sendDueAlerts(deviceId?: number): Promise<number> {
      if (deviceId !== undefined && !awaitingEnd.has(deviceId)) return 0;
      const now = clock.now();
      const staleBefore = new Date(now.getTime() - alertLifetimeMs);
      const due = await repo.takeDueAlerts(db, { now, staleBefore, deviceId });
      if (deviceId === undefined) awaitingEnd = new Set(await repo.machinesAwaitingEnd(db));
      else if (due.length > 0) awaitingEnd.delete(deviceId);
      let sent = 0;
      for (const alert of due) {
        const text = doneAlertText(alert.language, { machine: alert.machineName, place: alert.placeTitle });
        const outcome = await push.sendToBrowser(alert, {
          ...text,
          link: `/p/${alert.placeKey}`,
          critical: false,
          tag: `done-${alert.id}`,
        });
        if (outcome === 'sent') sent += 1;
        const wait = outcome === 'later' ? alertRetryDelaysMs[alert.attempts] : undefined;
        if (wait !== undefined) await repo.requeueAlert(db, alert, new Date(now.getTime() + wait));
        // The push service's host only: the endpoint's path addresses one browser.
        deps.log?.info(
          { alertId: alert.id, outcome, attempt: alert.attempts + 1, pushService: new URL(alert.endpoint).host },
          'done alert',
        );
      }
      return sent;
    },
  };
}

export type PlacePageService = ReturnType<typeof createPlacePageService>;
