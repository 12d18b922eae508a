import type { OperationId } from './routes';
import { cardEndpoints } from './endpoints/cards';
import { cashboxEndpoints } from './endpoints/cashbox';
import { checkoutEndpoints } from './endpoints/checkout';
import { checkoutLinksEndpoints } from './endpoints/checkout-links';
import { deviceEndpoints } from './endpoints/device';
import { hardwareEndpoints } from './endpoints/hardware';
import { merchantEndpoints } from './endpoints/merchant';
import { notificationEndpoints } from './endpoints/notification';
import { paymentEndpoints } from './endpoints/payments';
import { placeEndpoints } from './endpoints/place';
import { promotionEndpoints } from './endpoints/promotion';
import { salesEndpoints } from './endpoints/sales';
import { signInEndpoints } from './endpoints/sign-in';
import { staffEndpoints } from './endpoints/staff';
import { walletEndpoints } from './endpoints/wallet';

/** Every endpoint's whole contract (route and schemas) by operation id: what the api registers from. */
export const apiEndpoints = {
  ...signInEndpoints,
  ...merchantEndpoints,
  ...staffEndpoints,
  ...placeEndpoints,
  ...deviceEndpoints,
  ...hardwareEndpoints,
  ...salesEndpoints,
  ...walletEndpoints,
  ...cashboxEndpoints,
  ...cardEndpoints,
  ...promotionEndpoints,
  ...checkoutEndpoints,
  ...checkoutLinksEndpoints,
  ...paymentEndpoints,
  ...notificationEndpoints,
};

export type ApiEndpoints = typeof apiEndpoints;

// Every route has its schemas, and every schema set belongs to a route: a missing one fails the type check.
type Unmatched = Exclude<OperationId, keyof ApiEndpoints> | Exclude<keyof ApiEndpoints, OperationId>;
const everyRouteHasItsContract: [Unmatched] extends [never] ? true : { missing: Unmatched } = true;
void everyRouteHasItsContract;
