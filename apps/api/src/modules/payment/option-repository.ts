import { and, asc, eq } from 'drizzle-orm';
import type { PaymentGateway } from '@sbo/contracts';
import type { Executor } from '../../db/client';
import { merchants, placePaymentOptions, places } from '../../db/schema';
import type { MerchantScope } from '../../scope/merchant-scope';

export async function mobilePaymentEnabled(db: Executor, scope: MerchantScope, lock = false) {
  const query = db
    .select({ enabled: merchants.mobilePaymentEnabled })
    .from(merchants)
    .where(eq(merchants.id, scope.merchantId));
  const rows = lock ? await query.for('update') : await query;
  return rows[0]?.enabled ?? null;
}

export async function setMobilePayment(db: Executor, scope: MerchantScope, enabled: boolean) {
  await db.update(merchants).set({ mobilePaymentEnabled: enabled }).where(eq(merchants.id, scope.merchantId));
}

const placesWithOptions = (db: Executor) =>
  db
    .select({ placeId: places.id, title: places.title, gateways: placePaymentOptions.gateways })
    .from(places)
    .leftJoin(placePaymentOptions, eq(placePaymentOptions.placeId, places.id));

/** A place that chose no gateway yet accepts none. */
const withGateways = <R extends { gateways: PaymentGateway[] | null }>(row: R) => ({
  ...row,
  gateways: row.gateways ?? [],
});

/** Every place of the merchant with the gateways it accepts. */
export async function listPlaceOptions(db: Executor, scope: MerchantScope) {
  const rows = await placesWithOptions(db).where(eq(places.merchantId, scope.merchantId)).orderBy(asc(places.id));
  return rows.map(withGateways);
}

export async function findPlaceOptions(db: Executor, scope: MerchantScope, placeId: number) {
  const [row] = await placesWithOptions(db)
    .where(and(eq(places.merchantId, scope.merchantId), eq(places.id, placeId)))
    .for('update', { of: places });
  return row ? withGateways(row) : null;
}

export async function savePlaceOptions(
  db: Executor,
  scope: MerchantScope,
  placeId: number,
  gateways: PaymentGateway[],
  at: Date,
) {
  await db
    .insert(placePaymentOptions)
    .values({ merchantId: scope.merchantId, placeId, gateways, updatedAt: at })
    .onConflictDoUpdate({ target: placePaymentOptions.placeId, set: { gateways, updatedAt: at } });
}
