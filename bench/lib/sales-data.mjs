// Sales at volume for the reporting benches (money-reports.mjs, sales-at-scale.mjs): merchants with
// members, places and machines, and their sales over two years, loaded set-based in SQL into the
// product's schema (its migrations), with the daily rollups filled as the product's trigger would;
// a member's merchant token; a database's size; the api's statements with their plans.
import { performance } from 'node:perf_hooks';

/** The gateways a sale is paid through, with the kind that decides its status and fee (one in seven each). */
const gatewayMix = `(values (0, 'offline', 'cash'), (1, 'LinePay', 'platform'), (2, 'JkoPay', 'platform'),
  (3, 'offline', 'cash'), (4, 'EDC', 'self'), (5, 'TWQR', 'platform'), (6, 'offline', 'cash'))`;

/** Sales every machine makes a day on average: decides how many machines a merchant of a size has. */
const salesPerMachineDay = 10;

/**
 * How `total` sales split over `merchants`: the first `large` hold `largeShare` of them evenly, the
 * rest the remainder in a long tail (weight 1/sqrt(rank)). Whole numbers that add up to `total`.
 */
export function salesSplit({ total, merchants, large = 0, largeShare = 0 }) {
  const weights = Array.from({ length: merchants }, (_, i) =>
    i < large ? largeShare / large : (1 - (large > 0 ? largeShare : 0)) / Math.sqrt(i - large + 1),
  );
  const tail = weights.slice(large).reduce((sum, w) => sum + w, 0);
  const shares = weights.map((w, i) =>
    i < large ? w : (w / tail) * (1 - (large > 0 ? largeShare : 0)) * (large < merchants ? 1 : 0),
  );
  const counts = shares.map((share) => Math.floor(share * total));
  counts[0] += total - counts.reduce((sum, n) => sum + n, 0);
  return counts;
}

/**
 * Merchants (zone Asia/Taipei, TWD), each with an owner member, places and machines, and `sales`
 * of them over the last `days` days in time order (as a live system writes them: ids and the heap
 * follow time). `fast` (the default): the row triggers and foreign-key checks are off for the load
 * (session_replication_role = replica), the secondary indexes of the sales and the rollups are
 * dropped (primary keys and unique constraints stay: ids arrive in order), the rollups are filled
 * in one statement each, as the trigger would have, and the indexes are built again from their own
 * definitions. `fast: false` loads through the product's triggers and indexes as they are.
 * Each merchant: `{ id, userId, sales, devices: [first, count], places: [first, count], large }`.
 */
export async function seedSales(
  pool,
  { sales, merchants = 1, large = 0, largeShare = 0, days = 730, devices, places, fast = true, say = () => {} },
) {
  const split = salesSplit({ total: sales, merchants, large, largeShare });
  const client = await pool.connect();
  const timings = {};
  const timed = async (name, work) => {
    const began = performance.now();
    const answer = await work();
    timings[name] = (timings[name] ?? 0) + (performance.now() - began) / 1000;
    return answer;
  };
  try {
    await client.query(`set work_mem = '256MB'`);
    await client.query(`set maintenance_work_mem = '1GB'`);
    const sized = split.map((count, i) => {
      const machines = devices ?? Math.max(3, Math.round(count / days / salesPerMachineDay));
      return { sales: count, machines, shops: places ?? Math.max(1, Math.round(machines / 15)), large: i < large };
    });
    const made = await timed('merchants', async () => {
      const rows = await client.query(
        `with m as (
           insert into merchants (company_name, country, currency, timezone)
           select 'Bench Merchant ' || g, 'TW', 'TWD', 'Asia/Taipei' from generate_series(1, $1::int) g
           order by g returning id)
         select id from m order by id`,
        [merchants],
      );
      const ids = rows.rows.map((row) => row.id);
      const users = await client.query(
        `insert into users (email, nick_name)
         select 'owner' || g || '@bench.example', 'Owner ' || g from generate_series(1, $1::int) g order by g returning id`,
        [merchants],
      );
      const userIds = users.rows.map((row) => row.id).sort((a, b) => a - b);
      await client.query(
        `insert into merchant_members (merchant_id, user_id, role, permission_groups)
         select m, u, 'merchant', '{memberManagement,transaction,remoteControl,notification}'
           from unnest($1::int[], $2::int[]) as x(m, u)`,
        [ids, userIds],
      );
      // Places and machines per merchant, each merchant's ids consecutive.
      await client.query(
        `insert into places (merchant_id, title, address, type, business_hours)
         select m, 'Shop ' || g, 'Street ' || g, 3, '{"enabled":false,"timezone":"Asia/Taipei","hours":{}}'::jsonb
           from unnest($1::int[], $2::int[]) as x(m, n), generate_series(1, n) g order by m, g`,
        [ids, sized.map((s) => s.shops)],
      );
      await client.query(
        `insert into devices (merchant_id, place_id, name, serial_num, machine_type, model)
         select x.m, p.first + (g % x.shops), 'Machine ' || g, 'SN-' || x.m || '-' || g,
                (array[1, 1, 2, 3, 6, 10])[1 + g % 6], 'AB3'
           from unnest($1::int[], $2::int[], $3::int[]) as x(m, n, shops)
           join (select merchant_id, min(id) as first from places group by 1) p on p.merchant_id = x.m,
                generate_series(1, n) g order by x.m, g`,
        [ids, sized.map((s) => s.machines), sized.map((s) => s.shops)],
      );
      const ranges = await client.query(
        `select d.merchant_id, d.first_device, d.devices, p.first_place, p.places
           from (select merchant_id, min(id) as first_device, count(*)::int as devices, max(id) - min(id) + 1 as span
                   from devices group by 1) d
           join (select merchant_id, min(id) as first_place, count(*)::int as places from places group by 1) p
             using (merchant_id)
          where d.merchant_id = any($1::int[]) order by d.merchant_id`,
        [ids],
      );
      return ids.map((id, i) => {
        const range = ranges.rows.find((row) => row.merchant_id === id);
        return {
          id,
          userId: userIds[i],
          sales: sized[i].sales,
          large: sized[i].large,
          devices: [range.first_device, range.devices],
          places: [range.first_place, range.places],
        };
      });
    });
    say(
      `  ${merchants} merchants, ${made.reduce((n, m) => n + m.devices[1], 0)} machines, ${made.reduce((n, m) => n + m.places[1], 0)} places`,
    );

    const dropped = [];
    if (fast) {
      await client.query(`set session_replication_role = replica`);
      // The secondary indexes go and come back from their own definitions, the sales' and
      // the rollups' too, for the statements that fill them.
      dropped.push(...(await dropSecondaryIndexes(client, ['transactions', 'revenue_daily', 'revenue_daily_place'])));
    }
    // Time slices of about 500,000 sales, oldest first, each sorted by time.
    const slices = Math.max(1, Math.ceil(sales / 500_000));
    await client.query(
      `create temporary table bench_merchants (merchant_id int primary key, sales bigint, first_device int,
                                               devices int) on commit preserve rows`,
    );
    await client.query(
      `insert into bench_merchants select * from unnest($1::int[], $2::bigint[], $3::int[], $4::int[])`,
      [made.map((m) => m.id), made.map((m) => m.sales), made.map((m) => m.devices[0]), made.map((m) => m.devices[1])],
    );
    const end = Date.now();
    const start = end - days * 86_400_000;
    let loaded = 0;
    for (let k = 0; k < slices; k += 1) {
      const from = new Date(start + ((end - start) * k) / slices).toISOString();
      const until = new Date(start + ((end - start) * (k + 1)) / slices).toISOString();
      const inserted = await timed('sales', () =>
        client.query(
          `insert into transactions (merchant_id, device_id, place_id, machine_type, pay_gateway, status, currency,
                                     total, collected, fee, refund, refunded_at, order_id, purpose, created_at,
                                     expect_posting_at, posted_at)
           select s.merchant_id, d.id, d.place_id, d.machine_type, gw.name, s.status, 'TWD',
                  s.amount, s.amount, case gw.kind when 'platform' then (s.amount * 300 + 5000) / 10000 else 0 end,
                  case when s.status = 98 then s.amount else 0 end, case when s.status = 98 then s.at + interval '1 hour' end,
                  case when gw.kind = 'platform' and s.status <> 97 then 'B' || s.merchant_id || '-' || s.n end,
                  case when s.topup then 'topUp' else 'sale' end, s.at,
                  case when gw.kind = 'platform' then s.at + interval '3 days' end,
                  case when gw.kind = 'platform' and s.status in (2, 4) then s.at + interval '3 days' end
             from (select r.*,
                          -- Platform sales settle after three days and are paid out after two weeks; a few
                          -- are refunded, a few are a machine's word no payment confirms.
                          case when r.rs < 0.003 then 98
                               when r.k in (1, 2, 5) and r.rs < 0.005 and not r.topup then 97
                               when r.k in (1, 2, 5) then case when r.at > now() - interval '3 days' then 1
                                                               when r.at > now() - interval '14 days' then 2 else 4 end
                               when r.k = 4 then 5 else 0 end as status
                     from (select m.merchant_id, m.first_device + floor(x.rd * m.devices)::int as device_id, x.at,
                                  x.topup, case when x.topup then 1 else x.k end as k, x.rs, x.amount, x.n
                             from bench_merchants m,
                                  lateral (select $1::timestamptz + random() * ($2::timestamptz - $1::timestamptz) as at,
                                                  random() as rd, random() as rs,
                                                  -- Card top-ups: the wallet's sales, no machine's.
                                                  random() < 0.003 as topup, floor(random() * 7)::int as k,
                                                  (array[5000, 6000, 8000, 3000, 12000])[1 + floor(random() * 5)::int] as amount,
                                                  $3::bigint * 1000000000 + g as n
                                             from generate_series(1, (m.sales * ($3 + 1) / $4 - m.sales * $3 / $4)::int) g) x
                          ) r
                  ) s
             left join devices d on d.id = s.device_id and not s.topup
             join ${gatewayMix} as gw(k, name, kind) on gw.k = s.k
            order by s.at`,
          [from, until, k, slices],
        ),
      );
      loaded += inserted.rowCount;
      if (slices < 20 || k % Math.ceil(slices / 20) === slices - 1 || k === slices - 1)
        say(`  ${loaded.toLocaleString('en')} sales (${Math.round(timings.sales)} s)`);
    }
    if (fast) {
      await fillRollups(client, timed);
      for (const index of dropped) {
        await timed(`index ${index.name}`, () => client.query(index.definition));
      }
      await client.query(`set session_replication_role = origin`);
    }
    await timed('analyze', () =>
      client.query(
        'vacuum (analyze) transactions, revenue_daily, revenue_daily_place, revenue_daily_merchant, revenue_daily_device, revenue_monthly_device',
      ),
    );
    await client.query('analyze');
    return { merchants: made, timings };
  } finally {
    await client.query('drop table if exists bench_merchants').catch(() => undefined);
    // The pool's connection goes back as it came (work_mem, replication role).
    await client.query('reset all').catch(() => undefined);
    client.release();
  }
}

/**
 * Drops the indexes of `tables` that back no constraint (the primary keys and unique constraints
 * stay) and answers their names and definitions (pg_get_indexdef), to build them again as they were.
 */
async function dropSecondaryIndexes(client, tables) {
  const found = await client.query(
    `select i.relname as name, pg_get_indexdef(i.oid) as definition
       from pg_index x join pg_class i on i.oid = x.indexrelid
      where x.indrelid = any($1::regclass[])
        and not exists (select 1 from pg_constraint c where c.conindid = i.oid)`,
    [tables],
  );
  for (const index of found.rows) await client.query(`drop index ${index.name}`);
  return found.rows;
}

/**
 * The rollups from the sales, as `revenue_daily_add` (migrations 0013, 0028, 0030) keeps them row
 * by row: per merchant, day in its zone, machine, place, type and gateway, then the coarser ones from
 * it (per place, per machine without the gateway by day and by month, per merchant); money sales only
 * (no unverified sale, no card top-up); refunds in the refund column.
 */
export async function fillRollups(client, timed = (_name, work) => work()) {
  await timed('rollup per machine', () =>
    client.query(
      `insert into revenue_daily (merchant_id, day, device_id, place_id, machine_type, pay_gateway,
                                count, total, reward, balance, encore, refund, collected, fee)
     select t.merchant_id, (t.created_at at time zone m.timezone)::date, coalesce(t.device_id, 0),
            coalesce(t.place_id, 0), coalesce(t.machine_type, 0), t.pay_gateway, count(*), sum(t.total),
            sum(t.reward), sum(t.balance), sum(t.encore), sum(t.refund), sum(t.collected), sum(t.fee)
       from transactions t join merchants m on m.id = t.merchant_id
      where t.status <> 97 and t.purpose = 'sale'
      group by 1, 2, 3, 4, 5, 6 order by 1, 2, 3, 4, 5, 6`,
    ),
  );
  await timed('rollup per place', () =>
    client.query(
      `insert into revenue_daily_place (merchant_id, day, place_id, machine_type, pay_gateway,
                                      count, total, reward, balance, encore, refund, collected, fee)
     select merchant_id, day, place_id, machine_type, pay_gateway, sum(count), sum(total), sum(reward),
            sum(balance), sum(encore), sum(refund), sum(collected), sum(fee)
       from revenue_daily group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5`,
    ),
  );
  await timed('rollup per machine without the gateway', () =>
    client.query(
      `insert into revenue_daily_device (merchant_id, day, device_id, place_id, machine_type,
                                       count, total, reward, balance, encore, refund, collected, fee)
     select merchant_id, day, device_id, place_id, machine_type, sum(count), sum(total), sum(reward),
            sum(balance), sum(encore), sum(refund), sum(collected), sum(fee)
       from revenue_daily group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5`,
    ),
  );
  await timed('rollup per machine and month without the gateway', () =>
    client.query(
      `insert into revenue_monthly_device (merchant_id, month, device_id, place_id, machine_type, day_rows,
                                         count, total, reward, balance, encore, refund, collected, fee)
     select merchant_id, date_trunc('month', day)::date, device_id, place_id, machine_type, count(*), sum(count),
            sum(total), sum(reward), sum(balance), sum(encore), sum(refund), sum(collected), sum(fee)
       from revenue_daily_device group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5`,
    ),
  );
  await timed('rollup per merchant', () =>
    client.query(
      `insert into revenue_daily_merchant (merchant_id, day, machine_type, pay_gateway,
                                         count, total, reward, balance, encore, refund, collected, fee)
     select merchant_id, day, machine_type, pay_gateway, sum(count), sum(total), sum(reward),
            sum(balance), sum(encore), sum(refund), sum(collected), sum(fee)
       from revenue_daily_place group by 1, 2, 3, 4 order by 1, 2, 3, 4`,
    ),
  );
}

/** Whether the five rollups add up to the money sales (count and total per merchant): one pass over the sales. */
export async function rollupsAgree(pool) {
  const found = await pool.query(
    `with s as (select merchant_id, count(*) as n, sum(total) as total from transactions
                 where status <> 97 and purpose = 'sale' group by 1),
          d as (select merchant_id, sum(count) as n, sum(total) as total from revenue_daily group by 1),
          p as (select merchant_id, sum(count) as n, sum(total) as total from revenue_daily_place group by 1),
          m as (select merchant_id, sum(count) as n, sum(total) as total from revenue_daily_merchant group by 1),
          e as (select merchant_id, sum(count) as n, sum(total) as total from revenue_daily_device group by 1),
          o as (select merchant_id, sum(count) as n, sum(total) as total from revenue_monthly_device group by 1)
     select count(*)::int as wrong from s full join d using (merchant_id) full join p using (merchant_id)
            full join m using (merchant_id) full join e using (merchant_id) full join o using (merchant_id)
      where s.n is distinct from d.n or s.total is distinct from d.total
         or s.n is distinct from p.n or s.total is distinct from p.total
         or s.n is distinct from m.n or s.total is distinct from m.total
         or s.n is distinct from e.n or s.total is distinct from e.total
         or s.n is distinct from o.n or s.total is distinct from o.total`,
  );
  return found.rows[0].wrong === 0;
}

/** Sizes (bytes) of the sales table (heap), its indexes, the rollups and the whole database. */
export async function databaseSizes(pool) {
  const found = await pool.query(
    `select pg_table_size('transactions') as heap, pg_indexes_size('transactions') as indexes,
            pg_total_relation_size('revenue_daily') as daily, pg_total_relation_size('revenue_daily_place') as place,
            pg_database_size(current_database()) as database`,
  );
  const perIndex = await pool.query(
    `select c.relname as name, pg_relation_size(c.oid) as bytes
       from pg_index x join pg_class c on c.oid = x.indexrelid
      where x.indrelid = 'transactions'::regclass order by 2 desc`,
  );
  const n = (value) => Number(value);
  const row = found.rows[0];
  return {
    heap: n(row.heap),
    indexes: n(row.indexes),
    daily: n(row.daily),
    place: n(row.place),
    database: n(row.database),
    perIndex: perIndex.rows.map((r) => ({ name: r.name, bytes: n(r.bytes) })),
  };
}

export const gb = (bytes) => `${(bytes / 1024 ** 3).toFixed(2)} GB`;
export const mb = (bytes) => `${Math.round(bytes / 1024 ** 2).toLocaleString('en')} MB`;

/**
 * A member's merchant token: a login token from the api's token service, then the merchant login
 * route through `get(url, headers)` (app.inject or HTTP), which answers the parsed body.
 */
export async function merchantToken({ tokens, userId, merchantId, get }) {
  const login = await tokens.issueLogin(userId);
  const picked = await get(`/api/v1/merchant/${merchantId}/login`, { authorization: `Bearer ${login.jwt}` });
  if (!picked?.result?.jwt) throw new Error(`merchant login refused: ${JSON.stringify(picked).slice(0, 300)}`);
  return picked.result.jwt;
}

/**
 * The SQL a repository function sends, with its values, without running it: `run(db)` is handed a
 * stand-in executor that records each `execute` and each prepared statement (db/prepared.ts)
 * and answers no rows (`row` for the prepared ones, so their callers read a first row).
 */
export async function capturedSql(run, row = {}) {
  const { PgDialect } = await import('drizzle-orm/pg-core');
  const { fillPlaceholders } = await import('drizzle-orm');
  const dialect = new PgDialect();
  const captured = [];
  const stand = {
    execute: async (query) => {
      captured.push({ ...dialect.sqlToQuery(query), prepared: false });
      return { rows: [] };
    },
    _: {
      session: {
        prepareQuery: (compiled, _fields, name) => ({
          execute: async (values) => {
            captured.push({
              sql: compiled.sql,
              params: fillPlaceholders(compiled.params, values ?? {}),
              name,
              // An unnamed one is planned by PostgreSQL with its values each time, as a plain query.
              prepared: name !== undefined,
            });
            return { rows: [row] };
          },
        }),
      },
    },
  };
  await run(stand).catch(() => undefined);
  return captured;
}

/**
 * EXPLAIN (ANALYZE, BUFFERS) of captured statements, planned as the api runs them: a plain query
 * with its values bound (a custom plan), a prepared one prepared and run six times first, so the
 * plan shown is the one PostgreSQL keeps for it (generic once it judges that no worse). Answers
 * the plan's text per statement.
 */
export async function explainCaptured(pool, statements) {
  const client = await pool.connect();
  const plans = [];
  try {
    for (const [i, statement] of statements.entries()) {
      let text;
      if (statement.prepared) {
        const literal = (value) => {
          if (value === null || value === undefined) return 'null';
          if (typeof value === 'number' || typeof value === 'bigint') return String(value);
          if (Array.isArray(value)) return `${client.escapeLiteral(`{${value.join(',')}}`)}`;
          return client.escapeLiteral(String(value));
        };
        const name = `bench_explain_${i}`;
        await client.query(`prepare ${name} as ${statement.sql}`);
        const execute = `execute ${name}(${statement.params.map(literal).join(', ')})`;
        for (let run = 0; run < 6; run += 1) await client.query(execute);
        text = await client.query(`explain (analyze, buffers) ${execute}`);
        await client.query(`deallocate ${name}`);
      } else {
        text = await client.query(`explain (analyze, buffers) ${statement.sql}`, statement.params);
      }
      plans.push(text.rows.map((row) => row['QUERY PLAN']).join('\n'));
    }
  } finally {
    client.release();
  }
  return plans;
}
