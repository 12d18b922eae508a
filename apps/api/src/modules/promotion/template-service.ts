import { ErrorCode, type PromotionTemplate, type PromotionTemplateInput } from '@sbo/contracts';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { writeAudit } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import type { MerchantAuth } from '../../plugins/access';
import type { MerchantScope } from '../../scope/merchant-scope';
import { findPromotion, ruleColumns } from './repository';
import { rulesOf } from './service';
import * as repo from './template-repository';

const toTemplate = (row: repo.TemplateRow): PromotionTemplate => ({
  id: row.id,
  name: row.name,
  category: row.category,
  timeDiscount: row.timeDiscount,
  spendingBonus: row.spendingBonus,
  depositRewardAmount: row.depositRewardAmount,
  depositRewardFeedback: row.depositRewardFeedback,
  createdAt: row.createdAt.toISOString(),
});

/** Saved promotion templates: a name and the rules of a category, to start a promotion form from. */
export function createPromotionTemplateService(deps: { db: Database; clock: Clock }) {
  const { db, clock } = deps;

  async function detail(scope: MerchantScope, id: number) {
    const row = await repo.findTemplate(db, scope, id);
    if (!row) throw new AppError(ErrorCode.PROMOTION_TEMPLATE_NOT_FOUND);
    return toTemplate(row);
  }

  return {
    detail,

    async list(scope: MerchantScope, query: { page: number; pageSize: number }) {
      const { rows, total } = await repo.listTemplates(db, scope, query);
      return { items: rows.map(toTemplate), total, page: query.page, pageSize: query.pageSize };
    },

    async create(auth: MerchantAuth, input: PromotionTemplateInput) {
      const id = await db.transaction(async (tx) => {
        let values;
        if ('promotionId' in input) {
          const promotion = await findPromotion(tx, auth, input.promotionId);
          if (!promotion) throw new AppError(ErrorCode.PROMOTION_NOT_FOUND);
          values = { ...ruleColumns(rulesOf(promotion)), name: input.name ?? promotion.name };
        } else values = { ...ruleColumns(input), name: input.name };
        const created = await repo.insertTemplate(tx, auth, values, clock.now());
        await writeAudit(tx, auth, {
          action: 'promotionTemplate.create',
          entity: 'promotionTemplate',
          entityId: created,
          after: values,
        });
        return created;
      });
      return detail(auth, id);
    },

    async remove(auth: MerchantAuth, id: number) {
      await db.transaction(async (tx) => {
        const before = await repo.findTemplate(tx, auth, id);
        if (!before || !(await repo.deleteTemplate(tx, auth, id)))
          throw new AppError(ErrorCode.PROMOTION_TEMPLATE_NOT_FOUND);
        await writeAudit(tx, auth, {
          action: 'promotionTemplate.delete',
          entity: 'promotionTemplate',
          entityId: id,
          before: toTemplate(before),
        });
      });
      return { deleted: true };
    },
  };
}
export type PromotionTemplateService = ReturnType<typeof createPromotionTemplateService>;
