import type pg from 'pg';
import { productSchemas } from './manifest';

export type ProductTable = { schema: string; name: string; partitioned: boolean; columns: string[] };

/** Every table of the product's schemas with the columns a COPY carries (generated ones are computed again). */
export async function productTables(client: pg.ClientBase): Promise<ProductTable[]> {
  const { rows } = await client.query<ProductTable>(
    `select n.nspname as schema, c.relname as name, c.relkind = 'p' as partitioned,
            array_agg(a.attname::text order by a.attnum) as columns
       from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
      where n.nspname = any($1) and c.relkind in ('r', 'p') and not c.relispartition
      group by n.nspname, c.relname, c.relkind
      order by n.nspname, c.relname`,
    [productSchemas],
  );
  return rows;
}

/** The first relation found in the product's schemas (or drizzle's), if any: a database that holds one is not empty. */
export async function firstProductRelation(client: pg.ClientBase): Promise<string | null> {
  const { rows } = await client.query<{ name: string }>(
    `select n.nspname || '.' || c.relname as name
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = any($1) and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
      order by 1 limit 1`,
    [[...productSchemas, 'drizzle']],
  );
  return rows[0]?.name ?? null;
}

/**
 * The tables in an order where each comes after the tables its foreign keys point at, so a COPY
 * into it finds every row it refers to (a table's references to itself are checked at the end of its COPY).
 */
export async function referencedFirst<T extends { schema: string; name: string }>(
  client: pg.ClientBase,
  tables: T[],
): Promise<T[]> {
  const { rows } = await client.query<{ child: string; parent: string }>(
    `select cn.nspname || '.' || c.relname as child, pn.nspname || '.' || p.relname as parent
       from pg_constraint k
       join pg_class c on c.oid = k.conrelid join pg_namespace cn on cn.oid = c.relnamespace
       join pg_class p on p.oid = k.confrelid join pg_namespace pn on pn.oid = p.relnamespace
      where k.contype = 'f' and cn.nspname = any($1)`,
    [productSchemas],
  );
  const key = (t: { schema: string; name: string }) => `${t.schema}.${t.name}`;
  const pending = new Map(tables.map((t) => [key(t), t]));
  const ordered: T[] = [];
  while (pending.size > 0) {
    const ready = [...pending.entries()].filter(([name]) =>
      rows.every((fk) => fk.child !== name || fk.parent === name || !pending.has(fk.parent)),
    );
    if (ready.length === 0) throw new Error(`foreign keys in a cycle among ${[...pending.keys()].join(', ')}`);
    for (const [name, table] of ready) {
      ordered.push(table);
      pending.delete(name);
    }
  }
  return ordered;
}
