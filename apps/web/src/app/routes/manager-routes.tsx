import { redirect, type RouteObject } from 'react-router';
import { RequireMerchant } from '../guards/session-guards';
import { requireSelectedDevice, sendStoreManagerToDevices } from '../guards/url-guards';
import { lazyComponent, screenRoute } from './screen-route';
import { salesScreens } from './sales-screens';
import { userAreaRoutes } from './user-area-routes';

const managerLayout = lazyComponent(
  () => import('../layouts/manager-layout'),
  (module) => module.ManagerLayout,
);

/** The manager centre: sign-in and a merchant required, inside the back-office chrome. */
export const managerRoutes: RouteObject[] = [
  {
    element: <RequireMerchant />,
    children: [
      {
        lazy: managerLayout,
        children: [
          { path: '/', loader: () => redirect('/dashboard') },
          screenRoute('/dashboard', 'screen.dashboard', {
            loader: sendStoreManagerToDevices,
            lazy: salesScreens.dashboard,
          }),
          screenRoute('/dashboard/revenue-statistics', 'screen.revenueStatistics', { lazy: salesScreens.statistics }),
          screenRoute('/dashboard/transaction-record', 'screen.transactionRecord', { lazy: salesScreens.records }),
          screenRoute('/cashbox', 'screen.cashbox'),
          screenRoute('/vip-card/transaction-record', 'screen.vipCardTransactionRecord'),
          screenRoute('/vip-card/statistics', 'screen.vipCardStatistics'),
          screenRoute('/vip-card/list', 'screen.vipCardList'),
          screenRoute('/vip-card/detail', 'screen.vipCardDetail'),
          screenRoute('/vip-card/settings', 'screen.vipCardSettings'),
          screenRoute('/device', 'screen.deviceList'),
          screenRoute('/device/info', 'screen.deviceInfo', { loader: requireSelectedDevice }),
          screenRoute('/device-log', 'screen.deviceLog'),
          screenRoute('/product', 'screen.productList'),
          screenRoute('/product/info/:productID', 'screen.productInfo'),
          screenRoute('/promotion', 'screen.promotionList'),
          screenRoute('/promotion/create', 'screen.promotionCreate'),
          screenRoute('/promotion/:id', 'screen.promotionDetail'),
          ...userAreaRoutes,
        ],
      },
    ],
  },
];
