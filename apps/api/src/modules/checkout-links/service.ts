import type { CheckoutLinks } from '@sbo/contracts/schemas/checkout-links';
import type { Config } from '../../config';

type LinkSettings = Pick<Config, 'MB_APP_URL' | 'MB_BRAND' | 'PLACE_STATUS_URL' | 'PLACE_STATUS_VERSION'>;

/** The external addresses of the app-variant pages, as configured; an unset one is null. */
export function createCheckoutLinksService(settings: LinkSettings) {
  const links: CheckoutLinks = {
    mbAppUrl: settings.MB_APP_URL ?? null,
    mbBrand: settings.MB_BRAND ?? null,
    placeStatusUrl: settings.PLACE_STATUS_URL ?? null,
    placeStatusVersion: settings.PLACE_STATUS_VERSION ?? null,
  };
  return { links: (): CheckoutLinks => links };
}
