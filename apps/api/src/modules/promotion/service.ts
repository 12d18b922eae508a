import {
  catalogueEntry,
  ErrorCode,
  promotionFormMessages,
  type Promotion,
  type PromotionBinding,
  type PromotionInput,
  type PromotionRules,
} from '@sbo/contracts';
import { promotionStatusAt, type PromotionStatus } from '@sbo/contracts/promotion-prices';
import type { Database, Executor } from '../../db/client';
import { AppError, InvalidFields, type FieldIssue } from '../../lib/app-error';
import { writeAudit } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import type { MerchantAuth } from '../../plugins/access';
import type { DeviceScope } from '../../scope/device-scope';
import type { MerchantScope } from '../../scope/merchant-scope';
import * as repo from './repository';
import { findTemplate } from './template-repository';

const toPromotion = (row: repo.PromotionRow, now: Date): Promotion => ({
  id: row.id,
  name: row.name,
  category: row.category,
  status: promotionStatusAt(row, now),
  startAt: row.startAt.toISOString(),
  endAt: row.endAt?.toISOString() ?? null,
  disabledAt: row.disabledAt?.toISOString() ?? null,
  templateId: row.templateId,
  timeDiscount: row.timeDiscount,
  spendingBonus: row.spendingBonus,
  depositRewardAmount: row.depositRewardAmount,
  depositRewardFeedback: row.depositRewardFeedback,
  deviceCount: row.deviceCount,
  currency: row.currency,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** The rules of an input or a stored row, as the union the columns are written from. */
export function rulesOf(input: PromotionInput | repo.PromotionRow): PromotionRules {
  if (input.category === 'time_discount' && input.timeDiscount)
    return { category: 'time_discount', timeDiscount: input.timeDiscount };
  if (input.category === 'spending_bonus' && input.spendingBonus)
    return { category: 'spending_bonus', spendingBonus: input.spendingBonus };
  if (input.category === 'deposit_reward' && input.depositRewardAmount && input.depositRewardFeedback)
    return {
      category: 'deposit_reward',
      depositRewardAmount: input.depositRewardAmount,
      depositRewardFeedback: input.depositRewardFeedback,
    };
  throw new AppError(ErrorCode.SERVER_ERROR, 'Promotion without the rules of its category');
}

/** 1109004, naming the other promotion so the merchant knows which one holds the machine. */
function overlapError(other: { name: string }) {
  const text = catalogueEntry(ErrorCode.PROMOTION_DEVICE_TIME_OVERLAP)!.en.replace(/\.$/, '');
  return new AppError(ErrorCode.PROMOTION_DEVICE_TIME_OVERLAP, `${text}: ${other.name}.`);
}

/** What the dashboard shows of the promotions running now. */
export async function activePromotionsOf(db: Executor, scope: MerchantScope, now: Date) {
  const { rows, total } = await repo.activePromotions(db, scope, now, 5);
  return { count: total, items: rows.map((r) => ({ ...r, endAt: r.endAt?.toISOString() ?? null })) };
}

/**
 * The top-up reward a promotion adds to a top-up of `amount` at a place (no place: anywhere), or
 * null: the largest feedback among the running ones whose threshold the amount reaches (they do not
 * add up). The cards module adds it to the top-up's reward entry (docs/promotions.md).
 */
export async function depositRewardFor(
  db: Executor,
  scope: MerchantScope,
  topUp: { placeId: number | null; amount: number },
  now: Date,
): Promise<{ promotionId: number; name: string; feedback: number } | null> {
  const rewards = await repo.depositRewardsAt(db, scope, topUp.placeId, now);
  const reached = rewards.find((r) => r.amount !== null && r.feedback !== null && topUp.amount >= r.amount);
  return reached ? { promotionId: reached.id, name: reached.name, feedback: reached.feedback! } : null;
}

/**
 * Promotions and their binding to machines: who may change what, the end-date rule, and that a
 * machine holds at most one promotion of a category at any time (docs/promotions.md).
 */
export function createPromotionService(deps: { db: Database; clock: Clock }) {
  const { db, clock } = deps;

  /** The end is null (never) or in the future, and after the start (spec section 5). */
  function checkTimes(input: PromotionInput, now: Date) {
    const issues: FieldIssue[] = [];
    const [startAt, endAt] = [new Date(input.startAt), input.endAt === null ? null : new Date(input.endAt)];
    if (endAt && endAt <= now) issues.push({ path: 'endAt', message: promotionFormMessages.endInFuture });
    else if (endAt && endAt <= startAt) issues.push({ path: 'endAt', message: promotionFormMessages.endAfterStart });
    if (issues.length) throw new InvalidFields(issues);
    return { startAt, endAt };
  }

  async function valuesOf(tx: Executor, scope: MerchantScope, input: PromotionInput, now: Date) {
    if (input.templateId !== null && !(await findTemplate(tx, scope, input.templateId)))
      throw new AppError(ErrorCode.PROMOTION_TEMPLATE_NOT_FOUND);
    return {
      ...repo.ruleColumns(rulesOf(input)),
      ...checkTimes(input, now),
      name: input.name,
      templateId: input.templateId,
    };
  }

  async function found(tx: Executor, scope: MerchantScope, id: number, lock = false) {
    const row = await repo.findPromotion(tx, scope, id, lock);
    if (!row) throw new AppError(ErrorCode.PROMOTION_NOT_FOUND);
    return row;
  }

  /** A promotion the member may change: still pending or active, and bound only to machines they see. */
  async function changeable(tx: Executor, auth: MerchantAuth, id: number) {
    const row = await found(tx, auth, id, true);
    if (!(await repo.withinMembersMachines(tx, auth, id))) throw new AppError(ErrorCode.PROMOTION_NOT_OF_MERCHANT);
    const status = promotionStatusAt(row, clock.now());
    if (status === 'ended' || status === 'disabled') throw new AppError(ErrorCode.PROMOTION_NOT_EDITABLE);
    return row;
  }

  async function binding(scope: DeviceScope, id: number, tx: Executor = db): Promise<PromotionBinding> {
    const row = await found(tx, scope, id);
    const machines = await repo.bindableMachines(tx, scope, id);
    const conflicts = row.disabledAt
      ? []
      : await repo.overlappingBindings(
          tx,
          scope,
          row,
          machines.map((m) => m.id),
        );
    const places = new Map<string, PromotionBinding['places'][number]>();
    for (const m of machines) {
      const key = String(m.placeId);
      if (!places.has(key))
        places.set(key, { id: m.placeId, name: m.placeName ?? '', timeZone: m.timeZone, machines: [] });
      const conflict = conflicts.find((c) => c.deviceId === m.id);
      places.get(key)!.machines.push({
        id: m.id,
        name: m.name,
        bound: m.bound,
        conflict: conflict ? { promotionId: conflict.promotionId, name: conflict.name } : null,
      });
    }
    return { promotionId: id, places: [...places.values()] };
  }

  return {
    binding,

    async list(scope: MerchantScope, query: repo.PromotionFilter) {
      const now = clock.now();
      const { rows, total, tabs } = await repo.listPromotions(db, scope, query, now);
      const counts: Record<PromotionStatus | 'all', number> = { pending: 0, active: 0, ended: 0, disabled: 0, all: 0 };
      for (const tab of tabs) {
        counts[tab.status] = tab.value;
        counts.all += tab.value;
      }
      return { items: rows.map((r) => toPromotion(r, now)), total, page: query.page, pageSize: query.pageSize, counts };
    },

    async detail(scope: MerchantScope, id: number) {
      return toPromotion(await found(db, scope, id), clock.now());
    },

    async create(auth: MerchantAuth, input: PromotionInput) {
      const now = clock.now();
      const id = await db.transaction(async (tx) => {
        const values = await valuesOf(tx, auth, input, now);
        const created = await repo.insertPromotion(tx, auth, values, now);
        await writeAudit(tx, auth, {
          action: 'promotion.create',
          entity: 'promotion',
          entityId: created,
          after: input,
        });
        return created;
      });
      return toPromotion(await found(db, auth, id), now);
    },

    async update(auth: MerchantAuth, id: number, input: PromotionInput) {
      const now = clock.now();
      await db.transaction(async (tx) => {
        await repo.lockBindings(tx, auth);
        const before = await changeable(tx, auth, id);
        if (before.category !== input.category)
          throw new InvalidFields([{ path: 'category', message: promotionFormMessages.categoryFixed }]);
        const values = await valuesOf(tx, auth, input, now);
        const [other] = await repo.overlappingBindings(tx, auth, { id, ...values }, 'bound');
        if (other) throw overlapError(other);
        await repo.updatePromotion(tx, auth, id, values, now);
        await writeAudit(tx, auth, {
          action: 'promotion.update',
          entity: 'promotion',
          entityId: id,
          before: toPromotion(before, now),
          after: input,
        });
      });
      return toPromotion(await found(db, auth, id), now);
    },

    async stop(auth: MerchantAuth, id: number) {
      const now = clock.now();
      await db.transaction(async (tx) => {
        const before = await changeable(tx, auth, id);
        await repo.disablePromotion(tx, auth, id, auth.userId, now);
        await writeAudit(tx, auth, {
          action: 'promotion.stop',
          entity: 'promotion',
          entityId: id,
          before: { status: promotionStatusAt(before, now) },
          after: { status: 'disabled', at: now.toISOString() },
        });
      });
      return toPromotion(await found(db, auth, id), now);
    },

    async bind(auth: MerchantAuth, id: number, input: { deviceIds: number[]; placeIds: number[] }) {
      return db.transaction(async (tx) => {
        await repo.lockBindings(tx, auth);
        const row = await changeable(tx, auth, id);
        const visible = await repo.visibleMachineIds(tx, auth, input.deviceIds, input.placeIds);
        const known = new Set(visible);
        if (input.deviceIds.some((deviceId) => !known.has(deviceId)))
          throw new AppError(ErrorCode.DEVICES_NOT_OF_MERCHANT);
        const [other] = await repo.overlappingBindings(tx, auth, row, visible);
        if (other) throw overlapError(other);
        const change = await repo.replaceBinding(tx, auth, id, visible);
        if (change.added.length || change.removed.length)
          await writeAudit(tx, auth, { action: 'promotion.bind', entity: 'promotion', entityId: id, after: change });
        return binding(auth, id, tx);
      });
    },
  };
}
export type PromotionService = ReturnType<typeof createPromotionService>;

/** Spending bonuses: what the card module appends after a machine's charge or its refund. */
export { bonusAfterCharge, bonusesAfterRefund, type BonusEntry } from './spending-bonus';
