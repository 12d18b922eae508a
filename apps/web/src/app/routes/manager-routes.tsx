import { redirect, type RouteObject } from 'react-router';
import { RequireMerchant } from '../guards/session-guards';
import { requireSelectedDevice, requireServiceAgent, sendStoreManagerToDevices } from '../guards/url-guards';
import { lazyComponent, screenRoute } from './screen-route';
import { sharedScreens } from './shared-screens';

// The screens only the manager centre opens; the ones `/app` opens too are in shared-screens.
const screens = {
  ...sharedScreens,
  dashboard: lazyComponent(
    () => import('../../features/dashboard/components/dashboard-screen'),
    (module) => module.DashboardScreen,
  ),
  deviceList: lazyComponent(
    () => import('../../features/devices/components/device-list-screen'),
    (module) => module.DeviceListScreen,
  ),
  deviceLog: lazyComponent(
    () => import('../../features/device-log/components/device-log-screen'),
    (module) => module.DeviceLogScreen,
  ),
  productList: lazyComponent(
    () => import('../../features/products/components/product-list-screen'),
    (module) => module.ProductListScreen,
  ),
  productInfo: lazyComponent(
    () => import('../../features/products/components/product-info-screen'),
    (module) => module.ProductInfoScreen,
  ),
  promotionList: lazyComponent(
    () => import('../../features/promotions/components/promotion-list-screen'),
    (module) => module.PromotionListScreen,
  ),
  promotionCreate: lazyComponent(
    () => import('../../features/promotions/components/promotion-form-screen'),
    (module) => module.PromotionCreateScreen,
  ),
  promotionDetail: lazyComponent(
    () => import('../../features/promotions/components/promotion-detail-screen'),
    (module) => module.PromotionDetailScreen,
  ),
  preferences: lazyComponent(
    () => import('../../features/profile/components/preferences-screen'),
    (module) => module.PreferencesScreen,
  ),
  profile: lazyComponent(
    () => import('../../features/profile/components/profile-screen'),
    (module) => module.ProfileScreen,
  ),
  language: lazyComponent(
    () => import('../../features/language/components/language-screen'),
    (module) => module.LanguageScreen,
  ),
  placeList: lazyComponent(
    () => import('../../features/places/components/place-list-screen'),
    (module) => module.PlaceListScreen,
  ),
  placeCreate: lazyComponent(
    () => import('../../features/places/components/place-create-screen'),
    (module) => module.PlaceCreateScreen,
  ),
  placeDetail: lazyComponent(
    () => import('../../features/places/components/place-detail-screen'),
    (module) => module.PlaceDetailScreen,
  ),
  placeQrStickers: lazyComponent(
    () => import('../../features/places/components/place-qr-stickers-screen'),
    (module) => module.PlaceQrStickersScreen,
  ),
  placeEdit: lazyComponent(
    () => import('../../features/places/components/place-edit-screen'),
    (module) => module.PlaceEditScreen,
  ),
  notification: lazyComponent(
    () => import('../../features/notifications/components/notification-screen'),
    (module) => module.NotificationScreen,
  ),
  auditLog: lazyComponent(
    () => import('../../features/audit/components/audit-log-screen'),
    (module) => module.AuditLogScreen,
  ),
  admin: lazyComponent(
    () => import('../../features/admin/components/admin-screen'),
    (module) => module.AdminScreen,
  ),
};

const managerLayout = lazyComponent(
  () => import('../layouts/manager-layout'),
  (module) => module.ManagerLayout,
);

/** The manager centre and its `/user` area: sign-in and a merchant required, inside the back-office chrome. */
export const managerRoutes: RouteObject[] = [
  {
    element: <RequireMerchant />,
    children: [
      {
        lazy: managerLayout,
        children: [
          { path: '/', loader: () => redirect('/dashboard') },
          screenRoute('/dashboard', 'screen.dashboard', { loader: sendStoreManagerToDevices, lazy: screens.dashboard }),
          screenRoute('/dashboard/revenue-statistics', 'screen.revenueStatistics', {
            lazy: screens.revenueStatistics,
          }),
          screenRoute('/dashboard/transaction-record', 'screen.transactionRecord', { lazy: screens.transactionRecord }),
          screenRoute('/cashbox', 'screen.cashbox', { lazy: screens.cashbox }),
          screenRoute('/vip-card/transaction-record', 'screen.vipCardTransactionRecord', {
            lazy: screens.vipCardRecord,
          }),
          screenRoute('/vip-card/statistics', 'screen.vipCardStatistics', { lazy: screens.vipCardStatistics }),
          screenRoute('/vip-card/list', 'screen.vipCardList', { lazy: screens.vipCardList }),
          screenRoute('/vip-card/detail', 'screen.vipCardDetail', { lazy: screens.vipCardDetail }),
          screenRoute('/vip-card/settings', 'screen.vipCardSettings', { lazy: screens.vipCardSettings }),
          screenRoute('/device', 'screen.deviceList', { lazy: screens.deviceList }),
          screenRoute('/device/info', 'screen.deviceInfo', { loader: requireSelectedDevice, lazy: screens.deviceInfo }),
          screenRoute('/device-log', 'screen.deviceLog', { lazy: screens.deviceLog }),
          screenRoute('/product', 'screen.productList', { lazy: screens.productList }),
          screenRoute('/product/info/:productID', 'screen.productInfo', { lazy: screens.productInfo }),
          screenRoute('/promotion', 'screen.promotionList', { lazy: screens.promotionList }),
          screenRoute('/promotion/create', 'screen.promotionCreate', { lazy: screens.promotionCreate }),
          screenRoute('/promotion/:id', 'screen.promotionDetail', { lazy: screens.promotionDetail }),

          // `/user`: the merchant's own settings, staff, places and wallet (spec section 2).
          screenRoute('/user', 'screen.preferences', { lazy: screens.preferences }),
          screenRoute('/user/notification', 'screen.notification', { lazy: screens.notification }),
          screenRoute('/user/member', 'screen.memberList', { lazy: screens.memberList }),
          screenRoute('/user/member/invite', 'screen.memberInvite', { lazy: screens.memberInvite }),
          screenRoute('/user/member/invite-link', 'screen.memberInviteLink', { lazy: screens.inviteLink }),
          screenRoute('/user/member/:memberID', 'screen.memberDetail', { lazy: screens.memberDetail }),
          screenRoute('/user/profile', 'screen.profile', { lazy: screens.profile }),
          screenRoute('/user/wallet/withdraw', 'screen.walletWithdraw', { lazy: screens.walletWithdraw }),
          screenRoute('/user/wallet/bankbook', 'screen.bankbookList', { lazy: screens.bankbookList }),
          screenRoute('/user/wallet/bankbook/create', 'screen.bankbookCreate', { lazy: screens.bankbookCreate }),
          screenRoute('/user/wallet/bankbook/:bankbookID', 'screen.bankbookDetail', { lazy: screens.bankbookDetail }),
          screenRoute('/user/wallet/bankbook/:bankbookID/edit', 'screen.bankbookEdit', {
            lazy: screens.bankbookEdit,
          }),
          screenRoute('/user/wallet/withdraw-record', 'screen.withdrawRecord', { lazy: screens.withdrawRecord }),
          screenRoute('/user/place', 'screen.placeList', { lazy: screens.placeList }),
          screenRoute('/user/place/create', 'screen.placeCreate', { lazy: screens.placeCreate }),
          screenRoute('/user/place/detail', 'screen.placeDetail', { lazy: screens.placeDetail }),
          screenRoute('/user/place/edit', 'screen.placeEdit', { lazy: screens.placeEdit }),
          screenRoute('/user/place/qr-stickers', 'screen.placeQrStickers', { lazy: screens.placeQrStickers }),
          screenRoute('/user/merchant', 'screen.merchantInfo', { lazy: screens.merchantInfo }),
          screenRoute('/user/merchant/edit', 'screen.merchantEdit', { lazy: screens.merchantEdit }),
          screenRoute('/user/payment', 'screen.payment', { lazy: screens.payment }),
          screenRoute('/user/audit', 'screen.auditLog', { lazy: screens.auditLog }),
          { path: '/user/location', handle: { titleKey: 'screen.language' }, lazy: screens.language },
          screenRoute('/user/app', 'screen.releaseLog'),

          screenRoute('/admin', 'admin.title', { loader: requireServiceAgent, lazy: screens.admin }),
        ],
      },
    ],
  },
];
