import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { statement } from '../../db/prepared';
import { countedAsMoney, unverifiedSale } from '../../lib/money-sql';
import {
  recordColumns,
  recordJoins,
  rollupTable,
  toRecord,
  toTotals,
  type PageRequest,
  type ResolvedFilter,
  type SalesScope,
  type Totals,
  type TransactionRecord,
} from './repository';

// A records page as one prepared statement per shape of its filter: the rows, their totals and the
// counts of rows listed but not money (unverified sales, card top-ups).

/** Rows a records page lists that its sales count leaves out: unverified sales and card top-ups. */
export type NotCounted = { unverified: number; topUps: number };

/** What decides a records page's SQL; each shape is one named prepared statement. */
type PageShape = {
  whitelist: boolean;
  placeId: boolean;
  deviceId: boolean;
  payGateway: boolean;
  status: boolean;
  sort: PageRequest['sort'];
  order: PageRequest['order'];
  /** Totals from a daily rollup (whole days of the merchant's zone, no status filter) or from the sales. */
  totals: 'rollup' | 'transactions';
};
type PageRow = Record<string, unknown> & { sumCount: number; unverified: number; topUps: number };

const pageStatements = new Map<string, (db: Executor, values: Record<string, unknown>) => Promise<PageRow[]>>();
const value = (name: string) => sql.placeholder(name);

/** The records page's filter with its values as placeholders (the same conditions as `whereOf`), over `alias`. */
function pageWhere(shape: PageShape, alias = 't'): SQL {
  const t = sql.raw(alias);
  const parts: SQL[] = [sql`${t}.merchant_id = ${value('merchantId')}`];
  if (shape.whitelist) parts.push(sql`${t}.device_id = any(${value('deviceIds')}::int[])`);
  parts.push(
    sql`${t}.created_at >= ${value('from')}::timestamptz`,
    sql`${t}.created_at < ${value('until')}::timestamptz`,
  );
  if (shape.placeId) parts.push(sql`${t}.place_id = ${value('placeId')}`);
  if (shape.deviceId) parts.push(sql`${t}.device_id = ${value('deviceId')}`);
  if (shape.payGateway) parts.push(sql`${t}.pay_gateway = ${value('payGateway')}`);
  if (shape.status) parts.push(sql`${t}.status = ${value('status')}`);
  return sql.join(parts, sql` and `);
}

/** The totals' source: the same rollups and conditions as `sumFromRollup`, or the sales as `sumTransactions`. */
function pageTotals(shape: PageShape): SQL {
  const sums = (column: string) => sql.raw(`coalesce(sum(x.${column}), 0)::bigint as "${column}"`);
  const figures = sql`${sql.raw('coalesce(sum(x.count), 0)::int as "count"')}, ${sums('total')}, ${sums('reward')},
    ${sums('balance')}, ${sums('encore')}, ${sums('refund')}`;
  if (shape.totals === 'transactions') {
    return sql`select ${figures} from (select 1 as count, t.total, t.reward, t.balance, t.encore, t.refund
      from transactions t where ${pageWhere(shape)} and ${countedAsMoney()}) x`;
  }
  const perMachine = shape.whitelist || shape.deviceId;
  const parts: SQL[] = [sql`x.merchant_id = ${value('merchantId')}`];
  if (shape.whitelist) parts.push(sql`x.device_id = any(${value('deviceIds')}::int[])`);
  parts.push(sql`x.day between ${value('firstDay')}::date and ${value('lastDay')}::date`);
  if (shape.placeId) parts.push(sql`x.place_id = ${value('placeId')}`);
  if (shape.deviceId) parts.push(sql`x.device_id = ${value('deviceId')}`);
  if (shape.payGateway) parts.push(sql`x.pay_gateway = ${value('payGateway')}`);
  return sql`select ${figures} from ${rollupTable({ perMachine, perPlace: shape.placeId, gatewayless: !shape.payGateway })} x
    where ${sql.join(parts, sql` and `)}`;
}

function pageStatement(shape: PageShape) {
  const key = [
    shape.whitelist ? 'w' : '',
    shape.placeId ? 'p' : '',
    shape.deviceId ? 'd' : '',
    shape.payGateway ? 'g' : '',
    shape.status ? 's' : '',
    shape.sort === 'total' ? 'T' : 'C',
    shape.order === 'asc' ? 'A' : 'D',
    shape.totals === 'rollup' ? 'R' : 'X',
  ].join('');
  let run = pageStatements.get(key);
  if (!run) {
    const direction = shape.order === 'asc' ? sql`asc nulls first` : sql`desc nulls last`;
    const sortColumn = shape.sort === 'total' ? sql`i.total` : sql`i.created_at`;
    const pageSort = shape.sort === 'total' ? sql`page."total"` : sql`page."createdAt"`;
    // A filter the merchant's (merchant, created_at) order cannot serve (a place, a machine, a
    // gateway, a status) is planned with its values: knowing LIMIT and OFFSET, PostgreSQL walks the
    // place's or machine's index in order and stops after the page, where the kept plan read and
    // sorted every row of the range (docs/performance.md, "50M sales, 20 users").
    const filtered = shape.placeId || shape.deviceId || shape.payGateway || shape.status;
    run = statement<PageRow>(
      `transaction_page_${key}`,
      sql`select page.*, s."count" as "sumCount", s.total as "sumTotal", s.reward as "sumReward",
          s.balance as "sumBalance", s.encore as "sumEncore", s.refund as "sumRefund",
          n.unverified as "unverified", n.top_ups as "topUps"
        from (${pageTotals(shape)}) s
        cross join (select count(*) filter (where ${unverifiedSale()})::int as unverified,
                           count(*) filter (where not (${unverifiedSale()}))::int as top_ups
                     from transactions t where ${pageWhere(shape)} and not (${countedAsMoney()})) n
        left join lateral (select ${recordColumns} from ${recordJoins}
                           where t.id = any(array(select i.id from transactions i where ${pageWhere(shape, 'i')}
                             order by ${sortColumn} ${direction}, i.id ${direction}
                             limit ${value('limit')} offset ${value('offset')}))) page on true
        order by ${pageSort} ${direction}, page."id" ${direction}`,
      { plan: filtered ? 'each time' : 'kept' },
    );
    pageStatements.set(key, run);
  }
  return run;
}

/**
 * A records page in one statement (prepared, one per shape of the filter): the rows, the money
 * totals (from the daily rollup when `days` is given, else from the sales) and the count of rows
 * listed but not counted as money (`NotCounted`). The same answer as `listTransactions`, `sumFromRollup` or
 * `sumTransactions`, and `countNotMoney` together.
 */
export async function transactionPage(
  db: Executor,
  scope: SalesScope,
  filter: ResolvedFilter,
  page: PageRequest,
  days: { firstDay: string; lastDay: string } | null,
): Promise<{ records: TransactionRecord[]; totals: Totals; notCounted: NotCounted }> {
  const shape: PageShape = {
    whitelist: scope.deviceIds !== null,
    placeId: filter.placeId !== undefined,
    deviceId: filter.deviceId !== undefined,
    payGateway: filter.payGateway !== undefined,
    status: filter.status !== undefined,
    sort: page.sort,
    order: page.order,
    totals: days ? 'rollup' : 'transactions',
  };
  if (days && filter.status !== undefined) throw new Error('The rollup has no status: ask for totals from the sales');
  const rows = await pageStatement(shape)(db, {
    merchantId: scope.merchantId,
    deviceIds: scope.deviceIds,
    from: filter.from.toISOString(),
    until: filter.until.toISOString(),
    placeId: filter.placeId,
    deviceId: filter.deviceId,
    payGateway: filter.payGateway,
    status: filter.status,
    firstDay: days?.firstDay,
    lastDay: days?.lastDay,
    limit: page.pageSize,
    offset: (page.page - 1) * page.pageSize,
  });
  const first = rows[0]!;
  const totals = toTotals({
    count: first.sumCount,
    total: first.sumTotal,
    reward: first.sumReward,
    balance: first.sumBalance,
    encore: first.sumEncore,
    refund: first.sumRefund,
  });
  const records = rows
    .filter((row) => row.id !== null)
    .map(
      ({
        sumCount: _c,
        sumTotal: _t,
        sumReward: _r,
        sumBalance: _b,
        sumEncore: _e,
        sumRefund: _f,
        unverified: _u,
        topUps: _p,
        ...row
      }) => toRecord(row),
    );
  return { records, totals, notCounted: { unverified: first.unverified, topUps: first.topUps } };
}
