import type pg from 'pg';
import type { ChannelChoice, NotificationThresholds } from '@sbo/contracts';

type Queryable = Pick<pg.Pool | pg.PoolClient, 'query'>;

export type StoredSettings = {
  kinds: Record<string, ChannelChoice>;
  criticalKinds: string[];
  quietFrom: number | null;
  quietTo: number | null;
  report: 'off' | 'daily' | 'weekly';
};

export async function findSettings(db: Queryable, userId: number, merchantId: number): Promise<StoredSettings | null> {
  const result = await db.query<StoredSettings>(
    `select kinds, critical_kinds as "criticalKinds", quiet_from as "quietFrom", quiet_to as "quietTo", report
       from notification_settings where user_id = $1 and merchant_id = $2`,
    [userId, merchantId],
  );
  return result.rows[0] ?? null;
}

export async function saveSettings(
  db: Queryable,
  userId: number,
  merchantId: number,
  settings: StoredSettings,
  now: Date,
) {
  await db.query(
    `insert into notification_settings (user_id, merchant_id, kinds, critical_kinds, quiet_from, quiet_to, report, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8)
     on conflict (user_id, merchant_id) do update set kinds = excluded.kinds, critical_kinds = excluded.critical_kinds,
       quiet_from = excluded.quiet_from, quiet_to = excluded.quiet_to, report = excluded.report, updated_at = excluded.updated_at`,
    [
      userId,
      merchantId,
      settings.kinds,
      settings.criticalKinds,
      settings.quietFrom,
      settings.quietTo,
      settings.report,
      now,
    ],
  );
}

/** What the settings screen shows of each channel: linked or not, and the last deliveries that failed for good. */
export async function channelStatus(db: Queryable, userId: number) {
  const [user, line, push, failed] = await Promise.all([
    db.query<{ email: string }>('select email from users where id = $1', [userId]),
    db.query<{ linked: boolean; problem: 'forbidden' | 'blocked' | null }>(
      'select line_user_id is not null as linked, problem from line_links where user_id = $1',
      [userId],
    ),
    db.query<{ n: number }>('select count(*)::int as n from push_subscriptions where user_id = $1', [userId]),
    db.query<{
      id: string;
      queue: string;
      kind: string | null;
      attempts: number;
      last_error: string | null;
      finished_at: Date | null;
    }>(
      `select j.id, j.queue, e.kind, j.attempts, j.last_error, j.finished_at
         from background_jobs j left join notification_events e on e.id = (j.payload ->> 'eventId')::bigint
        where j.queue like 'notify.%' and j.status = 'failed' and (j.payload ->> 'userId')::int = $1
        order by j.finished_at desc nulls last limit 10`,
      [userId],
    ),
  ]);
  return {
    email: user.rows[0]?.email ?? '',
    lineLinked: line.rows[0]?.linked ?? false,
    lineProblem: line.rows[0]?.linked ? (line.rows[0].problem ?? null) : null,
    pushSubscriptions: push.rows[0]?.n ?? 0,
    failed: failed.rows,
  };
}

export async function findThresholds(db: Queryable, merchantId: number): Promise<Partial<NotificationThresholds>> {
  const result = await db.query<{ values: Partial<NotificationThresholds> }>(
    'select values from notification_thresholds where merchant_id = $1',
    [merchantId],
  );
  return result.rows[0]?.values ?? {};
}

export async function saveThresholds(db: Queryable, merchantId: number, values: NotificationThresholds, now: Date) {
  await db.query(
    `insert into notification_thresholds (merchant_id, values, updated_at) values ($1, $2, $3)
     on conflict (merchant_id) do update set values = excluded.values, updated_at = excluded.updated_at`,
    [merchantId, values, now],
  );
}
