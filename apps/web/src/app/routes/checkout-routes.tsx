import type { RouteObject } from 'react-router';
import { applyConsumerLanguage, loadAreaTexts } from '../../lib/i18n';
import type { AppVariant } from '../theme';
import { lazyComponent, screenRoute } from './screen-route';

// The consumer's language first, so its texts (not the back office's default's) load with the layout.
const checkoutLayout = (variant: AppVariant): RouteObject['lazy'] =>
  async function loadCheckoutLayout() {
    await applyConsumerLanguage();
    const [module] = await Promise.all([import('../layouts/checkout-layout'), loadAreaTexts()]);
    return { Component: () => <module.CheckoutLayout variant={variant} /> };
  };

const screens = {
  mbCheckout: lazyComponent(
    () => import('../../features/checkout/components/external-redirect-screens'),
    (module) => module.MbCheckoutRedirect,
  ),
  fnPlaceStatus: lazyComponent(
    () => import('../../features/checkout/components/external-redirect-screens'),
    (module) => () => <module.PlaceStatusRedirect variant="fn" />,
  ),
  mbPlaceStatus: lazyComponent(
    () => import('../../features/checkout/components/external-redirect-screens'),
    (module) => () => <module.PlaceStatusRedirect variant="mb" />,
  ),
};

/**
 * Public checkout pages of the three app variants, each in its own colours. A machine's checkout itself
 * (`/custom/checkout`, `/fn/checkout`, the QR code's address) and the payment's result the gateways send the
 * customer back to (`/<variant>/checkout-result`) are the consumer entry's (src/consumer/checkout), and so
 * are a member card's top-up and its result (`/custom/card-top-up`, `/custom/card-top-up-result`,
 * src/consumer/cards; docs/cards.md), served by the api without the back office's code.
 */
export const checkoutRoutes: RouteObject[] = [
  {
    lazy: checkoutLayout('fn'),
    children: [screenRoute('/fn/place-status', 'screen.placeStatus', { lazy: screens.fnPlaceStatus })],
  },
  {
    lazy: checkoutLayout('mb'),
    children: [
      screenRoute('/mb/checkout', 'screen.checkout', { lazy: screens.mbCheckout }),
      screenRoute('/mb/place-status', 'screen.placeStatus', { lazy: screens.mbPlaceStatus }),
    ],
  },
];
