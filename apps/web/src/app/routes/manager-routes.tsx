import { redirect, type RouteObject } from 'react-router';
import { RequireMerchant } from '../guards/session-guards';
import { requireSelectedDevice, requireServiceAgent, sendStoreManagerToDevices } from '../guards/url-guards';
import { lazyComponent, screenRoute } from './screen-route';
import { salesScreens } from './sales-screens';
import { userAreaRoutes } from './user-area-routes';
import { cashboxScreen } from './wallet-screens';

const deviceListScreen = lazyComponent(
  () => import('../../features/devices/components/device-list-screen'),
  (module) => module.DeviceListScreen,
);
const deviceInfoScreen = lazyComponent(
  () => import('../../features/devices/components/device-info-screen'),
  (module) => module.DeviceInfoScreen,
);

const managerLayout = lazyComponent(
  () => import('../layouts/manager-layout'),
  (module) => module.ManagerLayout,
);
const productList = lazyComponent(
  () => import('../../features/products/components/product-list-screen'),
  (module) => module.ProductListScreen,
);
const productInfo = lazyComponent(
  () => import('../../features/products/components/product-info-screen'),
  (module) => module.ProductInfoScreen,
);
const deviceLog = lazyComponent(
  () => import('../../features/device-log/components/device-log-screen'),
  (module) => module.DeviceLogScreen,
);
const adminScreen = lazyComponent(
  () => import('../../features/admin/components/admin-screen'),
  (module) => module.AdminScreen,
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
          cashboxScreen('/cashbox'),
          screenRoute('/vip-card/transaction-record', 'screen.vipCardTransactionRecord'),
          screenRoute('/vip-card/statistics', 'screen.vipCardStatistics'),
          screenRoute('/vip-card/list', 'screen.vipCardList'),
          screenRoute('/vip-card/detail', 'screen.vipCardDetail'),
          screenRoute('/vip-card/settings', 'screen.vipCardSettings'),
          screenRoute('/device', 'screen.deviceList', { lazy: deviceListScreen }),
          screenRoute('/device/info', 'screen.deviceInfo', { loader: requireSelectedDevice, lazy: deviceInfoScreen }),
          screenRoute('/device-log', 'screen.deviceLog', { lazy: deviceLog }),
          screenRoute('/product', 'screen.productList', { lazy: productList }),
          screenRoute('/product/info/:productID', 'screen.productInfo', { lazy: productInfo }),
          screenRoute('/promotion', 'screen.promotionList'),
          screenRoute('/promotion/create', 'screen.promotionCreate'),
          screenRoute('/promotion/:id', 'screen.promotionDetail'),
          ...userAreaRoutes,
          screenRoute('/admin', 'admin.title', { loader: requireServiceAgent, lazy: adminScreen }),
        ],
      },
    ],
  },
];
