import type { RouteObject } from 'react-router';
import { RequireMerchant } from '../guards/session-guards';
import { redirectAppTarget } from '../guards/url-guards';
import { cashboxScreen, walletScreens } from './wallet-screens';
import { salesScreens } from './sales-screens';
import { lazyComponent, screenRoute } from './screen-route';
import { staffScreens } from './staff-screens';

const deviceInfoScreen = lazyComponent(
  () => import('../../features/devices/components/device-info-screen'),
  (module) => module.DeviceInfoScreen,
);

const embeddedLayout = lazyComponent(
  () => import('../layouts/embedded-layout'),
  (module) => module.EmbeddedLayout,
);

/** The `/app` area shown inside the merchant's mobile app: the same screens without the chrome. */
export const embeddedRoutes: RouteObject[] = [
  { path: '/app', loader: redirectAppTarget },
  {
    element: <RequireMerchant />,
    children: [
      {
        lazy: embeddedLayout,
        children: [
          screenRoute('/app/dashboard/revenue-statistics', 'screen.revenueStatistics', {
            lazy: salesScreens.statistics,
          }),
          screenRoute('/app/dashboard/transaction-record', 'screen.transactionRecord', { lazy: salesScreens.records }),
          cashboxScreen('/app/cashbox'),
          screenRoute('/app/vip-card/transaction-record', 'screen.vipCardTransactionRecord'),
          screenRoute('/app/vip-card/statistics', 'screen.vipCardStatistics'),
          screenRoute('/app/vip-card/list', 'screen.vipCardList'),
          screenRoute('/app/vip-card/detail', 'screen.vipCardDetail'),
          screenRoute('/app/vip-card/settings', 'screen.vipCardSettings'),
          screenRoute('/app/device/info/:id', 'screen.deviceInfo', { lazy: deviceInfoScreen }),
          screenRoute('/app/product/info/:productID', 'screen.productInfo'),
          screenRoute('/app/member/list', 'screen.memberList', { lazy: staffScreens.memberList }),
          screenRoute('/app/member/invite', 'screen.memberInvite', { lazy: staffScreens.memberInvite }),
          screenRoute('/app/member/invite-link', 'screen.memberInviteLink', { lazy: staffScreens.inviteLink }),
          screenRoute('/app/member/:memberID', 'screen.memberDetail', { lazy: staffScreens.memberDetail }),
          screenRoute('/app/merchant/info', 'screen.merchantInfo', { lazy: staffScreens.merchantInfo }),
          screenRoute('/app/merchant/edit', 'screen.merchantEdit', { lazy: staffScreens.merchantEdit }),
          screenRoute('/app/merchant/payment', 'screen.payment', { lazy: staffScreens.payment }),
          ...walletScreens('/app'),
        ],
      },
    ],
  },
];
