import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Executor } from './client';

const dialect = new PgDialect();

type Prepared = { execute(values?: Record<string, unknown>): Promise<unknown> };

/**
 * A hot read as a named prepared statement: Drizzle writes its SQL once (values are
 * `sql.placeholder(name)`), and PostgreSQL parses it once per connection and, after a few runs,
 * keeps one plan for it, where a plain query is parsed and planned on every call (most of a short
 * read's database time). `name` must be unique to the text. Rows come back as `db.execute`
 * answers them (timestamps as text).
 */
export function statement<Row>(name: string, query: SQL, options: { plan?: 'kept' | 'each time' } = {}) {
  const compiled = dialect.sqlToQuery(query);
  // 'each time': sent unnamed, so PostgreSQL plans it with the values of each call (a custom plan).
  // For a statement whose best plan depends on its values, such as a filtered page whose LIMIT and
  // OFFSET decide whether an ordered index walk stops early: a kept (generic) plan cannot know them.
  const preparedName = options.plan === 'each time' ? undefined : name;
  // One prepared query per session: the pool's, or a transaction's own connection.
  const bySession = new WeakMap<Executor['_']['session'], Prepared>();
  return async (db: Executor, values: Record<string, unknown>): Promise<Row[]> => {
    const session = db._.session;
    let prepared = bySession.get(session);
    if (!prepared) {
      prepared = session.prepareQuery(compiled, undefined, preparedName, false);
      bySession.set(session, prepared);
    }
    const result = (await prepared.execute(values)) as { rows: Row[] };
    return result.rows;
  };
}
