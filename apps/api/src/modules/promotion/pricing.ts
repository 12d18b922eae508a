import { supportsAction } from '@sbo/contracts/mqtt';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { CommandBus } from '../../machines/command-bus';
import { kindOf } from '../../machines/device-kind';
import { pricesInForce } from '../../machines/prices-in-force';
import { machinesToPrice, pricedMachine, recordPricesSent } from '../../machines/promotion-price-repository';
import type { Log } from '../../lib/log';

const concurrency = 20;

/**
 * Pushes happy-hour prices: each tick, every online machine a time discount concerns gets the
 * prices in force now (discounted while a window is open, its template's otherwise) when they
 * differ from what it reports or was last sent. Ticks are idempotent, so several api instances
 * ticking at once only repeat a `setPrices`; a machine that did not answer is tried next tick.
 */
export function createPromotionPricing(deps: { db: Database; clock: Clock; send: CommandBus['send']; log: Log }) {
  const { db, clock, send, log } = deps;

  async function price(machine: Awaited<ReturnType<typeof machinesToPrice>>[number], at: Date) {
    const row = await pricedMachine(db, machine.deviceId);
    const kind = row ? kindOf(row.machineType) : null;
    if (!row || !kind || !supportsAction(kind, row.model, 'setPrices')) return false;
    const { prices } = await pricesInForce(db, machine.deviceId, row.template, at);
    if ((machine.reported ?? machine.sent) === prices.version) return false;
    const outcome = await send(machine.hwid, 'setPrices', { prices });
    if (!outcome.ok) {
      log.warn({ hwid: machine.hwid, outcome }, 'promotion prices not applied');
      return false;
    }
    await recordPricesSent(db, machine.deviceId, prices.version, at);
    return true;
  }

  return {
    /** One pass; answers how many machines were sent new prices. */
    async tick(): Promise<number> {
      const at = clock.now();
      const machines = await machinesToPrice(db, at);
      let sent = 0;
      for (let i = 0; i < machines.length; i += concurrency) {
        const results = await Promise.all(machines.slice(i, i + concurrency).map((m) => price(m, at)));
        sent += results.filter(Boolean).length;
      }
      return sent;
    },
  };
}
