import { liveChannel } from '../../lib/channels';
import { defineModule } from '../../lib/module';
import { listen } from '../../lib/pg-listener';
import { readConsumerPage } from '../../plugins/web-app';
import { placePageRoutes, registerPlacePageAddress } from './routes';
import { createPlacePageService } from './service';

/** What a machine's live update says that matters here (migration 0024; the gateway's pg_notify payload). */
type LiveNote = { deviceId?: number; status?: string };

/**
 * A place's public status page (`/p/<key>`): the owner's switch, what customers see (live), and the
 * done alerts they ask for, sent by the notification module's Web Push sender when a cycle ends.
 */
export const placePageModule = defineModule({
  name: 'place-page',
  setup({ app, db, pool, clock, log, live, config, need }) {
    const moduleLog = log.child({ module: 'place-page' });
    const pages = createPlacePageService({ db, clock, push: need('webPush'), log: moduleLog });
    const send = (deviceId?: number) =>
      pages.sendDueAlerts(deviceId).catch((error: unknown) => moduleLog.warn({ err: error }, 'done alerts not sent'));
    // A machine reporting done or standby sends its alerts at once; the job below catches a missed notification.
    const listener = listen(
      pool,
      [liveChannel],
      (_channel, payload) => {
        // Every report of the fleet is notified; only those of machines customers wait on matter here.
        if (!pages.awaitsAnyEnd()) return;
        let note: LiveNote;
        try {
          note = JSON.parse(payload) as LiveNote;
        } catch {
          return;
        }
        if (typeof note.deviceId === 'number' && (note.status === 'done' || note.status === 'idle'))
          void send(note.deviceId);
      },
      moduleLog,
    );
    registerPlacePageAddress(app, { pages, page: readConsumerPage(config.WEB_DIST) });
    return {
      routes: async (v1) =>
        void (await v1.register(placePageRoutes, {
          pages,
          live,
          stream: { maxSeconds: config.SSE_STREAM_MAX_SECONDS, heartbeatSeconds: config.SSE_HEARTBEAT_SECONDS },
          readsPerMinute: config.RATE_LIMIT_CHECKOUT_PER_MINUTE * 3,
        })),
      jobs: [
        {
          name: 'place page done alerts',
          everySeconds: config.NOTIFICATION_JOB_SECONDS,
          run: () => pages.sendDueAlerts(),
          log: moduleLog,
        },
      ],
      onClose: () => listener.close(),
    };
  },
});
