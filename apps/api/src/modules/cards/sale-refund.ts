import type { Executor } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { PaymentGateways } from '../../payments/gateways';
import * as consumer from './consumer-repository';
import * as desk from './desk-repository';
import { refundCharge } from './machine-desk';
import { appendEntries } from './repository';

/**
 * A merchant's refund of a sale that touches a card, in the caller's transaction (after its merchant
 * and sale locks): a card charge at a machine gives the card its stored value and points back; a
 * top-up takes its deposit and reward off the card (1103005 when they were spent: nothing changes)
 * and then gives the money back through its gateway (10010 on refusal: nothing changes).
 */
export async function refundCardOfSale(
  tx: Executor,
  deps: { gateways: PaymentGateways; clock: Clock },
  sale: { id: number; merchantId: number; payGateway: string; orderId: string | null },
): Promise<void> {
  if (!sale.orderId) return;
  if ((await desk.salePurpose(tx, sale.merchantId, sale.id)) === 'topUp')
    return refundTopUp(tx, deps, sale.merchantId, sale.payGateway, sale.orderId);
  const charge = await desk.findAuthorizationOfSale(tx, sale.merchantId, sale.orderId);
  if (charge) await refundCharge(tx, deps.clock, sale.merchantId, charge, 'merchant');
}

async function refundTopUp(
  tx: Executor,
  deps: { gateways: PaymentGateways; clock: Clock },
  merchantId: number,
  gateway: string,
  publicId: string,
): Promise<void> {
  const found = await consumer.findTopUpOfSale(tx, merchantId, gateway, publicId);
  const order = found ? await consumer.findTopUp(tx, found.publicId, true) : null;
  if (!order || order.status !== 'paid' || !order.providerPaymentId) return;
  const at = deps.clock.now();
  const common = {
    sourceId: `refund:topup:${publicId}`,
    placeId: order.placeId,
    transactionId: order.transactionId,
    createdAt: at,
  };
  await appendEntries(tx, merchantId, order.cardId, [
    { kind: 'topUpReward', balanceChange: -order.reward, ...common },
    { kind: 'topUp', balanceChange: -order.amount, ...common },
  ]);
  const provider = await deps.gateways.forMerchant(merchantId, order.provider);
  await provider.refund(order.providerPaymentId, order.amount);
  await consumer.moveTopUp(tx, order.id, ['paid'], 'refunded', at);
}
