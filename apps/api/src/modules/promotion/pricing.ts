import type pg from 'pg';
import { supportsAction } from '@sbo/contracts/mqtt';
import type { Database } from '../../db/client';
import { advisoryLocks, whileLocked } from '../../lib/advisory-lock-repository';
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
 * differ from what it reports or was last sent; a machine that did not answer is tried next tick.
 * One instance at a time makes a pass (an advisory lock; the others skip that tick), so several
 * api instances send each machine each change of prices once.
 */
export function createPromotionPricing(deps: {
  pool: pg.Pool;
  db: Database;
  clock: Clock;
  send: CommandBus['send'];
  log: Log;
}) {
  const { pool, db, clock, send, log } = deps;

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
    /** One pass; answers how many machines were sent new prices (0 while another instance makes its pass). */
    async tick(): Promise<number> {
      const sent = await whileLocked(pool, advisoryLocks.promotionPricing, async () => {
        const at = clock.now();
        const machines = await machinesToPrice(db, at);
        let count = 0;
        for (let i = 0; i < machines.length; i += concurrency) {
          const results = await Promise.all(machines.slice(i, i + concurrency).map((m) => price(m, at)));
          count += results.filter(Boolean).length;
        }
        return count;
      });
      return sent ?? 0;
    },
  };
}
