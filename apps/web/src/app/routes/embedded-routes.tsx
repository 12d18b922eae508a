import type { RouteObject } from 'react-router';
import { RequireMerchant } from '../guards/session-guards';
import { redirectAppTarget } from '../guards/url-guards';
import { cashboxScreen, walletScreens } from './wallet-screens';
import { salesScreens } from './sales-screens';
import { lazyComponent, screenRoute } from './screen-route';

const deviceInfoScreen = lazyComponent(
  () => import('../../features/devices/components/device-info-screen'),
  (module) => module.DeviceInfoScreen,
);

const embeddedLayout = lazyComponent(
  () => import('../layouts/embedded-layout'),
  (module) => module.EmbeddedLayout,
);

const members = () => import('../../features/members/components/member-list-screen');
const memberDetail = () => import('../../features/members/components/member-detail-screen');
const memberInvite = () => import('../../features/members/components/member-invite-screen');
const inviteLink = () => import('../../features/members/components/invite-link-screen');
const merchantInfo = () => import('../../features/merchant/components/merchant-info-screen');
const merchantEdit = () => import('../../features/merchant/components/merchant-edit-screen');
const payment = () => import('../../features/payment/components/payment-screen');

const screen = (path: string, titleKey: string, lazy: NonNullable<RouteObject['lazy']>): RouteObject => ({
  path,
  handle: { titleKey },
  lazy,
});

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
          screen(
            '/app/member/list',
            'screen.memberList',
            lazyComponent(members, (m) => m.MemberListScreen),
          ),
          screen(
            '/app/member/invite',
            'screen.memberInvite',
            lazyComponent(memberInvite, (m) => m.MemberInviteScreen),
          ),
          screen(
            '/app/member/invite-link',
            'screen.memberInviteLink',
            lazyComponent(inviteLink, (m) => m.InviteLinkScreen),
          ),
          screen(
            '/app/member/:memberID',
            'screen.memberDetail',
            lazyComponent(memberDetail, (m) => m.MemberDetailScreen),
          ),
          screen(
            '/app/merchant/info',
            'screen.merchantInfo',
            lazyComponent(merchantInfo, (m) => m.MerchantInfoScreen),
          ),
          screen(
            '/app/merchant/edit',
            'screen.merchantEdit',
            lazyComponent(merchantEdit, (m) => m.MerchantEditScreen),
          ),
          screen(
            '/app/merchant/payment',
            'screen.payment',
            lazyComponent(payment, (m) => m.PaymentScreen),
          ),
          ...walletScreens('/app'),
        ],
      },
    ],
  },
];
