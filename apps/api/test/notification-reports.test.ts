import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dueWindow, queueDueReports, reportSummary } from '../src/modules/notification/report';
import { reportMail } from '../src/modules/notification/report-mail';
import { startReportDelivery } from '../src/modules/notification/report-delivery';
import { createEmailChannel } from '../src/modules/notification/email';
import ExcelJS from 'exceljs';
import { startSmtpSink } from './helpers/smtp-sink';
import { addMember, createUser, memberOf } from './helpers/fixtures';
import { createBoundDevice, enableWhitelist } from './helpers/devices';
import { insertSale } from './helpers/sales';
import { createTestApp, type TestContext } from './helpers/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ NOTIFICATION_JOB_SECONDS: '0', NOTIFICATION_ANOMALY_SECONDS: '0' });
});
afterAll(() => ctx.close());

const zone = 'Asia/Taipei';

describe('report windows', () => {
  it('covers yesterday from 08:00 on the merchant clock, and the last whole week on Mondays', () => {
    // Tuesday 2026-11-24 07:59 and 08:00 in Taipei.
    expect(dueWindow(new Date('2026-11-23T23:59:00Z'), zone, 'daily')).toBeNull();
    expect(dueWindow(new Date('2026-11-24T00:00:00Z'), zone, 'daily')).toEqual({
      period: 'daily',
      firstDay: '2026-11-23',
      lastDay: '2026-11-23',
    });
    expect(dueWindow(new Date('2026-11-24T00:00:00Z'), zone, 'weekly')).toBeNull();
    // Monday 2026-11-23 09:00 in Taipei: the week of the 16th to the 22nd.
    expect(dueWindow(new Date('2026-11-23T01:00:00Z'), zone, 'weekly')).toEqual({
      period: 'weekly',
      firstDay: '2026-11-16',
      lastDay: '2026-11-22',
    });
  });
});

describe('report summary', () => {
  it("sums the member's machines, ranks the top ones, lists idle ones and counts faults", async () => {
    const owner = await memberOf(ctx, 'merchant');
    const merchantId = owner.merchant.id;
    const busy = await createBoundDevice(ctx.db, { merchantId, name: 'Busy' });
    const quiet = await createBoundDevice(ctx.db, { merchantId, name: 'Quiet' });
    const idle = await createBoundDevice(ctx.db, { merchantId, name: 'Idle' });
    // Monday 2026-11-23 in Taipei, and one sale the day before (outside the window).
    const day = new Date('2026-11-23T04:00:00Z');
    for (const total of [6000, 6000, 3000])
      await insertSale(ctx.db, { merchantId, deviceId: busy.device.id, createdAt: day, total });
    await insertSale(ctx.db, { merchantId, deviceId: quiet.device.id, createdAt: day, total: 2000 });
    await insertSale(ctx.db, { merchantId, deviceId: idle.device.id, createdAt: new Date('2026-11-22T04:00:00Z') });
    await ctx.pool.query(
      `insert into notification_events (merchant_id, device_id, kind, code, params, dedupe_key, occurred_at)
       values ($1, $2, 'deviceError', 1303001, '{}', 'f1', $3)`,
      [merchantId, busy.device.id, day],
    );
    const window = { period: 'daily' as const, firstDay: '2026-11-23', lastDay: '2026-11-23' };
    const scope = { merchantId, memberId: null };
    const summary = await reportSummary({ db: ctx.db, pool: ctx.pool }, scope, window);
    expect(summary).toMatchObject({
      currency: 'TWD',
      sales: 4,
      revenue: 17000,
      topMachines: [
        { name: 'Busy', sales: 3, revenue: 15000 },
        { name: 'Quiet', sales: 1, revenue: 2000 },
      ],
      idleMachines: ['Idle'],
      faults: 1,
    });
    // A member limited to the quiet machine sees only it.
    const user = await createUser(ctx.db);
    const member = await addMember(ctx.db, { merchantId, userId: user.id, role: 'manager' });
    await enableWhitelist(ctx.db, { merchantId, memberId: member.id, deviceIds: [quiet.device.id] }, ctx.app);
    const limited = await reportSummary({ db: ctx.db, pool: ctx.pool }, { merchantId, memberId: member.id }, window);
    expect(limited).toMatchObject({ sales: 1, revenue: 2000, idleMachines: [], faults: 0 });
  });

  it('queues each subscriber its report once per window', async () => {
    const owner = await memberOf(ctx, 'merchant');
    await ctx.pool.query(
      `insert into notification_settings (user_id, merchant_id, kinds, critical_kinds, report) values ($1, $2, '{}', '{}', 'daily')`,
      [owner.user.id, owner.merchant.id],
    );
    const at = new Date('2026-11-24T01:00:00Z');
    expect(await queueDueReports(ctx.db, at)).toBeGreaterThanOrEqual(1);
    expect(await queueDueReports(ctx.db, new Date(at.getTime() + 3_600_000))).toBe(0);
    const jobs = await ctx.pool.query(
      `select payload from background_jobs where queue = 'notify.report' and (payload ->> 'userId')::int = $1`,
      [owner.user.id],
    );
    expect(jobs.rows).toEqual([{ payload: expect.objectContaining({ period: 'daily', firstDay: '2026-11-23' }) }]);
  });
});

describe('report e-mail', () => {
  const summary = {
    merchantName: 'Sunny Laundry Co.',
    currency: 'TWD',
    timeZone: zone,
    window: { period: 'weekly' as const, firstDay: '2026-11-16', lastDay: '2026-11-22' },
    sales: 1234,
    revenue: 8_765_400,
    topMachines: [{ name: 'Washer <1>', sales: 300, revenue: 2_000_000 }],
    idleMachines: [],
    faults: 2,
  };
  it("is written in the member's language with the amounts in the merchant's currency, and escapes names", () => {
    const mail = reportMail(summary, 'en');
    expect(mail.subject).toBe('Weekly report: Sunny Laundry Co., 2026-11-16 – 2026-11-22');
    expect(mail.text).toContain('Revenue: NT$87,654.00');
    expect(mail.text).toContain('- Washer <1>: NT$20,000.00 (300)');
    expect(mail.text).toContain('Machines with no sales:\n- None');
    expect(mail.html).toContain('Washer &lt;1&gt;');
    expect(mail.html).not.toContain('Washer <1>');
    expect(reportMail(summary, 'ja').subject).toBe('週次レポート：Sunny Laundry Co.、2026-11-16 – 2026-11-22');
    expect(reportMail(summary, 'ko').language).toBe('en');
  });
});

describe('report delivery', () => {
  it("e-mails each subscriber their summary with the window's records attached as XLSX, once", async () => {
    const sink = await startSmtpSink();
    const email = createEmailChannel({ url: sink.url, from: 'reports@example.com' });
    try {
      const owner = await memberOf(ctx, 'merchant');
      const merchantId = owner.merchant.id;
      const washer = await createBoundDevice(ctx.db, { merchantId, name: 'Washer 9' });
      await insertSale(ctx.db, { merchantId, deviceId: washer.device.id, createdAt: new Date('2026-11-23T04:00:00Z') });
      await ctx.pool.query(`update users set locale = 'zh-TW' where id = $1`, [owner.user.id]);
      await ctx.pool.query(
        `insert into notification_settings (user_id, merchant_id, kinds, critical_kinds, report) values ($1, $2, '{}', '{}', 'daily')`,
        [owner.user.id, merchantId],
      );
      const clock = { now: () => new Date('2026-11-24T01:00:00Z') };
      const exportRecords = async () => {
        const workbook = new ExcelJS.Workbook();
        workbook.addWorksheet('Transactions').addRow(['createdAt']);
        const content = Buffer.from(await workbook.xlsx.writeBuffer());
        return {
          fileName: 'transactions-20261123.xlsx',
          content,
          contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        };
      };
      const reports = startReportDelivery({ pool: ctx.pool, db: ctx.db, clock, email, exportRecords });
      await reports.runDue();
      await reports.runDue();
      const mine = sink.mails.filter((mail) => JSON.stringify(mail.to).includes(owner.user.email));
      expect(mine).toHaveLength(1);
      expect(mine[0]!.subject).toBe(`每日報表：${owner.merchant.companyName}，2026-11-23`);
      expect(mine[0]!.text).toContain('交易筆數: 1');
      expect(mine[0]!.attachments.map((file) => file.filename)).toEqual(['transactions-20261123.xlsx']);
      const attached = new ExcelJS.Workbook();
      await attached.xlsx.load(mine[0]!.attachments[0]!.content as unknown as ArrayBuffer);
      expect(attached.getWorksheet('Transactions')?.getRow(1).getCell(1).value).toBe('createdAt');
    } finally {
      email.close();
      await sink.close();
    }
  });
});
