import { redirect, type RouteObject } from 'react-router';
import { RequireMerchant } from '../guards/session-guards';
import { lazyComponent, screenRoute } from './screen-route';

const okCardLayout = lazyComponent(
  () => import('../layouts/ok-card-layout'),
  (module) => module.OkCardLayout,
);

const okCardHome = lazyComponent(
  () => import('../../features/ok-card-home/components/ok-card-home-screen'),
  (module) => module.OkCardHomeScreen,
);

/** The card-membership area: login and a picked merchant required (spec section 2). */
export const okCardRoutes: RouteObject[] = [
  {
    element: <RequireMerchant />,
    children: [
      {
        lazy: okCardLayout,
        children: [
          { path: '/ok-card', loader: () => redirect('/ok-card/home') },
          screenRoute('/ok-card/home', 'screen.okCardHome', { lazy: okCardHome }),
          screenRoute('/ok-card/trade-record', 'screen.okCardTradeRecord'),
          screenRoute('/ok-card/statistics', 'screen.okCardStatistics'),
          screenRoute('/ok-card/list', 'screen.okCardList'),
          screenRoute('/ok-card/detail', 'screen.okCardDetail'),
          screenRoute('/ok-card/deposit-setting', 'screen.okCardDepositSetting'),
          // The machine state view reuses the trade-record screen (spec section 2).
          screenRoute('/ok-card/machine-state', 'screen.okCardMachineState'),
        ],
      },
    ],
  },
];
