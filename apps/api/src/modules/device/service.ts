import { ErrorCode, isAllowed, type DeviceInfo, type DeviceUpdate } from '@sbo/contracts';
import type { Database, Executor } from '../../db/client';
import { AppError, InvalidFields } from '../../lib/app-error';
import { writeAudit } from '../../lib/audit';
import type { MerchantAuth } from '../../plugins/access';
import { visibleDeviceIds } from '../../scope/device-scope-repository';
import type { DeviceScope } from '../../scope/device-scope';
import { insertOperatorLog } from '../../machines/operator-log-repository';
import { firmwareIssues, fitsMachine, toPrices } from '../../machines/prices';
import { findTemplate } from '../product/service';
import type { Actor, CommandRunner } from '../../machines/command-runner';
import { canChangeProduct } from '../../machines/device-kind';
import { toInfo, toListItem } from './device-view';
import { loadDevice } from './load-device';
import * as repo from './repository';

/** What other modules read of devices: the scoped lookups and the list row. */
export { findDevice, placeExists, type DeviceRow } from './repository';
export { toListItem } from './device-view';

export function createDeviceService(deps: { db: Database; runCommand: CommandRunner }) {
  const { db } = deps;

  const load = (scope: DeviceScope, id: number) => loadDevice(db, scope, id);

  async function info(member: MerchantAuth, id: number): Promise<DeviceInfo> {
    const row = await load(member, id);
    // Money is shown to those who may read revenue (a storeManager runs machines, not the books).
    const revenue = isAllowed(member, 'revenue.read') ? await repo.revenueOf(db, member, id) : null;
    return toInfo(row, revenue);
  }

  /** Product change: AB3, AB2 and AY only; the machine must confirm the template's prices first. */
  async function changeProduct(actor: Actor, device: repo.DeviceRow, productId: number | null) {
    if (!canChangeProduct(device.model)) throw new AppError(ErrorCode.PRODUCT_CHANGE_UNSUPPORTED);
    const template = productId === null ? null : await findTemplate(db, actor, productId);
    if (productId !== null && !template) throw new AppError(ErrorCode.TEMPLATE_NOT_FOUND);
    const save = async (tx: Executor) => {
      await repo.updateDevice(tx, actor, device.id, { productId });
      await writeAudit(tx, actor, {
        action: 'device.product',
        entity: 'device',
        entityId: device.id,
        before: { productId: device.productId },
        after: { productId },
      });
    };
    const log: { key: string; content: string; params: Record<string, number | null> } = template
      ? { key: 'deviceLog.admin.product', content: `Product changed to ${template.name}`, params: { productId } }
      : { key: 'deviceLog.admin.productCleared', content: 'Product removed', params: {} };
    if (template && !fitsMachine(template, device.machineType)) throw new AppError(ErrorCode.TEMPLATE_UNAVAILABLE);
    if (!template || !device.hwid) {
      return db.transaction(async (tx) => {
        await save(tx);
        await insertOperatorLog(tx, {
          merchantId: actor.merchantId,
          deviceId: device.id,
          hwid: device.hwid,
          operatorUserId: actor.userId,
          ...log,
        });
      });
    }
    const issues = firmwareIssues(template, device.firmware, { additives: 'body.productId', type: 'body.productId' });
    if (issues.length > 0) throw new InvalidFields(issues.slice(0, 1));
    await deps.runCommand(actor, device, {
      action: 'setPrices',
      params: { prices: toPrices(template) },
      log,
      onSuccess: save,
    });
  }

  return {
    async list(member: MerchantAuth, filter: repo.DeviceFilter) {
      const { rows, total } = await repo.listDevices(db, member, filter);
      return { items: rows.map(toListItem), total, page: filter.page, pageSize: filter.pageSize };
    },

    info,

    async update(member: MerchantAuth, id: number, input: DeviceUpdate): Promise<DeviceInfo> {
      const device = await load(member, id);
      const values: Parameters<typeof repo.updateDevice>[3] = {};
      if (input.name !== undefined) {
        if (input.name === '') throw new AppError(ErrorCode.NAME_EMPTY);
        values.name = input.name;
      }
      if (input.placeId !== undefined) {
        if (input.placeId !== null && !(await repo.placeExists(db, member, input.placeId)))
          throw new AppError(ErrorCode.PLACE_NOT_FOUND);
        values.placeId = input.placeId;
      }
      if (input.paymentProduct !== undefined) values.paymentProduct = input.paymentProduct || null;
      if (input.productId !== undefined && input.productId !== device.productId) {
        await changeProduct(member, device, input.productId);
      }
      if (Object.keys(values).length > 0) {
        await db.transaction(async (tx) => {
          await repo.updateDevice(tx, member, id, values);
          await writeAudit(tx, member, {
            action: 'device.update',
            entity: 'device',
            entityId: id,
            before: { name: device.name, placeId: device.placeId, paymentProduct: device.paymentProduct },
            after: values,
          });
          await insertOperatorLog(tx, {
            merchantId: member.merchantId,
            deviceId: id,
            hwid: device.hwid,
            operatorUserId: member.userId,
            key: 'deviceLog.admin.update',
            content: 'Device settings changed',
            params: Object.fromEntries(Object.entries(values).map(([k, v]) => [k, typeof v === 'object' ? null : v])),
          });
        });
      }
      return info(member, id);
    },

    /** Device ids the member's live updates are filtered by (null: every device of the merchant). */
    visibleIds: (member: MerchantAuth) => visibleDeviceIds(db, member),
  };
}

export type DeviceService = ReturnType<typeof createDeviceService>;
