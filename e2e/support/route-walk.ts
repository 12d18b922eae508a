/**
 * Every route of the web app's router (apps/web/src/app/router.tsx) and the address the route walk
 * (e2e/route-walk.test.ts) opens for it. apps/web/test/route-walk-list.test.ts fails when the router has a
 * route this list does not name, so a new screen is walked from the day it is added.
 */

/** Ids of the demo's records (read from the api as the owner), for routes that show one record. */
export type DemoIds = {
  device: number;
  product: number;
  member: number;
  bankbook: number;
  promotion: number;
  vipCard: number;
  okCard: number;
  place: number;
  hwid: string;
};

/** Where a route lives: inside the back-office chrome, the chrome-less `/app`, the OK card area, or before a merchant is picked. */
export type RouteArea = 'manager' | 'app' | 'okCard' | 'signedIn';

export type WalkRole = 'owner' | 'manager' | 'shareholder' | 'storeManager' | 'root';

export type WalkedRoute = {
  area: RouteArea;
  address: (ids: DemoIds) => string;
  /** Only these roles may know the screen exists: anyone else gets not-found, by design. */
  onlyFor?: readonly WalkRole[];
};
/** A route the walk does not open, and why (it leaves the product, or needs no signed-in member). */
export type SkippedRoute = { skip: string };

const manager = (address: WalkedRoute['address']): WalkedRoute => ({ area: 'manager', address });
const app = (address: WalkedRoute['address']): WalkedRoute => ({ area: 'app', address });
const okCard = (address: WalkedRoute['address']): WalkedRoute => ({ area: 'okCard', address });
const fixed = (path: string) => () => path;

const external = 'sends the browser on to an external service page';

export const routeWalk: Record<string, WalkedRoute | SkippedRoute> = {
  '/user-login': { skip: 'the sign-in start: it sends a signed-in user on to the dashboard (e2e/sign-in.test.ts)' },
  '/merchant-login': { skip: 'the merchant pick: entering it ends the picked merchant (e2e/sign-in.test.ts)' },
  '/invite-accept': { area: 'signedIn', address: fixed('/invite-accept?inviteCode=ROUTE-WALK') },
  '/device/binding/:hwid': { area: 'signedIn', address: (ids) => `/device/binding/${ids.hwid}` },

  '/': manager(fixed('/')),
  '/dashboard': manager(fixed('/dashboard')),
  '/dashboard/revenue-statistics': manager(fixed('/dashboard/revenue-statistics')),
  '/dashboard/transaction-record': manager(fixed('/dashboard/transaction-record')),
  '/cashbox': manager(fixed('/cashbox')),
  '/vip-card/transaction-record': manager(fixed('/vip-card/transaction-record')),
  '/vip-card/statistics': manager(fixed('/vip-card/statistics')),
  '/vip-card/list': manager(fixed('/vip-card/list')),
  '/vip-card/detail': manager((ids) => `/vip-card/detail?cardID=${ids.vipCard}`),
  '/vip-card/settings': manager(fixed('/vip-card/settings')),
  '/device': manager(fixed('/device')),
  '/device/info': manager((ids) => `/device/info?id=${ids.device}`),
  '/device-log': manager(fixed('/device-log')),
  '/product': manager(fixed('/product')),
  '/product/info/:productID': manager((ids) => `/product/info/${ids.product}`),
  '/promotion': manager(fixed('/promotion')),
  '/promotion/create': manager(fixed('/promotion/create')),
  '/promotion/:id': manager((ids) => `/promotion/${ids.promotion}`),
  '/user': manager(fixed('/user')),
  '/user/notification': manager(fixed('/user/notification')),
  '/user/member': manager(fixed('/user/member')),
  '/user/member/invite': manager(fixed('/user/member/invite')),
  '/user/member/invite-link': manager(fixed('/user/member/invite-link')),
  '/user/member/:memberID': manager((ids) => `/user/member/${ids.member}`),
  '/user/profile': manager(fixed('/user/profile')),
  '/user/wallet/withdraw': manager(fixed('/user/wallet/withdraw')),
  '/user/wallet/bankbook': manager(fixed('/user/wallet/bankbook')),
  '/user/wallet/bankbook/create': manager(fixed('/user/wallet/bankbook/create')),
  '/user/wallet/bankbook/:bankbookID': manager((ids) => `/user/wallet/bankbook/${ids.bankbook}`),
  '/user/wallet/bankbook/:bankbookID/edit': manager((ids) => `/user/wallet/bankbook/${ids.bankbook}/edit`),
  '/user/wallet/withdraw-record': manager(fixed('/user/wallet/withdraw-record')),
  '/user/place': manager(fixed('/user/place')),
  '/user/place/create': manager(fixed('/user/place/create')),
  '/user/place/detail': manager((ids) => `/user/place/detail?id=${ids.place}`),
  '/user/place/edit': manager((ids) => `/user/place/edit?id=${ids.place}`),
  '/user/place/qr-stickers': manager((ids) => `/user/place/qr-stickers?id=${ids.place}`),
  '/user/merchant': manager(fixed('/user/merchant')),
  '/user/merchant/edit': manager(fixed('/user/merchant/edit')),
  '/user/payment': manager(fixed('/user/payment')),
  '/user/audit': manager(fixed('/user/audit')),
  '/user/location': manager(fixed('/user/location')),
  '/user/app': manager(fixed('/user/app')),
  // The service agents' own screen: to anyone else the address does not exist (not-found).
  '/admin': { ...manager(fixed('/admin')), onlyFor: ['root'] },

  '/app': app((ids) => `/app?target=deviceInfo&id=${ids.device}`),
  '/app/dashboard/revenue-statistics': app(fixed('/app/dashboard/revenue-statistics')),
  '/app/dashboard/transaction-record': app(fixed('/app/dashboard/transaction-record')),
  '/app/cashbox': app(fixed('/app/cashbox')),
  '/app/vip-card/transaction-record': app(fixed('/app/vip-card/transaction-record')),
  '/app/vip-card/statistics': app(fixed('/app/vip-card/statistics')),
  '/app/vip-card/list': app(fixed('/app/vip-card/list')),
  '/app/vip-card/detail': app((ids) => `/app/vip-card/detail?cardID=${ids.vipCard}`),
  '/app/vip-card/settings': app(fixed('/app/vip-card/settings')),
  '/app/device/info/:id': app((ids) => `/app/device/info/${ids.device}`),
  '/app/product/info/:productID': app((ids) => `/app/product/info/${ids.product}`),
  '/app/member/list': app(fixed('/app/member/list')),
  '/app/member/invite': app(fixed('/app/member/invite')),
  '/app/member/invite-link': app(fixed('/app/member/invite-link')),
  '/app/member/:memberID': app((ids) => `/app/member/${ids.member}`),
  '/app/merchant/info': app(fixed('/app/merchant/info')),
  '/app/merchant/edit': app(fixed('/app/merchant/edit')),
  '/app/merchant/payment': app(fixed('/app/merchant/payment')),
  '/app/wallet/withdraw': app(fixed('/app/wallet/withdraw')),
  '/app/wallet/bankbook': app(fixed('/app/wallet/bankbook')),
  '/app/wallet/bankbook/create': app(fixed('/app/wallet/bankbook/create')),
  '/app/wallet/bankbook/:bankbookID': app((ids) => `/app/wallet/bankbook/${ids.bankbook}`),
  '/app/wallet/bankbook/:bankbookID/edit': app((ids) => `/app/wallet/bankbook/${ids.bankbook}/edit`),
  '/app/wallet/withdraw-record': app(fixed('/app/wallet/withdraw-record')),

  '/ok-card': okCard(fixed('/ok-card')),
  '/ok-card/home': okCard(fixed('/ok-card/home')),
  '/ok-card/trade-record': okCard(fixed('/ok-card/trade-record')),
  '/ok-card/statistics': okCard(fixed('/ok-card/statistics')),
  '/ok-card/list': okCard(fixed('/ok-card/list')),
  '/ok-card/detail': okCard((ids) => `/ok-card/detail?cardID=${ids.okCard}`),
  '/ok-card/deposit-setting': okCard(fixed('/ok-card/deposit-setting')),
  '/ok-card/machine-state': okCard(fixed('/ok-card/machine-state')),

  '/fn/place-status': { skip: external },
  '/mb/checkout': { skip: external },
  '/mb/place-status': { skip: external },
  '*': { skip: 'not-found, for any other address (e2e/guards.test.ts)' },
};

/**
 * The screens still being built, which show the honest "on its way" page until they land. Remove each
 * entry when its screen is merged: the walk then fails if the placeholder is still there. Nothing else
 * may show one.
 */
export const placeholderAllowList: readonly string[] = [];
