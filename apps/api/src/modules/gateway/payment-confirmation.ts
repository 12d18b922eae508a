import type { PaymentGateway } from '@sbo/contracts';
import { isCardGateway, type ConfirmedPayment } from '@sbo/contracts/settlement';
import type { Database } from '../../db/client';
import { findConfirmedCardPayment } from '../cards/service';
import { findConfirmedCheckoutPayment } from '../checkout/service';

type SaleToMatch = { hwid: string; payGateway: PaymentGateway; orderId: string | undefined; amount: number };

/**
 * The payment confirmed for this sale, if any: for a card gateway (`ESVC`, `cash-card`) the card
 * payment the api approved for this machine under this order id and did not void; otherwise a
 * checkout order with this order id, paid for this machine (and so its merchant) and not refunded.
 * `isVerifiedPayment` then checks the gateway and the amount. None: a platform or card sale the
 * machine reports stays unverified.
 */
export async function findConfirmedPayment(db: Database, sale: SaleToMatch): Promise<ConfirmedPayment | null> {
  if (!sale.orderId) return null;
  if (isCardGateway(sale.payGateway)) return findConfirmedCardPayment(db, sale);
  return findConfirmedCheckoutPayment(db, sale);
}
