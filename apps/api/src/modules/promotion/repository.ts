import { and, count, desc, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PromotionRules } from '@sbo/contracts';
import type { PromotionStatus } from '@sbo/contracts/promotion-prices';
import type { Executor } from '../../db/client';
import { devices, merchants, promotionDevices, promotions } from '../../db/schema';
import { everyDeviceVisible, visibleDevices } from '../../scope/device-scope-repository';
import type { DeviceScope } from '../../scope/device-scope';
import type { MerchantScope } from '../../scope/merchant-scope';

/** Status by the clock, in SQL: the same rule as `promotionStatusAt` in contracts. */
export const statusSql = (now: Date): SQL<PromotionStatus> =>
  sql<PromotionStatus>`case when ${promotions.disabledAt} is not null then 'disabled'
    when ${promotions.startAt} > ${now.toISOString()}::timestamptz then 'pending'
    when ${promotions.endAt} is not null and ${promotions.endAt} <= ${now.toISOString()}::timestamptz then 'ended'
    else 'active' end`;

const deviceCount = sql<number>`(select count(*)::int from promotion_devices pd where pd.promotion_id = "promotions"."id")`;
const currency = sql<string>`(select m.currency from merchants m where m.id = "promotions"."merchant_id")`;
const { merchantId: _merchantId, disabledBy: _disabledBy, ...promotionColumns } = getTableColumns(promotions);
const columns = { ...promotionColumns, deviceCount, currency };
export type PromotionRow = NonNullable<Awaited<ReturnType<typeof findPromotion>>>;

/** One promotion of the merchant: another merchant's is never matched. */
const ownPromotion = (scope: MerchantScope, id: number) =>
  and(eq(promotions.merchantId, scope.merchantId), eq(promotions.id, id));

export type PromotionFilter = {
  status?: PromotionStatus;
  category?: PromotionRules['category'];
  page: number;
  pageSize: number;
};

export async function listPromotions(db: Executor, scope: MerchantScope, filter: PromotionFilter, now: Date) {
  const base: SQL[] = [eq(promotions.merchantId, scope.merchantId)];
  if (filter.category) base.push(eq(promotions.category, filter.category));
  const status = statusSql(now);
  const where = and(...base, ...(filter.status ? [sql`${status} = ${filter.status}`] : []));
  const [rows, [total], tabs] = await Promise.all([
    db
      .select(columns)
      .from(promotions)
      .where(where)
      .orderBy(desc(promotions.id))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db.select({ value: count() }).from(promotions).where(where),
    db
      .select({ status, value: count() })
      .from(promotions)
      .where(and(...base))
      .groupBy(sql`1`),
  ]);
  return { rows, total: total?.value ?? 0, tabs };
}

export async function findPromotion(db: Executor, scope: MerchantScope, id: number, lock = false) {
  const query = db.select(columns).from(promotions).where(ownPromotion(scope, id));
  const rows = lock ? await query.for('update', { of: promotions }) : await query;
  return rows[0] ?? null;
}

/** A promotion's rule columns: the set of its category, the others null. */
export const ruleColumns = (rules: PromotionRules) => ({
  category: rules.category,
  timeDiscount: rules.category === 'time_discount' ? rules.timeDiscount : null,
  spendingBonus: rules.category === 'spending_bonus' ? rules.spendingBonus : null,
  depositRewardAmount: rules.category === 'deposit_reward' ? rules.depositRewardAmount : null,
  depositRewardFeedback: rules.category === 'deposit_reward' ? rules.depositRewardFeedback : null,
});

type PromotionValues = ReturnType<typeof ruleColumns> & {
  name: string;
  startAt: Date;
  endAt: Date | null;
  templateId: number | null;
};

export async function insertPromotion(db: Executor, scope: MerchantScope, values: PromotionValues, now: Date) {
  const [row] = await db
    .insert(promotions)
    .values({ ...values, merchantId: scope.merchantId, createdAt: now, updatedAt: now })
    .returning({ id: promotions.id });
  return row!.id;
}

export async function updatePromotion(
  db: Executor,
  scope: MerchantScope,
  id: number,
  values: PromotionValues,
  now: Date,
) {
  await db
    .update(promotions)
    .set({ ...values, updatedAt: now })
    .where(ownPromotion(scope, id));
}

export async function disablePromotion(db: Executor, scope: MerchantScope, id: number, by: number, now: Date) {
  await db.update(promotions).set({ disabledAt: now, disabledBy: by, updatedAt: now }).where(ownPromotion(scope, id));
}

/** Whether every machine bound to the promotion is one the member may see (always, without a whitelist). */
export async function withinMembersMachines(db: Executor, scope: DeviceScope, id: number): Promise<boolean> {
  const bound = sql`select pd.device_id from promotion_devices pd where pd.promotion_id = ${id}`;
  const result = await db.execute<{ ok: boolean }>(sql`select ${everyDeviceVisible(scope, bound)} as "ok"`);
  return result.rows[0]?.ok === true;
}

/** Bindings change one at a time per merchant, so two overlapping bindings cannot both pass the check. */
export async function lockBindings(db: Executor, scope: MerchantScope) {
  await db.execute(sql`select id from ${merchants} where id = ${scope.merchantId} for update`);
}

/** The machines the member may bind, by place, with whether each is bound to this promotion. */
export async function bindableMachines(db: Executor, scope: DeviceScope, promotionId: number) {
  const result = await db.execute<{
    id: number;
    name: string;
    placeId: number | null;
    placeName: string | null;
    timeZone: string | null;
    bound: boolean;
  }>(sql`select devices.id, devices.name, p.id as "placeId", p.title as "placeName",
      p.business_hours->>'timezone' as "timeZone",
      exists (select 1 from promotion_devices pd where pd.promotion_id = ${promotionId} and pd.device_id = devices.id) as "bound"
    from devices left join places p on p.id = devices.place_id
    where ${visibleDevices(scope)}
    order by p.title nulls last, p.id, devices.name, devices.id`);
  return result.rows;
}

/** Ids of the visible machines among these ids or at these places. */
export async function visibleMachineIds(db: Executor, scope: DeviceScope, deviceIds: number[], placeIds: number[]) {
  const list = (ids: number[]) =>
    sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    );
  const chosen = deviceIds.length ? sql`${devices.id} in (${list(deviceIds)})` : sql`false`;
  const atPlaces = placeIds.length ? sql`${devices.placeId} in (${list(placeIds)})` : sql`false`;
  const rows = await db
    .select({ id: devices.id })
    .from(devices)
    .where(and(visibleDevices(scope), sql`(${chosen} or ${atPlaces})`));
  return rows.map((r) => r.id);
}

/**
 * Machines among `deviceIds` bound to another promotion of the same category whose times overlap
 * `[startAt, endAt)` (an open end runs for ever). A stopped promotion holds no machine any more.
 */
export async function overlappingBindings(
  db: Executor,
  scope: MerchantScope,
  promotion: { id: number; category: string; startAt: Date; endAt: Date | null },
  deviceIds: number[] | 'bound',
) {
  const machines =
    deviceIds === 'bound'
      ? sql`select device_id from promotion_devices where promotion_id = ${promotion.id}`
      : deviceIds.length
        ? sql.join(
            deviceIds.map((id) => sql`${id}`),
            sql`, `,
          )
        : sql`null`;
  const end = promotion.endAt ? sql`${promotion.endAt.toISOString()}::timestamptz` : sql`'infinity'::timestamptz`;
  const result = await db.execute<{ deviceId: number; promotionId: number; name: string }>(sql`
    select pd.device_id as "deviceId", p.id as "promotionId", p.name
    from promotion_devices pd join promotions p on p.id = pd.promotion_id
    where pd.merchant_id = ${scope.merchantId} and p.merchant_id = ${scope.merchantId}
      and p.id <> ${promotion.id} and p.category = ${promotion.category} and p.disabled_at is null
      and pd.device_id in (${machines})
      and p.start_at < ${end}
      and coalesce(p.end_at, 'infinity'::timestamptz) > ${promotion.startAt.toISOString()}::timestamptz
    order by p.id, pd.device_id`);
  return result.rows;
}

/** Binds exactly these machines; answers the ids that were added and removed. */
export async function replaceBinding(db: Executor, scope: MerchantScope, promotionId: number, deviceIds: number[]) {
  const before = await db
    .select({ id: promotionDevices.deviceId })
    .from(promotionDevices)
    .where(and(eq(promotionDevices.merchantId, scope.merchantId), eq(promotionDevices.promotionId, promotionId)));
  const [had, wanted] = [new Set(before.map((r) => r.id)), new Set(deviceIds)];
  const removed = [...had].filter((id) => !wanted.has(id));
  const added = [...wanted].filter((id) => !had.has(id));
  if (removed.length)
    await db.execute(sql`delete from promotion_devices where merchant_id = ${scope.merchantId}
      and promotion_id = ${promotionId} and device_id in (${sql.join(
        removed.map((id) => sql`${id}`),
        sql`, `,
      )})`);
  if (added.length)
    await db
      .insert(promotionDevices)
      .values(added.map((deviceId) => ({ promotionId, deviceId, merchantId: scope.merchantId })));
  return { added, removed };
}

/** The promotions running now, those ending soonest first (open ends last), and how many there are. */
export async function activePromotions(db: Executor, scope: MerchantScope, now: Date, limit: number) {
  const where = and(eq(promotions.merchantId, scope.merchantId), sql`${statusSql(now)} = 'active'`);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: promotions.id,
        name: promotions.name,
        category: promotions.category,
        endAt: promotions.endAt,
        deviceCount,
      })
      .from(promotions)
      .where(where)
      .orderBy(sql`${promotions.endAt} asc nulls last`, desc(promotions.id))
      .limit(limit),
    db.select({ value: count() }).from(promotions).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

/**
 * The top-up rewards running now that apply at a place: a `deposit_reward` promotion bound to a
 * machine there (no place: any of the merchant's), largest feedback first.
 */
export async function depositRewardsAt(db: Executor, scope: MerchantScope, placeId: number | null, now: Date) {
  const atPlace =
    placeId === null
      ? sql`true`
      : sql`exists (select 1 from promotion_devices pd join devices d on d.id = pd.device_id
          where pd.promotion_id = ${promotions.id} and d.place_id = ${placeId})`;
  return db
    .select({
      id: promotions.id,
      name: promotions.name,
      amount: promotions.depositRewardAmount,
      feedback: promotions.depositRewardFeedback,
    })
    .from(promotions)
    .where(
      and(
        eq(promotions.merchantId, scope.merchantId),
        eq(promotions.category, 'deposit_reward'),
        sql`${statusSql(now)} = 'active'`,
        atPlace,
      ),
    )
    .orderBy(desc(promotions.depositRewardFeedback), promotions.id);
}
