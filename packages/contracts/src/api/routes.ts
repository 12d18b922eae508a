import type { Access } from './access';
import type { Permission } from '../permissions';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Where an endpoint lives and who may call it: the part of a contract the browser needs at run time. */
export type ApiRoute = {
  readonly operationId: string;
  readonly method: HttpMethod;
  /** Relative to `/api/v1`, with `:name` path parameters. */
  readonly path: `/${string}`;
  readonly access: Access;
};

const login = { token: 'login' } as const;
const open = { token: 'public' } as const;
const merchant = <const P extends Permission>(permission: P) => ({ token: 'merchant', permission }) as const;
const agent = <const P extends Permission>(permission: P) =>
  ({ token: 'merchant', permission, rootOnly: true }) as const;

/**
 * Every endpoint of `/api/v1` by operation id: method, path and access rule, declared once.
 * The schemas of each (params, query, body, result, refusal codes) are in `./endpoints/*`; the api
 * registers its routes from both, and the web calls `callApi(apiRoutes.x, ...)`, typed from both.
 * This file holds no schemas, so the web's first screen does not load them.
 */
const routeTable = {
  // sign-in and the user
  ssoAuthorize: { method: 'GET', path: '/sso/authorize', access: open },
  ssoCallback: { method: 'GET', path: '/sso/callback', access: open },
  ssoReplacement: { method: 'GET', path: '/sso/replacement', access: open },
  userMe: { method: 'GET', path: '/user/me', access: login },
  userLogout: { method: 'POST', path: '/user/logout', access: login },
  profileGet: { method: 'GET', path: '/user/profile', access: login },
  profileUpdate: { method: 'PUT', path: '/user/profile', access: login },
  profileAvatarUpload: { method: 'PUT', path: '/user/profile/avatar', access: login },
  avatarImage: { method: 'GET', path: '/avatars/:key', access: open },
  // merchants
  merchantList: { method: 'GET', path: '/merchant/list', access: login },
  merchantLogin: { method: 'GET', path: '/merchant/:id/login', access: login },
  merchantProfile: { method: 'GET', path: '/merchant/profile', access: merchant('merchant.read') },
  merchantInfo: { method: 'GET', path: '/merchant/info', access: merchant('merchant.read') },
  merchantInfoUpdate: { method: 'PUT', path: '/merchant/info', access: merchant('merchant.update') },
  auditList: { method: 'GET', path: '/audit/list', access: merchant('audit.read') },
  // members (staff) and their invitations
  memberList: { method: 'GET', path: '/member/list', access: merchant('member.read') },
  memberDetail: { method: 'GET', path: '/member/:memberID', access: merchant('member.read') },
  memberUpdate: { method: 'PUT', path: '/member/:memberID', access: merchant('member.manage') },
  memberSuspend: { method: 'POST', path: '/member/:memberID/suspend', access: merchant('member.manage') },
  memberReinstate: { method: 'POST', path: '/member/:memberID/reinstate', access: merchant('member.manage') },
  memberRemove: { method: 'DELETE', path: '/member/:memberID', access: merchant('member.manage') },
  memberInvite: { method: 'POST', path: '/member/invite', access: merchant('member.manage') },
  invitationGet: { method: 'GET', path: '/invitation/:code', access: login },
  invitationAccept: { method: 'POST', path: '/invitation/:code/accept', access: login },
  // places, payment options, products
  placeList: { method: 'GET', path: '/place/list', access: merchant('place.read') },
  placeCreate: { method: 'POST', path: '/place', access: merchant('place.manage') },
  placeDetail: { method: 'GET', path: '/place/:id', access: merchant('place.read') },
  placeUpdate: { method: 'PUT', path: '/place/:id', access: merchant('place.manage') },
  placeDelete: { method: 'DELETE', path: '/place/:id', access: merchant('place.manage') },
  placeQrStickers: { method: 'GET', path: '/place/:id/qr-stickers', access: merchant('device.read') },
  placePublicPage: { method: 'GET', path: '/place/:id/public-page', access: merchant('place.read') },
  placePublicPageUpdate: { method: 'PUT', path: '/place/:id/public-page', access: merchant('place.manage') },
  paymentOptionList: { method: 'GET', path: '/payment/options', access: merchant('payment.read') },
  paymentOptionUpdate: { method: 'PUT', path: '/payment/options/:placeId', access: merchant('payment.update') },
  adminMobilePaymentUpdate: {
    method: 'PUT',
    path: '/admin/merchant/mobile-payment',
    access: agent('merchant.update'),
  },
  adminPaymentCredentialsGet: {
    method: 'GET',
    path: '/admin/merchant/payment-credentials/:provider',
    access: agent('merchant.update'),
  },
  adminPaymentCredentialsUpdate: {
    method: 'PUT',
    path: '/admin/merchant/payment-credentials/:provider',
    access: agent('merchant.update'),
  },
  // online payments: the built-in sandbox provider's approve / decline page
  sandboxPaymentPage: { method: 'GET', path: '/pay/sandbox/:paymentId', access: open },
  sandboxPaymentDecide: { method: 'POST', path: '/pay/sandbox/:paymentId', access: open },
  productList: { method: 'GET', path: '/product/list', access: merchant('product.read') },
  productDetail: { method: 'GET', path: '/product/:id', access: merchant('product.read') },
  productCreate: { method: 'POST', path: '/product', access: merchant('product.manage') },
  productUpdate: { method: 'PUT', path: '/product/:id', access: merchant('product.manage') },
  productDelete: { method: 'DELETE', path: '/product/:id', access: merchant('product.manage') },
  // machines
  deviceList: { method: 'GET', path: '/device-cloud/list', access: merchant('device.read') },
  deviceInfo: { method: 'GET', path: '/device-cloud/:id/info', access: merchant('device.read') },
  deviceUpdate: { method: 'PUT', path: '/device-cloud/:id', access: merchant('device.update') },
  deviceEvents: {
    method: 'GET',
    path: '/device/events',
    access: { token: 'merchant', permission: 'device.read', queryToken: true },
  },
  deviceRemote: { method: 'POST', path: '/device-cloud/:id/remote', access: merchant('device.remote') },
  commandBatchPreview: { method: 'POST', path: '/device-commands/preview', access: merchant('device.remote') },
  commandBatchCreate: { method: 'POST', path: '/device-commands', access: merchant('device.remote') },
  commandBatchGet: { method: 'GET', path: '/device-commands/:batchId', access: merchant('device.remote') },
  coinDispenserRefill: { method: 'POST', path: '/device-cloud/:id/coin-dispenser', access: merchant('device.remote') },
  coinDispenserCapacity: {
    method: 'PUT',
    path: '/device-cloud/:id/coin-dispenser/total-amount',
    access: merchant('device.update'),
  },
  banknoteReset: { method: 'POST', path: '/device-cloud/:id/banknote-reset', access: merchant('device.remote') },
  deviceTestMode: { method: 'PUT', path: '/admin/device-cloud/:id/test', access: merchant('device.update') },
  abConfigGet: { method: 'GET', path: '/admin/ab/:id/config', access: merchant('device.read') },
  abConfigUpdate: { method: 'PUT', path: '/admin/ab/:id/config', access: merchant('device.update') },
  deviceLogList: { method: 'GET', path: '/device-log/list', access: merchant('device.read') },
  hardwareLookup: { method: 'GET', path: '/device/hardware/:hwid', access: login },
  bindableDeviceList: { method: 'GET', path: '/device-cloud/bindable-list', access: merchant('device.bind') },
  deviceBind: { method: 'POST', path: '/device-cloud/:id/binding', access: merchant('device.bind') },
  adminHardwareRegister: { method: 'POST', path: '/admin/hardware', access: agent('device.bind') },
  adminHardwareList: { method: 'GET', path: '/admin/hardware', access: agent('device.bind') },
  adminHardwareSecret: { method: 'POST', path: '/admin/hardware/:hwid/secret', access: agent('device.bind') },
  adminCloudDeviceCreate: { method: 'POST', path: '/admin/device-cloud', access: agent('device.bind') },
  // money
  dashboardOverview: { method: 'GET', path: '/dashboard/overview', access: merchant('dashboard.read') },
  revenueStatistics: { method: 'GET', path: '/revenue/statistics', access: merchant('revenue.read') },
  transactionList: { method: 'GET', path: '/transaction/list', access: merchant('transaction.read') },
  transactionExport: { method: 'GET', path: '/transaction/export', access: merchant('transaction.read') },
  transactionRefund: { method: 'POST', path: '/transaction/:id/refund', access: merchant('transaction.refund') },
  transactionDetail: { method: 'GET', path: '/transaction/:id', access: merchant('transaction.read') },
  walletSummary: { method: 'GET', path: '/wallet/summary', access: merchant('wallet.read') },
  walletWithdraw: { method: 'POST', path: '/wallet/withdraw', access: merchant('wallet.withdraw') },
  withdrawRecordList: { method: 'GET', path: '/wallet/withdraw-record/list', access: merchant('wallet.read') },
  withdrawRecordDetail: { method: 'GET', path: '/wallet/withdraw-record/:id', access: merchant('wallet.read') },
  withdrawRecordTransactions: {
    method: 'GET',
    path: '/wallet/withdraw-record/:id/transactions',
    access: merchant('wallet.read'),
  },
  bankAccountList: { method: 'GET', path: '/bankbook/list', access: merchant('wallet.read') },
  bankAccountCreate: { method: 'POST', path: '/bankbook', access: merchant('bankbook.manage') },
  bankAccountDetail: { method: 'GET', path: '/bankbook/:id', access: merchant('wallet.read') },
  bankAccountUpdate: { method: 'PUT', path: '/bankbook/:id', access: merchant('bankbook.manage') },
  adminBankAccountList: { method: 'GET', path: '/admin/bankbook', access: agent('wallet.read') },
  adminBankAccountVerify: {
    method: 'PUT',
    path: '/admin/bankbook/:id/verification',
    access: agent('wallet.read'),
  },
  cashboxTripList: { method: 'GET', path: '/cashbox/trip/list', access: merchant('cashbox.read') },
  cashboxTripStart: { method: 'POST', path: '/cashbox/trip', access: merchant('cashbox.manage') },
  cashboxTripDetail: { method: 'GET', path: '/cashbox/trip/:id', access: merchant('cashbox.read') },
  cashboxTripCount: { method: 'PUT', path: '/cashbox/trip/:id/device/:deviceId', access: merchant('cashbox.manage') },
  cashboxTripSettle: { method: 'POST', path: '/cashbox/trip/:id/settle', access: merchant('cashbox.manage') },
  cashboxTripDrop: { method: 'DELETE', path: '/cashbox/trip/:id', access: merchant('cashbox.manage') },
  // member (VIP) cards and the OK card: one card ledger (docs/cards.md)
  vipCardList: { method: 'GET', path: '/vip-card/list', access: merchant('vipCard.read') },
  vipCardCreate: { method: 'POST', path: '/vip-card', access: merchant('vipCard.manage') },
  vipCardRecordList: { method: 'GET', path: '/vip-card/record/list', access: merchant('vipCard.read') },
  vipCardRecordExport: { method: 'GET', path: '/vip-card/record/export', access: merchant('vipCard.read') },
  vipCardStatistics: { method: 'GET', path: '/vip-card/statistics', access: merchant('vipCard.read') },
  vipCardSettingsGet: { method: 'GET', path: '/vip-card/settings', access: merchant('vipCard.read') },
  vipCardSettingsUpdate: { method: 'PUT', path: '/vip-card/settings', access: merchant('vipCard.settings') },
  vipCardDetail: { method: 'GET', path: '/vip-card/:id', access: merchant('vipCard.read') },
  vipCardStatus: { method: 'PUT', path: '/vip-card/:id/status', access: merchant('vipCard.manage') },
  vipCardTopUp: { method: 'POST', path: '/vip-card/:id/top-up', access: merchant('vipCard.adjust') },
  vipCardAdjust: { method: 'POST', path: '/vip-card/:id/adjust', access: merchant('vipCard.adjust') },
  okcardIssued: { method: 'GET', path: '/okcard/issued', access: merchant('vipCard.read') },
  okcardRevenue: { method: 'GET', path: '/okcard/revenue', access: merchant('vipCard.read') },
  okcardList: { method: 'GET', path: '/okcard/list', access: merchant('vipCard.read') },
  okcardDetail: { method: 'GET', path: '/okcard/detail', access: merchant('vipCard.read') },
  okcardAdjustBalance: { method: 'POST', path: '/okcard/adjust-balance', access: merchant('vipCard.adjust') },
  okcardMachineState: { method: 'GET', path: '/okcard/machine-state', access: merchant('vipCard.read') },
  // promotions: happy hours, spending bonuses, top-up rewards (docs/promotions.md)
  promotionList: { method: 'GET', path: '/promotion/list', access: merchant('promotion.read') },
  promotionCreate: { method: 'POST', path: '/promotion', access: merchant('promotion.manage') },
  promotionTemplateList: { method: 'GET', path: '/promotion-template/list', access: merchant('promotion.read') },
  promotionTemplateCreate: { method: 'POST', path: '/promotion-template', access: merchant('promotion.manage') },
  promotionTemplateDetail: { method: 'GET', path: '/promotion-template/:id', access: merchant('promotion.read') },
  promotionTemplateDelete: { method: 'DELETE', path: '/promotion-template/:id', access: merchant('promotion.manage') },
  promotionDetail: { method: 'GET', path: '/promotion/:id', access: merchant('promotion.read') },
  promotionUpdate: { method: 'PUT', path: '/promotion/:id', access: merchant('promotion.manage') },
  promotionStop: { method: 'POST', path: '/promotion/:id/stop', access: merchant('promotion.manage') },
  promotionBindingGet: { method: 'GET', path: '/promotion/:id/binding', access: merchant('promotion.read') },
  promotionBindingUpdate: { method: 'PUT', path: '/promotion/:id/binding', access: merchant('promotion.manage') },
  promotionEffect: { method: 'GET', path: '/promotion/:id/effect', access: merchant('promotion.read') },
  // notifications and alerts (docs/notifications.md)
  notificationList: { method: 'GET', path: '/notification/list', access: merchant('notification.read') },
  notificationUnread: { method: 'GET', path: '/notification/unread-count', access: merchant('notification.read') },
  notificationReadAll: { method: 'POST', path: '/notification/read-all', access: merchant('notification.read') },
  // EventSource cannot send headers: the merchant token may come as `?token=`.
  notificationEvents: {
    method: 'GET',
    path: '/notification/events',
    access: { token: 'merchant', permission: 'notification.read', queryToken: true },
  },
  notificationSettingsGet: { method: 'GET', path: '/notification/settings', access: merchant('notification.manage') },
  notificationSettingsUpdate: {
    method: 'PUT',
    path: '/notification/settings',
    access: merchant('notification.manage'),
  },
  notificationThresholdsGet: { method: 'GET', path: '/notification/thresholds', access: merchant('notification.read') },
  notificationThresholdsUpdate: {
    method: 'PUT',
    path: '/notification/thresholds',
    access: merchant('notification.thresholds'),
  },
  notificationRead: { method: 'POST', path: '/notification/:id/read', access: merchant('notification.read') },
  notificationTest: { method: 'POST', path: '/notification/test', access: merchant('notification.manage') },
  notificationPushKey: { method: 'GET', path: '/notification/push/key', access: merchant('notification.manage') },
  notificationPushSubscribe: {
    method: 'POST',
    path: '/notification/push/subscription',
    access: merchant('notification.manage'),
  },
  notificationPushUnsubscribe: {
    method: 'POST',
    path: '/notification/push/unsubscribe',
    access: merchant('notification.manage'),
  },
  notificationLineLinkCode: {
    method: 'POST',
    path: '/notification/line/link-code',
    access: merchant('notification.manage'),
  },
  notificationLineUnlink: {
    method: 'DELETE',
    path: '/notification/line/link',
    access: merchant('notification.manage'),
  },
  // LINE's platform calls it; the signature of the body (channel secret) is the check
  notificationLineWebhook: { method: 'POST', path: '/notification/line/webhook', access: open },
  // a consumer's card at checkout: open a virtual card (SMS code), top up through a gateway
  cardOffer: { method: 'GET', path: '/checkout/card/offer', access: open },
  cardSmsCode: { method: 'POST', path: '/checkout/card/sms-code', access: open },
  virtualCardOpen: { method: 'POST', path: '/checkout/card/open', access: open },
  cardTopUpCreate: { method: 'POST', path: '/checkout/card/top-up', access: open },
  cardTopUpGet: { method: 'GET', path: '/checkout/card/top-up/:orderId', access: open },
  cardTopUpReturn: { method: 'GET', path: '/checkout/card/top-up/:orderId/return', access: open },
  // the consumer's checkout at a machine
  checkoutMachine: { method: 'GET', path: '/checkout/machine', access: open },
  checkoutOrderCreate: { method: 'POST', path: '/checkout/order', access: open },
  checkoutOrderGet: { method: 'GET', path: '/checkout/order/:orderId', access: open },
  checkoutReturn: { method: 'GET', path: '/checkout/order/:orderId/return', access: open },
  // a place's public status page (`/p/<key>`): anyone with the link, while its owner has it on
  placePage: { method: 'GET', path: '/place-page/:key', access: open },
  placePageStream: { method: 'GET', path: '/place-page/:key/stream', access: open },
  placePageDoneAlert: { method: 'POST', path: '/place-page/:key/machine/:deviceId/done-alert', access: open },
  // checkout links
  checkoutLinks: { method: 'GET', path: '/checkout/links', access: open },
} as const satisfies Record<string, Omit<ApiRoute, 'operationId'>>;

type RouteTable = typeof routeTable;
export type OperationId = keyof RouteTable;
type ApiRoutes = { readonly [K in OperationId]: RouteTable[K] & { readonly operationId: K } };

export const apiRoutes = Object.fromEntries(
  Object.entries(routeTable).map(([operationId, route]) => [operationId, { operationId, ...route }]),
) as ApiRoutes;
