import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { PlaceInput } from '@sbo/contracts';
import type { Executor } from '../../db/client';
import { places } from '../../db/schema';
import { likePattern } from '../../lib/like-pattern';
import { readPage } from '../../lib/query-shapes';
import type { MerchantScope } from '../../scope/merchant-scope';

// Qualified by hand: inside the subquery an unqualified `id` would mean the device's id.
const deviceCount = sql<number>`(select count(*)::int from devices d where d.place_id = "places"."id")`;
const columns = {
  id: places.id,
  title: places.title,
  address: places.address,
  type: places.type,
  servicePhone: places.servicePhone,
  description: places.description,
  businessHours: places.businessHours,
  createdAt: places.createdAt,
  updatedAt: places.updatedAt,
  deviceCount,
};

export type PlaceFilter = { keyword?: string; type?: number; page: number; pageSize: number };

export async function listPlaces(db: Executor, scope: MerchantScope, filter: PlaceFilter) {
  const conditions: SQL[] = [eq(places.merchantId, scope.merchantId)];
  if (filter.keyword) {
    const like = likePattern(filter.keyword);
    conditions.push(or(ilike(places.title, like), ilike(places.address, like))!);
  }
  if (filter.type !== undefined) conditions.push(eq(places.type, filter.type));
  const where = and(...conditions);
  return readPage(
    filter,
    (limit, offset) =>
      db.select(columns).from(places).where(where).orderBy(desc(places.id)).limit(limit).offset(offset),
    db.select({ value: count() }).from(places).where(where),
  );
}

export async function findPlace(db: Executor, scope: MerchantScope, id: number, lock = false) {
  const query = db
    .select(columns)
    .from(places)
    .where(and(eq(places.merchantId, scope.merchantId), eq(places.id, id)));
  const rows = lock ? await query.for('update', { of: places }) : await query;
  return rows[0] ?? null;
}

export async function insertPlace(db: Executor, scope: MerchantScope, input: PlaceInput) {
  const [row] = await db
    .insert(places)
    .values({ ...input, merchantId: scope.merchantId })
    .returning({ id: places.id });
  return row!.id;
}

export async function updatePlace(db: Executor, scope: MerchantScope, id: number, input: PlaceInput, at: Date) {
  await db
    .update(places)
    .set({ ...input, updatedAt: at })
    .where(and(eq(places.merchantId, scope.merchantId), eq(places.id, id)));
}

export async function deletePlace(db: Executor, scope: MerchantScope, id: number) {
  await db.delete(places).where(and(eq(places.merchantId, scope.merchantId), eq(places.id, id)));
}
