import type { RouteObject } from 'react-router';
import type { AppVariant } from '../theme';
import { lazyComponent, screenRoute } from './screen-route';

const checkoutLayout = (variant: AppVariant) =>
  lazyComponent(
    () => import('../layouts/checkout-layout'),
    (module) => () => <module.CheckoutLayout variant={variant} />,
  );

/** Public checkout pages of the three app variants, each in its own colours. */
export const checkoutRoutes: RouteObject[] = [
  {
    lazy: checkoutLayout('custom'),
    children: [
      screenRoute('/custom/checkout', 'screen.checkout'),
      screenRoute('/custom/checkout-result', 'screen.checkoutResult'),
    ],
  },
  {
    lazy: checkoutLayout('fn'),
    children: [
      screenRoute('/fn/checkout', 'screen.checkout'),
      screenRoute('/fn/checkout-result', 'screen.checkoutResult'),
      screenRoute('/fn/place-status', 'screen.placeStatus'),
    ],
  },
  {
    lazy: checkoutLayout('mb'),
    children: [
      screenRoute('/mb/checkout', 'screen.checkout'),
      screenRoute('/mb/checkout-result', 'screen.checkoutResult'),
      screenRoute('/mb/place-status', 'screen.placeStatus'),
    ],
  },
];
