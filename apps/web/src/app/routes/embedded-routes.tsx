import type { RouteObject } from 'react-router';
import { RequireMerchant } from '../guards/session-guards';
import { redirectAppTarget } from '../guards/url-guards';
import { lazyComponent, screenRoute } from './screen-route';
import { sharedScreens as screens } from './shared-screens';

// Every screen of this area is one the manager centre opens too: see shared-screens.
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
            lazy: screens.revenueStatistics,
          }),
          screenRoute('/app/dashboard/transaction-record', 'screen.transactionRecord', {
            lazy: screens.transactionRecord,
          }),
          screenRoute('/app/cashbox', 'screen.cashbox', { lazy: screens.cashbox }),
          screenRoute('/app/vip-card/transaction-record', 'screen.vipCardTransactionRecord', {
            lazy: screens.vipCardRecord,
          }),
          screenRoute('/app/vip-card/statistics', 'screen.vipCardStatistics', { lazy: screens.vipCardStatistics }),
          screenRoute('/app/vip-card/list', 'screen.vipCardList', { lazy: screens.vipCardList }),
          screenRoute('/app/vip-card/detail', 'screen.vipCardDetail', { lazy: screens.vipCardDetail }),
          screenRoute('/app/vip-card/settings', 'screen.vipCardSettings', { lazy: screens.vipCardSettings }),
          screenRoute('/app/device/info/:id', 'screen.deviceInfo', { lazy: screens.deviceInfo }),
          screenRoute('/app/product/info/:productID', 'screen.productInfo'),
          screenRoute('/app/member/list', 'screen.memberList', { lazy: screens.memberList }),
          screenRoute('/app/member/invite', 'screen.memberInvite', { lazy: screens.memberInvite }),
          screenRoute('/app/member/invite-link', 'screen.memberInviteLink', { lazy: screens.inviteLink }),
          screenRoute('/app/member/:memberID', 'screen.memberDetail', { lazy: screens.memberDetail }),
          screenRoute('/app/merchant/info', 'screen.merchantInfo', { lazy: screens.merchantInfo }),
          screenRoute('/app/merchant/edit', 'screen.merchantEdit', { lazy: screens.merchantEdit }),
          screenRoute('/app/merchant/payment', 'screen.payment', { lazy: screens.payment }),
          screenRoute('/app/wallet/withdraw', 'screen.walletWithdraw', { lazy: screens.walletWithdraw }),
          screenRoute('/app/wallet/bankbook', 'screen.bankbookList', { lazy: screens.bankbookList }),
          screenRoute('/app/wallet/bankbook/create', 'screen.bankbookCreate', { lazy: screens.bankbookCreate }),
          screenRoute('/app/wallet/bankbook/:bankbookID', 'screen.bankbookDetail', { lazy: screens.bankbookDetail }),
          screenRoute('/app/wallet/bankbook/:bankbookID/edit', 'screen.bankbookEdit', {
            lazy: screens.bankbookEdit,
          }),
          screenRoute('/app/wallet/withdraw-record', 'screen.withdrawRecord', { lazy: screens.withdrawRecord }),
        ],
      },
    ],
  },
];
