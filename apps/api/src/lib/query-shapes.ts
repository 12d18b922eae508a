/** A page asked for: 1-based page number and its size (the contract's `pageQuery`). */
export type PageRequest = { page: number; pageSize: number };

/**
 * One page of a list and the count of the whole filtered set, read at the same time: `rows` gets
 * the page's limit and offset, `total` is the count query (`select({ value: count() })`).
 */
export async function readPage<R>(
  page: PageRequest,
  rows: (limit: number, offset: number) => PromiseLike<R[]>,
  total: PromiseLike<{ value: number }[]>,
): Promise<{ rows: R[]; total: number }> {
  const [found, [counted]] = await Promise.all([rows(page.pageSize, (page.page - 1) * page.pageSize), total]);
  return { rows: found, total: counted?.value ?? 0 };
}

type Lockable<R> = PromiseLike<R[]> & { for(strength: 'update'): PromiseLike<R[]> };

/** The first row of a query or null; with `lock`, the row is locked (`for update`) until the transaction ends. */
export async function firstRow<R>(query: Lockable<R>, lock = false): Promise<R | null> {
  const rows = lock ? await query.for('update') : await query;
  return rows[0] ?? null;
}
