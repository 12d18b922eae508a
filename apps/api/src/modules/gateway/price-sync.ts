import { supportsAction } from '@sbo/contracts/mqtt';
import type { Database } from '../../db/client';
import { kindOf } from '../../machines/device-kind';
import { toPrices } from '../../machines/prices';
import type { CommandBus } from '../../machines/command-bus';
import { templateOfHardware } from './template-repository';

type Log = { warn(object: object, message: string): void };

/**
 * When a device with a product comes online, its template's prices are sent again: a replaced or
 * reset controller then sells at the merchant's prices without anyone pressing a button.
 */
export function createPriceSync(deps: { db: Database; commands: CommandBus; log: Log }) {
  return async function syncPrices(hwid: string): Promise<void> {
    const row = await templateOfHardware(deps.db, hwid);
    const kind = row ? kindOf(row.machineType) : null;
    if (!row || !kind || !supportsAction(kind, row.model, 'setPrices')) return;
    const outcome = await deps.commands.send(hwid, 'setPrices', { prices: toPrices(row.template) });
    if (!outcome.ok) deps.log.warn({ hwid, outcome }, 'prices not applied on reconnect');
  };
}
