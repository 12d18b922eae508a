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
            permission: 'revenue.read',
            lazy: screens.revenueStatistics,
          }),
          screenRoute('/app/dashboard/transaction-record', 'screen.transactionRecord', {
            permission: 'transaction.read',
            lazy: screens.transactionRecord,
          }),
          screenRoute('/app/cashbox', 'screen.cashbox', { permission: 'cashbox.read', lazy: screens.cashbox }),
          screenRoute('/app/vip-card/transaction-record', 'screen.vipCardTransactionRecord', {
            permission: 'vipCard.read',
            lazy: screens.vipCardRecord,
          }),
          screenRoute('/app/vip-card/statistics', 'screen.vipCardStatistics', {
            permission: 'vipCard.read',
            lazy: screens.vipCardStatistics,
          }),
          screenRoute('/app/vip-card/list', 'screen.vipCardList', {
            permission: 'vipCard.read',
            lazy: screens.vipCardList,
          }),
          screenRoute('/app/vip-card/detail', 'screen.vipCardDetail', {
            permission: 'vipCard.read',
            lazy: screens.vipCardDetail,
          }),
          screenRoute('/app/vip-card/settings', 'screen.vipCardSettings', {
            permission: 'vipCard.read',
            lazy: screens.vipCardSettings,
          }),
          screenRoute('/app/device/info/:id', 'screen.deviceInfo', {
            permission: 'device.read',
            lazy: screens.deviceInfo,
          }),
          screenRoute('/app/product/info/:productID', 'screen.productInfo', {
            permission: 'product.read',
            lazy: screens.productInfo,
          }),
          screenRoute('/app/member/list', 'screen.memberList', { permission: 'member.read', lazy: screens.memberList }),
          screenRoute('/app/member/invite', 'screen.memberInvite', {
            permission: 'member.manage',
            lazy: screens.memberInvite,
          }),
          screenRoute('/app/member/invite-link', 'screen.memberInviteLink', {
            permission: 'member.manage',
            lazy: screens.inviteLink,
          }),
          screenRoute('/app/member/:memberID', 'screen.memberDetail', {
            permission: 'member.read',
            lazy: screens.memberDetail,
          }),
          screenRoute('/app/merchant/info', 'screen.merchantInfo', {
            permission: 'merchant.read',
            lazy: screens.merchantInfo,
          }),
          screenRoute('/app/merchant/edit', 'screen.merchantEdit', {
            permission: 'merchant.update',
            lazy: screens.merchantEdit,
          }),
          screenRoute('/app/merchant/payment', 'screen.payment', { permission: 'payment.read', lazy: screens.payment }),
          screenRoute('/app/wallet/withdraw', 'screen.walletWithdraw', {
            permission: 'wallet.read',
            lazy: screens.walletWithdraw,
          }),
          screenRoute('/app/wallet/bankbook', 'screen.bankbookList', {
            permission: 'wallet.read',
            lazy: screens.bankbookList,
          }),
          screenRoute('/app/wallet/bankbook/create', 'screen.bankbookCreate', {
            permission: 'bankbook.manage',
            lazy: screens.bankbookCreate,
          }),
          screenRoute('/app/wallet/bankbook/:bankbookID', 'screen.bankbookDetail', {
            permission: 'wallet.read',
            lazy: screens.bankbookDetail,
          }),
          screenRoute('/app/wallet/bankbook/:bankbookID/edit', 'screen.bankbookEdit', {
            permission: 'bankbook.manage',
            lazy: screens.bankbookEdit,
          }),
          screenRoute('/app/wallet/withdraw-record', 'screen.withdrawRecord', {
            permission: 'wallet.read',
            lazy: screens.withdrawRecord,
          }),
        ],
      },
    ],
  },
];
