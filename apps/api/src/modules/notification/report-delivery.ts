import type pg from 'pg';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { createQueueRunner, PermanentJobFailure } from '../../lib/job-queue';
import type { ScheduledJob } from '../../lib/scheduler';
import type { DeviceScope } from '../../scope/device-scope';
import type { EmailChannel } from './email';
import { queueDueReports, reportQueue, reportSummary, type ReportWindow } from './report';
import { reportMail } from './report-mail';
import { reportRecipient } from './report-repository';
import type { Log } from '../../lib/log';

/** The records of a window as a spreadsheet, as the records screen exports them for that member. */
type ReportExport = (
  scope: DeviceScope,
  window: ReportWindow,
  language: string,
) => Promise<{ fileName: string; content: Buffer; contentType: string }>;

type ReportPayload = ReportWindow & { userId: number; merchantId: number; memberId: number };

/**
 * The scheduled reports (docs/notifications.md): every minute the reports due are queued (one per member
 * and window); each job reads the member's summary and records and e-mails them. A member who left, was
 * suspended or turned the report off meanwhile gets nothing.
 */
export function startReportDelivery(deps: {
  pool: pg.Pool;
  db: Database;
  clock: Clock;
  email: EmailChannel | null;
  exportRecords: ReportExport;
  log?: Log;
}) {
  const { pool, db, clock } = deps;

  const send = async (job: { payload: ReportPayload }) => {
    const { userId, merchantId, memberId } = job.payload;
    if (!deps.email) throw new PermanentJobFailure('E-mail: no mail server (SMTP_URL) is configured');
    const member = await reportRecipient(db, { memberId, userId, merchantId }, job.payload.period);
    if (!member) return;
    const scope = { merchantId, memberId };
    const window = { period: job.payload.period, firstDay: job.payload.firstDay, lastDay: job.payload.lastDay };
    const summary = await reportSummary({ db, pool }, scope, window);
    const mail = reportMail(summary, member.locale);
    const records = await deps.exportRecords(scope, window, mail.language);
    await deps.email.send({
      to: member.email,
      ...mail,
      attachments: [{ filename: records.fileName, content: records.content, contentType: records.contentType }],
    });
  };

  const runner = createQueueRunner({ pool, clock, queue: reportQueue, handle: send, log: deps.log, batchSize: 4 });
  const tick = async () => {
    await queueDueReports(db, clock.now());
    return runner.runDue();
  };
  return {
    /** Queues what is due and sends it (tests call it; the scheduler does every minute at most). */
    runDue: tick,
    /** The scheduler's job: every `seconds`, never more often than once a minute (0: never). */
    job: (seconds: number): ScheduledJob => ({
      name: 'report delivery',
      everySeconds: seconds <= 0 ? 0 : Math.max(seconds, 60),
      run: tick,
    }),
  };
}
