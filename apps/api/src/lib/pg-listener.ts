import pg from 'pg';

/** `ready` settles once LISTEN is in place (notifications before it are missed). */
export type PgListener = { ready: Promise<void>; close(): Promise<void> };
import type { Log } from './log';

/**
 * LISTENs on channels with its own connection (not a pooled one, which it would hold forever),
 * reconnecting after a drop. Notifications sent while it was down are lost: callers treat them
 * as hints and keep the database the source of truth.
 */
export function listen(
  pool: pg.Pool,
  channels: readonly string[],
  onNotification: (channel: string, payload: string) => void,
  log?: Log,
  options: {
    /** Told `true` once LISTEN is in place on a (re)connection, `false` when that connection is lost. */
    onState?: (listening: boolean) => void;
    /** The connection's `application_name`, so others can count the listeners in pg_stat_activity. */
    applicationName?: string;
  } = {},
): PgListener {
  const { onState, applicationName } = options;
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;
  let markReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (markReady = resolve));

  const connect = async () => {
    const next = new pg.Client(applicationName ? { ...pool.options, application_name: applicationName } : pool.options);
    next.on('notification', (message) => onNotification(message.channel, message.payload ?? ''));
    next.on('error', () => undefined);
    next.on('end', () => {
      if (client === next) {
        client = null;
        onState?.(false);
      }
      if (!closed) schedule();
    });
    try {
      await next.connect();
      for (const channel of channels) await next.query(`listen ${pg.escapeIdentifier(channel)}`);
      if (closed) return void (await next.end());
      client = next;
      onState?.(true);
      markReady();
    } catch (error) {
      log?.warn({ err: error }, 'LISTEN connection failed; retrying');
      await next.end().catch(() => undefined);
      schedule();
    }
  };
  const schedule = () => {
    if (retry || closed) return;
    retry = setTimeout(() => {
      retry = null;
      void connect();
    }, 1_000);
  };
  void connect();

  return {
    ready,
    async close() {
      closed = true;
      markReady();
      if (retry) clearTimeout(retry);
      await client?.end().catch(() => undefined);
    },
  };
}
