import type pg from 'pg';
import type { ConfirmedPayment } from '@sbo/contracts/settlement';

type SaleToMatch = { hwid: string; payGateway: string; orderId: string | undefined; amount: number };

/**
 * The payment order a gateway confirmed for this sale, if any: the seam where payment orders plug
 * in ("an order with this order id, gateway and amount was confirmed by the gateway", looked up for
 * the device's merchant). No payment order exists yet, so nothing is confirmed and every
 * platform-gateway sale a machine reports is stored unverified (`isVerifiedPayment`).
 */
export async function findConfirmedPayment(_pool: pg.Pool, _sale: SaleToMatch): Promise<ConfirmedPayment | null> {
  return null;
}
