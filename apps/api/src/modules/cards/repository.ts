import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { CardEntryKind, CardListQuery, CardProgram, CardSort, CardStatus } from '@sbo/contracts';
import type { Executor } from '../../db/client';
import { cardEntries, cards, cardSettings, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { pgErrorCode } from '../../lib/pg-error';
import { ErrorCode } from '@sbo/contracts';

// The card ledger's SQL. Every query is scoped by merchant. Card totals are written by the ledger
// trigger only (migration 0013): this file inserts entries and reads cards, never sets a balance.

export type CardRow = typeof cards.$inferSelect & { placeTitle: string | null; currency: string };
export type NewEntry = {
  kind: CardEntryKind;
  balanceChange?: number;
  pointChange?: number;
  sourceId: string;
  placeId?: number | null;
  deviceId?: number | null;
  transactionId?: number | null;
  reason?: string | null;
  actorUserId?: number | null;
  actorName?: string | null;
  createdAt?: Date;
};

const cardColumns = sql`c.*, p.title as place_title, m.currency`;
const cardFrom = sql`cards c join merchants m on m.id = c.merchant_id left join places p on p.id = c.place_id`;

type RawCard = Record<string, unknown>;
function toCardRow(row: RawCard): CardRow {
  return {
    id: Number(row.id),
    merchantId: Number(row.merchant_id),
    program: row.program as CardProgram,
    number: String(row.number),
    virtual: Boolean(row.virtual),
    loyaltyType: row.loyalty_type as CardRow['loyaltyType'],
    holderName: String(row.holder_name),
    holderPhone: (row.holder_phone as string | null) ?? null,
    status: row.status as CardStatus,
    placeId: row.place_id === null ? null : Number(row.place_id),
    deposit: Number(row.deposit),
    reward: Number(row.reward),
    spent: Number(row.spent),
    balance: Number(row.balance),
    point: Number(row.point),
    createdAt: new Date(row.created_at as string),
    lastTradeAt: row.last_trade_at ? new Date(row.last_trade_at as string) : null,
    placeTitle: (row.place_title as string | null) ?? null,
    currency: String(row.currency),
  };
}

export async function findCard(
  db: Executor,
  merchantId: number,
  id: number,
  options: { program?: CardProgram; lock?: boolean } = {},
): Promise<CardRow | null> {
  const program = options.program ? sql` and c.program = ${options.program}` : sql``;
  const lock = options.lock ? sql` for update of c` : sql``;
  const result = await db.execute(
    sql`select ${cardColumns} from ${cardFrom} where c.merchant_id = ${merchantId} and c.id = ${id}${program}${lock}`,
  );
  return result.rows[0] ? toCardRow(result.rows[0]) : null;
}

/** A card by the number a reader or a consumer gives: the member card first, then the OK card. */
export async function findCardByNumber(
  db: Executor,
  merchantId: number,
  number: string,
  program?: CardProgram,
): Promise<CardRow | null> {
  const only = program ? sql` and c.program = ${program}` : sql``;
  const result = await db.execute(
    sql`select ${cardColumns} from ${cardFrom} where c.merchant_id = ${merchantId} and c.number = ${number}${only}
         order by c.program = 'vip' desc limit 1`,
  );
  return result.rows[0] ? toCardRow(result.rows[0]) : null;
}

export async function findVirtualCard(db: Executor, merchantId: number, program: CardProgram, phone: string) {
  const result = await db.execute(
    sql`select ${cardColumns} from ${cardFrom}
         where c.merchant_id = ${merchantId} and c.program = ${program} and c.virtual and c.holder_phone = ${phone}`,
  );
  return result.rows[0] ? toCardRow(result.rows[0]) : null;
}

/** A new card, or null when its number is taken in the program. */
export async function insertCard(db: Executor, card: typeof cards.$inferInsert): Promise<number | null> {
  const rows = await db.insert(cards).values(card).onConflictDoNothing().returning({ id: cards.id });
  return rows[0]?.id ?? null;
}

export async function setCardStatus(db: Executor, merchantId: number, id: number, status: CardStatus) {
  await db
    .update(cards)
    .set({ status })
    .where(and(eq(cards.merchantId, merchantId), eq(cards.id, id)));
}

const isCheckViolation = (error: unknown): boolean => pgErrorCode(error) === '23514';

/**
 * Appends entries to one card's ledger (the trigger updates its totals). An entry that would take
 * the balance or points below zero rolls the caller's transaction back with 1103005.
 */
export async function appendEntries(
  tx: Executor,
  merchantId: number,
  cardId: number,
  entries: readonly NewEntry[],
): Promise<number[]> {
  const rows = entries.filter((e) => (e.balanceChange ?? 0) !== 0 || (e.pointChange ?? 0) !== 0);
  if (rows.length === 0) return [];
  try {
    const inserted = await tx
      .insert(cardEntries)
      .values(
        rows.map((e) => ({
          merchantId,
          cardId,
          kind: e.kind,
          balanceChange: e.balanceChange ?? 0,
          pointChange: e.pointChange ?? 0,
          sourceId: e.sourceId,
          placeId: e.placeId ?? null,
          deviceId: e.deviceId ?? null,
          transactionId: e.transactionId ?? null,
          reason: e.reason ?? null,
          actorUserId: e.actorUserId ?? null,
          actorName: e.actorName ?? null,
          ...(e.createdAt ? { createdAt: e.createdAt } : {}),
        })),
      )
      .returning({ id: cardEntries.id });
    return inserted.map((r) => r.id);
  } catch (error) {
    if (isCheckViolation(error)) throw new AppError(ErrorCode.CARD_BALANCE_BELOW_ZERO);
    throw error;
  }
}

/** The entries a source already made (an idempotent repeat answers them). */
export async function entryIdsOfSource(db: Executor, merchantId: number, sourceId: string): Promise<number[]> {
  const result = await db.execute<{ id: string }>(
    sql`select id from card_entries where merchant_id = ${merchantId} and source_id = ${sourceId} order by id`,
  );
  return result.rows.map((r) => Number(r.id));
}

const sortColumn: Record<CardSort, SQL> = {
  openDate: sql`c.created_at`,
  lastSpend: sql`c.last_trade_at`,
  balance: sql`c.balance`,
  reward: sql`c.reward`,
  points: sql`c.point`,
};

export async function listCards(db: Executor, merchantId: number, query: CardListQuery) {
  const parts: SQL[] = [sql`c.merchant_id = ${merchantId}`, sql`c.program = ${query.program}`];
  if (query.status) parts.push(sql`c.status = ${query.status}`);
  if (query.placeId !== undefined) parts.push(sql`c.place_id = ${query.placeId}`);
  if (query.keyword) {
    const like = `%${query.keyword.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    parts.push(sql`(c.number like ${like} or c.holder_name ilike ${like} or c.holder_phone like ${like})`);
  }
  const where = sql.join(parts, sql` and `);
  const direction = query.order === 'asc' ? sql`asc` : sql`desc`;
  const [rows, count] = await Promise.all([
    db.execute(
      sql`select ${cardColumns} from ${cardFrom} where ${where}
           order by ${sortColumn[query.sort]} ${direction} nulls last, c.id ${direction}
           limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`,
    ),
    db.execute<{ n: string }>(sql`select count(*) as n from cards c where ${where}`),
  ]);
  return { rows: rows.rows.map(toCardRow), total: Number(count.rows[0]?.n ?? 0) };
}

export async function findSettings(db: Executor, merchantId: number, program: CardProgram) {
  const rows = await db
    .select()
    .from(cardSettings)
    .where(and(eq(cardSettings.merchantId, merchantId), eq(cardSettings.program, program)));
  return rows[0] ?? null;
}

export async function saveSettings(db: Executor, row: typeof cardSettings.$inferInsert): Promise<void> {
  const { merchantId: _m, program: _p, ...changes } = row;
  await db
    .insert(cardSettings)
    .values(row)
    .onConflictDoUpdate({ target: [cardSettings.merchantId, cardSettings.program], set: changes });
}

export async function merchantCurrency(
  db: Executor,
  merchantId: number,
): Promise<{ currency: string; timezone: string }> {
  const result = await db.execute<{ currency: string; timezone: string }>(
    sql`select currency, timezone from merchants where id = ${merchantId}`,
  );
  return result.rows[0] ?? { currency: 'TWD', timezone: 'Asia/Taipei' };
}

/** Places of the merchant among `ids` (to check a settings change names only its own). */
export async function ownPlaceIds(db: Executor, merchantId: number, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const result = await db.execute<{ id: number }>(
    sql`select id from places where merchant_id = ${merchantId} and id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  return result.rows.map((r) => Number(r.id));
}

/** The name a hand-made entry records for the user who made it: the nickname, else the email. */
export async function actorName(db: Executor, userId: number): Promise<string> {
  const rows = await db
    .select({ name: sql<string>`coalesce(nullif(${users.nickName}, ''), ${users.email})` })
    .from(users)
    .where(eq(users.id, userId));
  return rows[0]?.name ?? '';
}
