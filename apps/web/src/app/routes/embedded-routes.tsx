import type { RouteObject } from 'react-router';
import { RequireMerchant } from '../guards/session-guards';
import { redirectAppTarget } from '../guards/url-guards';
import { salesScreens } from './sales-screens';
import { lazyComponent, screenRoute } from './screen-route';

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
          screenRoute('/app/cashbox', 'screen.cashbox'),
          screenRoute('/app/vip-card/transaction-record', 'screen.vipCardTransactionRecord'),
          screenRoute('/app/vip-card/statistics', 'screen.vipCardStatistics'),
          screenRoute('/app/vip-card/list', 'screen.vipCardList'),
          screenRoute('/app/vip-card/detail', 'screen.vipCardDetail'),
          screenRoute('/app/vip-card/settings', 'screen.vipCardSettings'),
          screenRoute('/app/device/info/:id', 'screen.deviceInfo'),
          screenRoute('/app/product/info/:productID', 'screen.productInfo'),
          screenRoute('/app/member/list', 'screen.memberList'),
          screenRoute('/app/member/invite', 'screen.memberInvite'),
          screenRoute('/app/member/invite-link', 'screen.memberInviteLink'),
          screenRoute('/app/member/:memberID', 'screen.memberDetail'),
          screenRoute('/app/merchant/info', 'screen.merchantInfo'),
          screenRoute('/app/merchant/edit', 'screen.merchantEdit'),
          screenRoute('/app/merchant/payment', 'screen.payment'),
          screenRoute('/app/wallet/withdraw', 'screen.walletWithdraw'),
          screenRoute('/app/wallet/bankbook', 'screen.bankbookList'),
          screenRoute('/app/wallet/bankbook/create', 'screen.bankbookCreate'),
          screenRoute('/app/wallet/bankbook/:bankbookID', 'screen.bankbookDetail'),
          screenRoute('/app/wallet/bankbook/:bankbookID/edit', 'screen.bankbookEdit'),
          screenRoute('/app/wallet/withdraw-record', 'screen.withdrawRecord'),
        ],
      },
    ],
  },
];
