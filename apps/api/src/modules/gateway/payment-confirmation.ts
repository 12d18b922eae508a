import type pg from 'pg';
import type { ConfirmedPayment } from '@sbo/contracts/settlement';
import { createDatabase, type Database } from '../../db/client';
import { findConfirmedCheckoutPayment } from '../checkout/service';

type SaleToMatch = { hwid: string; payGateway: string; orderId: string | undefined; amount: number };

const databases = new WeakMap<pg.Pool, Database>();

/**
 * The payment order a gateway confirmed for this sale, if any: a checkout order with this order id,
 * paid for this machine (and so its merchant) and not refunded. `isVerifiedPayment` then checks the
 * gateway and the amount. No order: a platform-gateway sale the machine reports stays unverified.
 */
export async function findConfirmedPayment(pool: pg.Pool, sale: SaleToMatch): Promise<ConfirmedPayment | null> {
  if (!sale.orderId) return null;
  let db = databases.get(pool);
  if (!db) databases.set(pool, (db = createDatabase(pool)));
  return findConfirmedCheckoutPayment(db, sale);
}
