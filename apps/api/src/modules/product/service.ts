import { ErrorCode, type ProductTemplate, type ProductTemplateInput } from '@sbo/contracts';
import type { Database, Executor } from '../../db/client';
import { AppError, InvalidFields } from '../../lib/app-error';
import { writeAudit } from '../../lib/audit';
import type { Actor, CommandRunner } from '../../machines/command-runner';
import type { MerchantScope } from '../../scope/merchant-scope';
import { firmwareIssues, toPrices } from '../../machines/prices';
import * as repo from './repository';
import type { Log } from '../../lib/log';

/** Templates as other modules read them (a device's product change). */
export { findTemplate } from './repository';

const toTemplate = (row: repo.TemplateRow): ProductTemplate => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** The merchant's template (locked with `lock`); 1107001 when there is none of this id, another merchant's included. */
async function existingTemplate(db: Executor, scope: MerchantScope, id: number, lock = false) {
  const row = await repo.findTemplate(db, scope, id, lock);
  if (!row) throw new AppError(ErrorCode.TEMPLATE_NOT_FOUND);
  return row;
}

export function createProductService(deps: { db: Database; runCommand: CommandRunner; log?: Log }) {
  const { db } = deps;

  /** New prices go to every online machine using the template; each push is logged on its own. */
  async function pushPrices(actor: Actor, template: repo.TemplateRow): Promise<void> {
    const prices = toPrices(template);
    for (const device of await repo.commandableDevicesUsing(db, actor, template.id)) {
      if (!device.hwid || device.online !== true) continue;
      await deps
        .runCommand(actor, device, {
          action: 'setPrices',
          params: { prices },
          log: { key: 'deviceLog.admin.productUpdated', content: `Prices of ${template.name} updated`, params: {} },
        })
        .catch((error: unknown) => deps.log?.warn({ err: error, deviceId: device.id }, 'pushing prices failed'));
    }
  }

  return {
    async list(scope: MerchantScope, filter: repo.TemplateFilter) {
      const { rows, total } = await repo.listTemplates(db, scope, filter);
      return { items: rows.map(toTemplate), total, page: filter.page, pageSize: filter.pageSize };
    },

    async get(scope: MerchantScope, id: number): Promise<ProductTemplate> {
      return toTemplate(await existingTemplate(db, scope, id));
    },

    async create(actor: Actor, input: ProductTemplateInput): Promise<ProductTemplate> {
      return db.transaction(async (tx) => {
        const id = await repo.insertTemplate(tx, actor, input);
        await writeAudit(tx, actor, {
          action: 'product.create',
          entity: 'product',
          entityId: id,
          after: input,
        });
        return toTemplate(await existingTemplate(tx, actor, id));
      });
    },

    /** Machines already using the template must run the new features: older firmware is a 400 detail. */
    async update(actor: Actor, id: number, input: ProductTemplateInput): Promise<ProductTemplate> {
      const updated = await db.transaction(async (tx) => {
        const before = await existingTemplate(tx, actor, id, true);
        const users = await repo.devicesUsing(tx, actor, id);
        const issues = users.flatMap((d) =>
          firmwareIssues(input, d.firmware, { additives: 'body.additives', type: 'body.type' }),
        );
        if (issues.length > 0) throw new InvalidFields([...new Map(issues.map((i) => [i.path, i])).values()]);
        await repo.updateTemplate(tx, actor, id, input);
        await writeAudit(tx, actor, {
          action: 'product.update',
          entity: 'product',
          entityId: id,
          before,
          after: input,
        });
        return existingTemplate(tx, actor, id);
      });
      if (updated.deviceCount > 0)
        pushPrices(actor, updated).catch((error: unknown) => deps.log?.warn({ err: error }, 'pushing prices failed'));
      return toTemplate(updated);
    },

    async remove(actor: Actor, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const before = await existingTemplate(tx, actor, id, true);
        if (before.deviceCount > 0) throw new AppError(ErrorCode.TEMPLATE_IN_USE);
        await repo.deleteTemplate(tx, actor, id);
        await writeAudit(tx, actor, {
          action: 'product.delete',
          entity: 'product',
          entityId: id,
          before,
        });
      });
    },
  };
}
