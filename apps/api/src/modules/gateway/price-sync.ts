import { eq, getTableColumns } from 'drizzle-orm';
import { supportsAction } from '@sbo/contracts/mqtt';
import type { Database } from '../../db/client';
import { deviceHardware, devices, productTemplates } from '../../db/schema';
import { kindOf } from '../../machines/device-kind';
import { toPrices } from '../../machines/prices';
import type { CommandBus } from '../../machines/command-bus';

type Log = { warn(object: object, message: string): void };
const { merchantId: _merchantId, ...templateColumns } = getTableColumns(productTemplates);

/**
 * When a device with a product comes online, its template's prices are sent again: a replaced or
 * reset controller then sells at the merchant's prices without anyone pressing a button.
 */
export function createPriceSync(deps: { db: Database; commands: CommandBus; log: Log }) {
  return async function syncPrices(hwid: string): Promise<void> {
    const [row] = await deps.db
      .select({ template: templateColumns, machineType: devices.machineType, model: devices.model })
      .from(deviceHardware)
      .innerJoin(devices, eq(devices.id, deviceHardware.deviceId))
      .innerJoin(productTemplates, eq(productTemplates.id, devices.productId))
      .where(eq(deviceHardware.hwid, hwid));
    const kind = row ? kindOf(row.machineType) : null;
    if (!row || !kind || !supportsAction(kind, row.model, 'setPrices')) return;
    const outcome = await deps.commands.send(hwid, 'setPrices', { prices: toPrices(row.template) });
    if (!outcome.ok) deps.log.warn({ hwid, outcome }, 'prices not applied on reconnect');
  };
}
