import { and, eq, sql } from 'drizzle-orm';
import { CardReader, type SpendingBonusRules } from '@sbo/contracts';
import type { Executor } from '../../db/client';
import { promotionDevices, promotions } from '../../db/schema';
import { statusSql } from './repository';

// The SQL of spending bonuses: which bonus a machine's charge falls under, the card's visit or period
// window, and the card's spend at the promotion's machines within it (docs/promotions.md).

export type BonusPromotion = { id: number; startAt: Date; rules: SpendingBonusRules };

/** The spending bonus running on a machine at an instant (a machine holds at most one of a category). */
export async function spendingBonusOn(
  db: Executor,
  merchantId: number,
  deviceId: number,
  at: Date,
): Promise<BonusPromotion | null> {
  const [row] = await db
    .select({ id: promotions.id, startAt: promotions.startAt, rules: promotions.spendingBonus })
    .from(promotions)
    .innerJoin(promotionDevices, eq(promotionDevices.promotionId, promotions.id))
    .where(
      and(
        eq(promotionDevices.deviceId, deviceId),
        eq(promotions.merchantId, merchantId),
        eq(promotions.category, 'spending_bonus'),
        sql`${statusSql(at)} = 'active'`,
      ),
    )
    .orderBy(promotions.id)
    .limit(1);
  return row?.rules ? { id: row.id, startAt: row.startAt, rules: row.rules } : null;
}

export type BonusWindow = {
  id: number;
  promotionId: number;
  startsAt: Date;
  endsAt: Date;
  granted: boolean;
  grants: number;
  bonusKind: 'credit' | 'points' | null;
  bonusValue: number | null;
  minSpend: number | null;
};

const toWindow = (r: Record<string, unknown>): BonusWindow => ({
  id: Number(r.id),
  promotionId: Number(r.promotion_id),
  startsAt: new Date(r.starts_at as string),
  endsAt: new Date(r.ends_at as string),
  granted: Boolean(r.granted),
  grants: Number(r.grants),
  bonusKind: (r.bonus_kind as 'credit' | 'points' | null) ?? null,
  bonusValue: r.bonus_value === null ? null : Number(r.bonus_value),
  minSpend: r.min_spend === null ? null : Number(r.min_spend),
});

const windowColumns = sql.raw(
  'id, promotion_id, starts_at, ends_at, granted, grants, bonus_kind, bonus_value, min_spend',
);

/** The card's window of this promotion that contains `at`, if one was opened. */
export async function windowAt(db: Executor, promotionId: number, cardId: number, at: Date) {
  const result = await db.execute<Record<string, unknown>>(sql`
    select ${windowColumns} from promotion_card_windows
     where promotion_id = ${promotionId} and card_id = ${cardId}
       and starts_at <= ${at.toISOString()} and ends_at > ${at.toISOString()}
     order by starts_at desc limit 1`);
  return result.rows[0] ? toWindow(result.rows[0]) : null;
}

/** Opens (or finds) the window [startsAt, endsAt) of a card under a promotion. */
export async function openWindow(
  db: Executor,
  row: { merchantId: number; promotionId: number; cardId: number; startsAt: Date; endsAt: Date },
): Promise<BonusWindow> {
  await db.execute(sql`
    insert into promotion_card_windows (merchant_id, promotion_id, card_id, starts_at, ends_at)
    values (${row.merchantId}, ${row.promotionId}, ${row.cardId}, ${row.startsAt.toISOString()}, ${row.endsAt.toISOString()})
    on conflict (promotion_id, card_id, starts_at) do nothing`);
  const result = await db.execute<Record<string, unknown>>(sql`
    select ${windowColumns} from promotion_card_windows
     where promotion_id = ${row.promotionId} and card_id = ${row.cardId} and starts_at = ${row.startsAt.toISOString()}`);
  return toWindow(result.rows[0]!);
}

/** The granted windows of a card whose time holds `at` (a refunded charge's time). */
export async function grantedWindowsAt(db: Executor, merchantId: number, cardId: number, at: Date) {
  const result = await db.execute<Record<string, unknown>>(sql`
    select ${windowColumns} from promotion_card_windows
     where merchant_id = ${merchantId} and card_id = ${cardId} and granted
       and starts_at <= ${at.toISOString()} and ends_at > ${at.toISOString()}`);
  return result.rows.map(toWindow);
}

export async function markWindow(
  db: Executor,
  id: number,
  change:
    | { granted: true; grants: number; bonusKind: 'credit' | 'points'; bonusValue: number; minSpend: number }
    | {
        granted: false;
      },
) {
  if (change.granted) {
    await db.execute(sql`
      update promotion_card_windows set granted = true, grants = ${change.grants}, bonus_kind = ${change.bonusKind},
             bonus_value = ${change.bonusValue}, min_spend = ${change.minSpend}
       where id = ${id}`);
  } else {
    await db.execute(sql`update promotion_card_windows set granted = false where id = ${id}`);
  }
}

/**
 * What a card spent at the promotion's machines within a window: its approved charges not given
 * back, at the time of their sales (the api's clock), from the promotion's start.
 */
export async function spendWithin(
  db: Executor,
  merchantId: number,
  cardId: number,
  window: { promotionId: number; startsAt: Date; endsAt: Date },
  promotionStart: Date,
): Promise<number> {
  const from = (window.startsAt > promotionStart ? window.startsAt : promotionStart).toISOString();
  const result = await db.execute<{ spend: string }>(sql`
    select coalesce(sum(a.amount), 0) as spend
      from card_authorizations a
      join transactions t on t.id = a.transaction_id
      join promotion_devices pd on pd.device_id = a.device_id and pd.promotion_id = ${window.promotionId}
     where a.merchant_id = ${merchantId} and a.card_id = ${cardId} and a.result = ${CardReader.approved}
       and a.voided_at is null and t.created_at >= ${from} and t.created_at < ${window.endsAt.toISOString()}`);
  return Number(result.rows[0]?.spend ?? 0);
}

export async function promotionStart(db: Executor, promotionId: number): Promise<Date | null> {
  const result = await db.execute<{ start_at: string }>(sql`select start_at from promotions where id = ${promotionId}`);
  return result.rows[0] ? new Date(result.rows[0].start_at) : null;
}

/** When the sale of a card charge was made (the api's clock). */
export async function saleTime(db: Executor, transactionId: number): Promise<Date | null> {
  const result = await db.execute<{ created_at: string }>(
    sql`select created_at from transactions where id = ${transactionId}`,
  );
  return result.rows[0] ? new Date(result.rows[0].created_at) : null;
}
