import { and, between, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  devices,
  merchantMembers,
  merchants,
  notificationEvents,
  notificationSettings,
  revenueDaily,
  users,
} from '../../db/schema';
import { sumMinor } from '../../lib/money-sql';
import { settingsOfMember } from './settings-repository';

// What the scheduled reports read: who gets one, and the figures of a member's machines.

export async function findMerchant(db: Executor, merchantId: number) {
  const rows = await db
    .select({ company_name: merchants.companyName, currency: merchants.currency, timezone: merchants.timezone })
    .from(merchants)
    .where(eq(merchants.id, merchantId));
  return rows[0]!;
}

/** Sales, total and refund of each machine (null: every machine of the merchant) over whole days, from the rollup. */
export async function salesPerMachine(
  db: Executor,
  merchantId: number,
  deviceIds: readonly number[] | null,
  days: { firstDay: string; lastDay: string },
) {
  return db
    .select({
      name: devices.name,
      sales: sql<number>`coalesce(sum(${revenueDaily.count}), 0)::int`,
      total: sumMinor(revenueDaily.total),
      refund: sumMinor(revenueDaily.refund),
    })
    .from(devices)
    .leftJoin(
      revenueDaily,
      and(
        eq(revenueDaily.merchantId, devices.merchantId),
        eq(revenueDaily.deviceId, devices.id),
        between(revenueDaily.day, days.firstDay, days.lastDay),
      ),
    )
    .where(
      and(eq(devices.merchantId, merchantId), deviceIds === null ? undefined : inArray(devices.id, [...deviceIds])),
    )
    .groupBy(devices.id, devices.name);
}

/** How many faults were raised in [start, end) on the machines (null: all). */
export async function countFaults(
  db: Executor,
  merchantId: number,
  deviceIds: readonly number[] | null,
  start: Date,
  end: Date,
): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notificationEvents)
    .where(
      and(
        eq(notificationEvents.merchantId, merchantId),
        inArray(notificationEvents.kind, ['deviceError', 'okMachineError', 'settlementFailed']),
        gte(notificationEvents.occurredAt, start),
        lt(notificationEvents.occurredAt, end),
        deviceIds === null ? undefined : inArray(notificationEvents.deviceId, [...deviceIds]),
      ),
    );
  return rows[0]?.n ?? 0;
}

/** Members (active) who chose a daily or weekly report, with their merchant's clock. */
export async function reportSubscribers(db: Executor) {
  return db
    .select({
      user_id: notificationSettings.userId,
      merchant_id: notificationSettings.merchantId,
      member_id: merchantMembers.id,
      report: sql<'daily' | 'weekly'>`${notificationSettings.report}`,
      timezone: merchants.timezone,
    })
    .from(notificationSettings)
    .innerJoin(merchantMembers, and(settingsOfMember, eq(merchantMembers.suspended, false)))
    .innerJoin(merchants, eq(merchants.id, notificationSettings.merchantId))
    .where(inArray(notificationSettings.report, ['daily', 'weekly']));
}

/** The member's address and language, while they are active and still want this report. */
export async function reportRecipient(
  db: Executor,
  member: { memberId: number; userId: number; merchantId: number },
  period: 'daily' | 'weekly',
) {
  const rows = await db
    .select({ email: users.email, locale: users.locale })
    .from(merchantMembers)
    .innerJoin(users, eq(users.id, merchantMembers.userId))
    .innerJoin(notificationSettings, settingsOfMember)
    .where(
      and(
        eq(merchantMembers.id, member.memberId),
        eq(merchantMembers.userId, member.userId),
        eq(merchantMembers.merchantId, member.merchantId),
        eq(merchantMembers.suspended, false),
        eq(notificationSettings.report, period),
      ),
    );
  return rows[0] ?? null;
}
