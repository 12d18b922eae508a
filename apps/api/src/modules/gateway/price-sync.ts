import { supportsAction } from '@sbo/contracts/mqtt';
import type { Database } from '../../db/client';
import { kindOf } from '../../machines/device-kind';
import type { Clock } from '../../lib/clock';
import { pricesInForce } from '../../machines/prices-in-force';
import { recordPricesSent } from '../../machines/promotion-price-repository';
import type { CommandBus } from '../../machines/command-bus';
import { templateOfHardware } from './template-repository';
import type { Log } from '../../lib/log';

/**
 * When a device with a product comes online, the prices in force now are sent again (its template's,
 * or a happy hour's while its window is open): a replaced or reset controller then sells at the
 * merchant's prices without anyone pressing a button.
 */
export function createPriceSync(deps: { db: Database; commands: CommandBus; clock: Clock; log: Log }) {
  return async function syncPrices(hwid: string): Promise<void> {
    const row = await templateOfHardware(deps.db, hwid);
    const kind = row ? kindOf(row.machineType) : null;
    if (!row || !kind || !supportsAction(kind, row.model, 'setPrices')) return;
    const at = deps.clock.now();
    const { prices } = await pricesInForce(deps.db, row.deviceId, row.template, at);
    const outcome = await deps.commands.send(hwid, 'setPrices', { prices });
    if (!outcome.ok) deps.log.warn({ hwid, outcome }, 'prices not applied on reconnect');
    else await recordPricesSent(deps.db, row.deviceId, prices.version, at);
  };
}
