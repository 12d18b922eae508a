import type { OperationId } from './routes';
import { auditEndpoints } from './endpoints/audit';
import { bankAccountEndpoints } from './endpoints/bank-account';
import { cardsEndpoints } from './endpoints/cards';
import { cashboxEndpoints } from './endpoints/cashbox';
import { checkoutEndpoints } from './endpoints/checkout';
import { checkoutLinksEndpoints } from './endpoints/checkout-links';
import { dashboardEndpoints } from './endpoints/dashboard';
import { deviceEndpoints } from './endpoints/device';
import { deviceLogEndpoints } from './endpoints/device-log';
import { hardwareEndpoints } from './endpoints/hardware';
import { memberEndpoints } from './endpoints/member';
import { merchantEndpoints } from './endpoints/merchant';
import { notificationEndpoints } from './endpoints/notification';
import { paymentEndpoints } from './endpoints/payment';
import { placeEndpoints } from './endpoints/place';
import { placePageEndpoints } from './endpoints/place-page';
import { productEndpoints } from './endpoints/product';
import { profileEndpoints } from './endpoints/profile';
import { promotionEndpoints } from './endpoints/promotion';
import { signInEndpoints } from './endpoints/sign-in';
import { transactionEndpoints } from './endpoints/transaction';
import { walletEndpoints } from './endpoints/wallet';

/**
 * Every endpoint's whole contract (route and schemas) by operation id: what the api registers from.
 * One file per area, named as the api module that serves it (docs/code-shape.md, "One name per area").
 */
export const apiEndpoints = {
  ...signInEndpoints,
  ...profileEndpoints,
  ...merchantEndpoints,
  ...auditEndpoints,
  ...memberEndpoints,
  ...placeEndpoints,
  ...placePageEndpoints,
  ...paymentEndpoints,
  ...productEndpoints,
  ...deviceEndpoints,
  ...deviceLogEndpoints,
  ...hardwareEndpoints,
  ...transactionEndpoints,
  ...dashboardEndpoints,
  ...walletEndpoints,
  ...bankAccountEndpoints,
  ...cashboxEndpoints,
  ...cardsEndpoints,
  ...promotionEndpoints,
  ...checkoutEndpoints,
  ...checkoutLinksEndpoints,
  ...notificationEndpoints,
};

export type ApiEndpoints = typeof apiEndpoints;

// Every route has its schemas, and every schema set belongs to a route: a missing one fails the type check.
type Unmatched = Exclude<OperationId, keyof ApiEndpoints> | Exclude<keyof ApiEndpoints, OperationId>;
const everyRouteHasItsContract: [Unmatched] extends [never] ? true : { missing: Unmatched } = true;
void everyRouteHasItsContract;
