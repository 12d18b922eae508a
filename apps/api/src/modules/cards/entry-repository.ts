import { sql, type SQL } from 'drizzle-orm';
import type { CardEntryFilter, CardEntryKind, CardProgram } from '@sbo/contracts';
import type { Executor } from '../../db/client';

// Reading the card ledger: the records, their totals, the export and the statistics by day.

type ResolvedEntryFilter = Omit<CardEntryFilter, 'from' | 'to'> & { from: Date; until: Date };

export type EntryRow = {
  id: number;
  cardId: number;
  cardNumber: string;
  program: CardProgram;
  holderName: string;
  kind: CardEntryKind;
  balanceChange: number;
  pointChange: number;
  balanceAfter: number;
  pointAfter: number;
  placeId: number | null;
  placeTitle: string | null;
  deviceId: number | null;
  deviceName: string | null;
  transactionId: number | null;
  reason: string | null;
  actorName: string | null;
  createdAt: Date;
};

function whereOf(merchantId: number, filter: ResolvedEntryFilter): SQL {
  const parts: SQL[] = [
    sql`e.merchant_id = ${merchantId}`,
    sql`c.program = ${filter.program}`,
    sql`e.created_at >= ${filter.from.toISOString()}`,
    sql`e.created_at < ${filter.until.toISOString()}`,
  ];
  if (filter.kind) parts.push(sql`e.kind = ${filter.kind}`);
  if (filter.cardId !== undefined) parts.push(sql`e.card_id = ${filter.cardId}`);
  if (filter.placeId !== undefined) parts.push(sql`e.place_id = ${filter.placeId}`);
  if (filter.deviceId !== undefined) parts.push(sql`e.device_id = ${filter.deviceId}`);
  if (filter.keyword) {
    const like = `%${filter.keyword.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    parts.push(sql`c.number like ${like}`);
  }
  return sql.join(parts, sql` and `);
}

const entryFrom = sql`card_entries e join cards c on c.id = e.card_id
  left join places p on p.id = e.place_id left join devices d on d.id = e.device_id`;
const entryColumns = sql`e.id, e.card_id, c.number, c.program, c.holder_name, e.kind, e.balance_change, e.point_change,
  e.balance_after, e.point_after, e.place_id, p.title as place_title, e.device_id, d.name as device_name,
  e.transaction_id, e.reason, e.actor_name, e.created_at`;

function toEntryRow(row: Record<string, unknown>): EntryRow {
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return {
    id: Number(row.id),
    cardId: Number(row.card_id),
    cardNumber: String(row.number),
    program: row.program as CardProgram,
    holderName: String(row.holder_name),
    kind: row.kind as CardEntryKind,
    balanceChange: Number(row.balance_change),
    pointChange: Number(row.point_change),
    balanceAfter: Number(row.balance_after),
    pointAfter: Number(row.point_after),
    placeId: num(row.place_id),
    placeTitle: (row.place_title as string | null) ?? null,
    deviceId: num(row.device_id),
    deviceName: (row.device_name as string | null) ?? null,
    transactionId: num(row.transaction_id),
    reason: (row.reason as string | null) ?? null,
    actorName: (row.actor_name as string | null) ?? null,
    createdAt: new Date(row.created_at as string),
  };
}

export async function listEntries(
  db: Executor,
  merchantId: number,
  filter: ResolvedEntryFilter,
  pageOf: { page: number; pageSize: number } | null,
): Promise<EntryRow[]> {
  const limit = pageOf
    ? sql` limit ${pageOf.pageSize} offset ${(pageOf.page - 1) * pageOf.pageSize}`
    : sql` limit 100000`;
  const result = await db.execute(
    sql`select ${entryColumns} from ${entryFrom} where ${whereOf(merchantId, filter)}
         order by e.created_at desc, e.id desc${limit}`,
  );
  return result.rows.map(toEntryRow);
}

export async function entriesById(db: Executor, merchantId: number, ids: readonly number[]): Promise<EntryRow[]> {
  if (ids.length === 0) return [];
  const result = await db.execute(
    sql`select ${entryColumns} from ${entryFrom} where e.merchant_id = ${merchantId}
         and e.id in (${sql.join(
           ids.map((id) => sql`${id}`),
           sql`, `,
         )}) order by e.id`,
  );
  return result.rows.map(toEntryRow);
}

/** Sums of the filtered entries by kind: money in minor units, points apart. */
export async function sumEntries(db: Executor, merchantId: number, filter: ResolvedEntryFilter) {
  const result = await db.execute<Record<string, string>>(sql`
    select count(*) as count,
           coalesce(sum(e.balance_change) filter (where e.kind = 'topUp'), 0) as top_up,
           coalesce(sum(e.balance_change) filter (where e.kind in ('topUpReward', 'promotionBonus')), 0) as reward,
           coalesce(-sum(e.balance_change) filter (where e.kind = 'spend'), 0) as spend,
           coalesce(sum(e.balance_change) filter (where e.kind = 'refund'), 0) as refund,
           coalesce(sum(e.balance_change) filter (where e.kind = 'adjustment'), 0) as adjustment,
           coalesce(sum(e.point_change) filter (where e.kind in ('pointsEarned', 'promotionBonus')), 0) as points_earned,
           coalesce(-sum(e.point_change) filter (where e.kind = 'pointsRedeemed'), 0) as points_redeemed
      from ${entryFrom} where ${whereOf(merchantId, filter)}`);
  const row = result.rows[0] ?? {};
  const n = (key: string) => Number(row[key] ?? 0);
  return {
    count: n('count'),
    topUp: n('top_up'),
    reward: n('reward'),
    spend: n('spend'),
    refund: n('refund'),
    adjustment: n('adjustment'),
    pointsEarned: n('points_earned'),
    pointsRedeemed: n('points_redeemed'),
  };
}

export type DayFigures = {
  day: string;
  issued: number;
  deposits: number;
  rewards: number;
  spend: number;
  refunds: number;
  adjustments: number;
  pointsEarned: number;
  pointsRedeemed: number;
  balanceChange: number;
};

/** The ledger by day in `timeZone`, and cards opened by day. */
export async function figuresByDay(
  db: Executor,
  merchantId: number,
  program: CardProgram,
  range: { from: Date; until: Date; timeZone: string; placeId?: number },
): Promise<DayFigures[]> {
  const place = range.placeId !== undefined ? sql` and e.place_id = ${range.placeId}` : sql``;
  const cardPlace = range.placeId !== undefined ? sql` and c.place_id = ${range.placeId}` : sql``;
  const result = await db.execute<Record<string, string>>(sql`
    with ledger as (
      select to_char(e.created_at at time zone ${range.timeZone}, 'YYYY-MM-DD') as day,
             coalesce(sum(e.balance_change) filter (where e.kind = 'topUp'), 0) as deposits,
             coalesce(sum(e.balance_change) filter (where e.kind in ('topUpReward', 'promotionBonus')), 0) as rewards,
             coalesce(-sum(e.balance_change) filter (where e.kind = 'spend'), 0) as spend,
             coalesce(sum(e.balance_change) filter (where e.kind = 'refund'), 0) as refunds,
             coalesce(sum(e.balance_change) filter (where e.kind = 'adjustment'), 0) as adjustments,
             coalesce(sum(e.point_change) filter (where e.kind in ('pointsEarned', 'promotionBonus')), 0) as points_earned,
             coalesce(-sum(e.point_change) filter (where e.kind = 'pointsRedeemed'), 0) as points_redeemed,
             coalesce(sum(e.balance_change), 0) as balance_change
        from card_entries e join cards c on c.id = e.card_id
       where e.merchant_id = ${merchantId} and c.program = ${program}
         and e.created_at >= ${range.from.toISOString()} and e.created_at < ${range.until.toISOString()}${place}
       group by 1),
    opened as (
      select to_char(c.created_at at time zone ${range.timeZone}, 'YYYY-MM-DD') as day, count(*) as issued
        from cards c
       where c.merchant_id = ${merchantId} and c.program = ${program}
         and c.created_at >= ${range.from.toISOString()} and c.created_at < ${range.until.toISOString()}${cardPlace}
       group by 1)
    select coalesce(l.day, o.day) as day, coalesce(o.issued, 0) as issued, l.deposits, l.rewards, l.spend, l.refunds,
           l.adjustments, l.points_earned, l.points_redeemed, l.balance_change
      from ledger l full join opened o on o.day = l.day order by 1`);
  return result.rows.map((r) => ({
    day: String(r.day),
    issued: Number(r.issued ?? 0),
    deposits: Number(r.deposits ?? 0),
    rewards: Number(r.rewards ?? 0),
    spend: Number(r.spend ?? 0),
    refunds: Number(r.refunds ?? 0),
    adjustments: Number(r.adjustments ?? 0),
    pointsEarned: Number(r.points_earned ?? 0),
    pointsRedeemed: Number(r.points_redeemed ?? 0),
    balanceChange: Number(r.balance_change ?? 0),
  }));
}

/** The program's cards now: how many, how many active, the outstanding balance and points. */
export async function programNow(db: Executor, merchantId: number, program: CardProgram, placeId?: number) {
  const place = placeId !== undefined ? sql` and place_id = ${placeId}` : sql``;
  const result = await db.execute<Record<string, string>>(sql`
    select count(*) as cards, count(*) filter (where status = 'active') as active,
           coalesce(sum(balance), 0) as outstanding, coalesce(sum(point), 0) as points
      from cards where merchant_id = ${merchantId} and program = ${program}${place}`);
  const r = result.rows[0] ?? {};
  return {
    cards: Number(r.cards ?? 0),
    activeCards: Number(r.active ?? 0),
    outstanding: Number(r.outstanding ?? 0),
    outstandingPoints: Number(r.points ?? 0),
  };
}

/** Balance changes since `at` (to walk the outstanding balance back to the end of earlier days). */
export async function balanceChangeSince(db: Executor, merchantId: number, program: CardProgram, at: Date) {
  const result = await db.execute<{ change: string }>(sql`
    select coalesce(sum(e.balance_change), 0) as change from card_entries e join cards c on c.id = e.card_id
     where e.merchant_id = ${merchantId} and c.program = ${program} and e.created_at >= ${at.toISOString()}`);
  return Number(result.rows[0]?.change ?? 0);
}

export async function cardsUsedIn(db: Executor, merchantId: number, program: CardProgram, from: Date, until: Date) {
  const result = await db.execute<{ n: string }>(sql`
    select count(distinct e.card_id) as n from card_entries e join cards c on c.id = e.card_id
     where e.merchant_id = ${merchantId} and c.program = ${program} and e.kind = 'spend'
       and e.created_at >= ${from.toISOString()} and e.created_at < ${until.toISOString()}`);
  return Number(result.rows[0]?.n ?? 0);
}
