import { ErrorCode } from '@sbo/contracts';
import type { Database, Executor } from '../../db/client';
import type { CheckoutOrderReason } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { CommandBus } from '../../machines/command-bus';
import type { PaymentGateways } from '../../payments/gateways';
import { lockMerchant } from '../merchant/service';
import * as repo from './repository';

export type CreditingDeps = {
  db: Database;
  clock: Clock;
  gateways: PaymentGateways;
  /** The device link; without one every paid start goes unanswered (and is refunded). */
  sendCommand?: CommandBus['send'];
  ackTimeoutMs: number;
  log: { warn(details: object, message: string): void };
};

/** Why the machine did not take a paid start, from its acknowledgement. */
function refusalOf(outcome: Awaited<ReturnType<CommandBus['send']>>): CheckoutOrderReason | null {
  if (outcome.ok) return null;
  if ('timeout' in outcome) return 'noAnswer';
  return outcome.code === ErrorCode.DEVICE_NOT_STANDBY ? 'busy' : 'fault';
}

/** What the machine is told to do for the order: its purchase as the order recorded it, else its course. */
function startOf(
  courseCode: string,
  purchase: Record<string, string | number | boolean | null>,
): { course: string } | { selection: string } | { minutes: number; extend?: boolean } | { credit: number } {
  if (typeof purchase.selection === 'string') return { selection: purchase.selection };
  if (typeof purchase.minutes === 'number') {
    return purchase.extend === true ? { minutes: purchase.minutes, extend: true } : { minutes: purchase.minutes };
  }
  if (typeof purchase.credit === 'number') return { credit: purchase.credit };
  return { course: typeof purchase.course === 'string' ? purchase.course : courseCode };
}

/**
 * After payment: the machine is told to start the paid course and must acknowledge it; if it does
 * not (silence, busy, fault) the consumer gets the money back through the gateway at once.
 */
export function createCrediting(deps: CreditingDeps) {
  const { db, clock, gateways, log } = deps;

  /** The paid order's money back: gateway first, then the sale (98) and the order, under the merchant's lock. */
  async function refundPaidOrder(publicId: string, reason: CheckoutOrderReason): Promise<void> {
    try {
      await db.transaction(async (tx) => {
        const found = await repo.findOrder(tx, publicId);
        if (!found) return;
        await lockMerchant(tx, { merchantId: found.merchantId });
        const order = await repo.findOrder(tx, publicId, true);
        if (!order || order.status !== 'paid') return;
        const sale = await repo.lockSale(tx, order);
        // A free cycle that did not start: nothing to give back; the sale and the order say it did not happen.
        if (order.amount === 0 && !order.providerPaymentId) {
          const now = clock.now();
          if (sale) await repo.voidFreeSale(tx, sale.id, now);
          await repo.moveOrder(tx, order.id, ['paid'], 'refunded', now, { reason, detail: { free: true } });
          return;
        }
        // The merchant refunded it meanwhile, or it was credited after all: nothing to do.
        if (!order.providerPaymentId) return;
        const gateway = await gateways.forMerchant(order.merchantId, order.provider);
        const { refundId } = await gateway.refund(order.providerPaymentId, order.amount);
        const now = clock.now();
        if (sale) await repo.refundSale(tx, sale.id, now);
        await repo.moveOrder(tx, order.id, ['paid'], 'refunded', now, { reason, detail: { refundId } });
      });
    } catch (error) {
      // The order stays paid and its sale refundable: the merchant can refund it by hand.
      log.warn({ err: error, orderId: publicId, reason }, 'automatic refund of a checkout order failed');
    }
  }

  return {
    async credit(publicId: string): Promise<void> {
      const order = await repo.findOrder(db, publicId);
      if (!order || order.status !== 'paid') return;
      const device = await repo.findOrderDevice(db, order.deviceId);
      const outcome =
        deps.sendCommand && device?.hwid && device.online === true
          ? await deps.sendCommand(
              device.hwid,
              'paidStart',
              {
                orderId: publicId,
                ...startOf(order.courseCode, await repo.findOrderPurchase(db, order.id)),
                amount: order.amount,
                payGateway: order.gateway,
              },
              { timeoutMs: deps.ackTimeoutMs },
            )
          : null;
      const reason = outcome ? refusalOf(outcome) : 'noAnswer';
      if (reason) return refundPaidOrder(publicId, reason);
      await db.transaction(async (tx) => {
        const now = clock.now();
        const detail = { commandId: outcome!.commandId };
        if (await repo.moveOrder(tx, order.id, ['paid'], 'credited', now, { detail })) {
          await repo.moveOrder(tx, order.id, ['credited'], 'started', now);
        }
      });
    },
  };
}

/**
 * A merchant's refund of a sale that a checkout order paid: the gateway gives the money back first
 * (a refusal is 10010 and rolls the caller's transaction back), then the order is refunded. Runs in
 * the caller's transaction, after its merchant and sale locks. No checkout order: nothing to do.
 */
export async function refundOrderOfSale(
  tx: Executor,
  deps: { gateways: PaymentGateways; clock: Clock },
  sale: { merchantId: number; payGateway: string; orderId: string | null },
): Promise<void> {
  if (!sale.orderId) return;
  const found = await repo.findOrderOfSale(tx, sale.merchantId, sale.payGateway, sale.orderId);
  const order = found ? await repo.findOrder(tx, found.publicId, true) : null;
  if (!order?.providerPaymentId || !['paid', 'credited', 'started'].includes(order.status)) return;
  const gateway = await deps.gateways.forMerchant(order.merchantId, order.provider);
  const { refundId } = await gateway.refund(order.providerPaymentId, order.amount);
  await repo.moveOrder(tx, order.id, ['paid', 'credited', 'started'], 'refunded', deps.clock.now(), {
    reason: null,
    detail: { refundId, by: 'merchant' },
  });
}
