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
    () => import('../../features/device/components/device-list-screen'),
    (module) => module.DeviceListScreen,
  ),
  deviceLog: lazyComponent(
    () => import('../../features/device-log/components/device-log-screen'),
    (module) => module.DeviceLogScreen,
  ),
  productList: lazyComponent(
    () => import('../../features/product/components/product-list-screen'),
    (module) => module.ProductListScreen,
  ),
  promotionList: lazyComponent(
    () => import('../../features/promotion/components/promotion-list-screen'),
    (module) => module.PromotionListScreen,
  ),
  promotionCreate: lazyComponent(
    () => import('../../features/promotion/components/promotion-form-screen'),
    (module) => module.PromotionCreateScreen,
  ),
  promotionDetail: lazyComponent(
    () => import('../../features/promotion/components/promotion-detail-screen'),
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
    () => import('../../features/place/components/place-list-screen'),
    (module) => module.PlaceListScreen,
  ),
  placeCreate: lazyComponent(
    () => import('../../features/place/components/place-create-screen'),
    (module) => module.PlaceCreateScreen,
  ),
  placeDetail: lazyComponent(
    () => import('../../features/place/components/place-detail-screen'),
    (module) => module.PlaceDetailScreen,
  ),
  placeQrStickers: lazyComponent(
    () => import('../../features/place/components/place-qr-stickers-screen'),
    (module) => module.PlaceQrStickersScreen,
  ),
  placeEdit: lazyComponent(
    () => import('../../features/place/components/place-edit-screen'),
    (module) => module.PlaceEditScreen,
  ),
  notification: lazyComponent(
    () => import('../../features/notification/components/notification-screen'),
    (module) => module.NotificationScreen,
  ),
  auditLog: lazyComponent(
    () => import('../../features/audit/components/audit-log-screen'),
    (module) => module.AuditLogScreen,
  ),
  releaseLog: lazyComponent(
    () => import('../../features/release-log/components/release-log-screen'),
    (module) => module.ReleaseLogScreen,
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
          screenRoute('/dashboard', 'screen.dashboard', {
            permission: 'dashboard.read',
            loader: sendStoreManagerToDevices,
            lazy: screens.dashboard,
          }),
          screenRoute('/dashboard/revenue-statistics', 'screen.revenueStatistics', {
            permission: 'revenue.read',
            lazy: screens.revenueStatistics,
          }),
          screenRoute('/dashboard/transaction-record', 'screen.transactionRecord', {
            permission: 'transaction.read',
            lazy: screens.transactionRecord,
          }),
          screenRoute('/cashbox', 'screen.cashbox', { permission: 'cashbox.read', lazy: screens.cashbox }),
          screenRoute('/vip-card/transaction-record', 'screen.vipCardTransactionRecord', {
            permission: 'vipCard.read',
            lazy: screens.vipCardRecord,
          }),
          screenRoute('/vip-card/statistics', 'screen.vipCardStatistics', {
            permission: 'vipCard.read',
            lazy: screens.vipCardStatistics,
          }),
          screenRoute('/vip-card/list', 'screen.vipCardList', {
            permission: 'vipCard.read',
            lazy: screens.vipCardList,
          }),
          screenRoute('/vip-card/detail', 'screen.vipCardDetail', {
            permission: 'vipCard.read',
            lazy: screens.vipCardDetail,
          }),
          screenRoute('/vip-card/settings', 'screen.vipCardSettings', {
            permission: 'vipCard.read',
            lazy: screens.vipCardSettings,
          }),
          screenRoute('/device', 'screen.deviceList', { permission: 'device.read', lazy: screens.deviceList }),
          screenRoute('/device/info', 'screen.deviceInfo', {
            permission: 'device.read',
            loader: requireSelectedDevice,
            lazy: screens.deviceInfo,
          }),
          screenRoute('/device-log', 'screen.deviceLog', { permission: 'device.read', lazy: screens.deviceLog }),
          screenRoute('/product', 'screen.productList', { permission: 'product.read', lazy: screens.productList }),
          screenRoute('/product/info/:productID', 'screen.productInfo', {
            permission: 'product.read',
            lazy: screens.productInfo,
          }),
          screenRoute('/promotion', 'screen.promotionList', {
            permission: 'promotion.read',
            lazy: screens.promotionList,
          }),
          screenRoute('/promotion/create', 'screen.promotionCreate', {
            permission: 'promotion.manage',
            lazy: screens.promotionCreate,
          }),
          screenRoute('/promotion/:id', 'screen.promotionDetail', {
            permission: 'promotion.read',
            lazy: screens.promotionDetail,
          }),

          // `/user`: the merchant's own settings, staff, places and wallet (spec section 2).
          screenRoute('/user', 'screen.preferences', { lazy: screens.preferences }),
          screenRoute('/user/notification', 'screen.notification', {
            permission: 'notification.read',
            lazy: screens.notification,
          }),
          screenRoute('/user/member', 'screen.memberList', { permission: 'member.read', lazy: screens.memberList }),
          screenRoute('/user/member/invite', 'screen.memberInvite', {
            permission: 'member.manage',
            lazy: screens.memberInvite,
          }),
          screenRoute('/user/member/invite-link', 'screen.memberInviteLink', {
            permission: 'member.manage',
            lazy: screens.inviteLink,
          }),
          screenRoute('/user/member/:memberID', 'screen.memberDetail', {
            permission: 'member.read',
            lazy: screens.memberDetail,
          }),
          screenRoute('/user/profile', 'screen.profile', { lazy: screens.profile }),
          screenRoute('/user/wallet/withdraw', 'screen.walletWithdraw', {
            permission: 'wallet.read',
            lazy: screens.walletWithdraw,
          }),
          screenRoute('/user/wallet/bankbook', 'screen.bankbookList', {
            permission: 'wallet.read',
            lazy: screens.bankbookList,
          }),
          screenRoute('/user/wallet/bankbook/create', 'screen.bankbookCreate', {
            permission: 'bankbook.manage',
            lazy: screens.bankbookCreate,
          }),
          screenRoute('/user/wallet/bankbook/:bankbookID', 'screen.bankbookDetail', {
            permission: 'wallet.read',
            lazy: screens.bankbookDetail,
          }),
          screenRoute('/user/wallet/bankbook/:bankbookID/edit', 'screen.bankbookEdit', {
            permission: 'bankbook.manage',
            lazy: screens.bankbookEdit,
          }),
          screenRoute('/user/wallet/withdraw-record', 'screen.withdrawRecord', {
            permission: 'wallet.read',
            lazy: screens.withdrawRecord,
          }),
          screenRoute('/user/place', 'screen.placeList', { permission: 'place.read', lazy: screens.placeList }),
          screenRoute('/user/place/create', 'screen.placeCreate', {
            permission: 'place.manage',
            lazy: screens.placeCreate,
          }),
          screenRoute('/user/place/detail', 'screen.placeDetail', {
            permission: 'place.read',
            lazy: screens.placeDetail,
          }),
          screenRoute('/user/place/edit', 'screen.placeEdit', { permission: 'place.manage', lazy: screens.placeEdit }),
          screenRoute('/user/place/qr-stickers', 'screen.placeQrStickers', {
            permission: 'place.read',
            lazy: screens.placeQrStickers,
          }),
          screenRoute('/user/merchant', 'screen.merchantInfo', {
            permission: 'merchant.read',
            lazy: screens.merchantInfo,
          }),
          screenRoute('/user/merchant/edit', 'screen.merchantEdit', {
            permission: 'merchant.update',
            lazy: screens.merchantEdit,
          }),
          screenRoute('/user/payment', 'screen.payment', { permission: 'payment.read', lazy: screens.payment }),
          screenRoute('/user/audit', 'screen.auditLog', { permission: 'audit.read', lazy: screens.auditLog }),
          { path: '/user/location', handle: { titleKey: 'screen.language' }, lazy: screens.language },
          screenRoute('/user/app', 'screen.releaseLog', { lazy: screens.releaseLog }),

          screenRoute('/admin', 'admin.title', { loader: requireServiceAgent, lazy: screens.admin }),
        ],
      },
    ],
  },
];
