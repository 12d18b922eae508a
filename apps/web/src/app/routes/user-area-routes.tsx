import type { RouteObject } from 'react-router';
import { lazyComponent, screenRoute } from './screen-route';
import { walletScreens } from './wallet-screens';

const languageScreen = lazyComponent(
  () => import('../../features/language/components/language-screen'),
  (module) => module.LanguageScreen,
);

const placeList = lazyComponent(
  () => import('../../features/places/components/place-list-screen'),
  (module) => module.PlaceListScreen,
);
const placeCreate = lazyComponent(
  () => import('../../features/places/components/place-create-screen'),
  (module) => module.PlaceCreateScreen,
);
const placeDetail = lazyComponent(
  () => import('../../features/places/components/place-detail-screen'),
  (module) => module.PlaceDetailScreen,
);
const placeEdit = lazyComponent(
  () => import('../../features/places/components/place-edit-screen'),
  (module) => module.PlaceEditScreen,
);

const members = () => import('../../features/members/components/member-list-screen');
const memberDetail = () => import('../../features/members/components/member-detail-screen');
const memberInvite = () => import('../../features/members/components/member-invite-screen');
const inviteLink = () => import('../../features/members/components/invite-link-screen');
const merchantInfo = () => import('../../features/merchant/components/merchant-info-screen');
const merchantEdit = () => import('../../features/merchant/components/merchant-edit-screen');
const payment = () => import('../../features/payment/components/payment-screen');
const profile = () => import('../../features/profile/components/profile-screen');
const preferences = () => import('../../features/profile/components/preferences-screen');
const auditLog = () => import('../../features/audit/components/audit-log-screen');

const screen = (path: string, titleKey: string, lazy: NonNullable<RouteObject['lazy']>): RouteObject => ({
  path,
  handle: { titleKey },
  lazy,
});

/** The `/user` area: the merchant's own settings, staff, places and wallet (spec section 2). */
export const userAreaRoutes: RouteObject[] = [
  screen(
    '/user',
    'screen.preferences',
    lazyComponent(preferences, (m) => m.PreferencesScreen),
  ),
  screenRoute('/user/notification', 'screen.notification'),
  screen(
    '/user/member',
    'screen.memberList',
    lazyComponent(members, (m) => m.MemberListScreen),
  ),
  screen(
    '/user/member/invite',
    'screen.memberInvite',
    lazyComponent(memberInvite, (m) => m.MemberInviteScreen),
  ),
  screen(
    '/user/member/invite-link',
    'screen.memberInviteLink',
    lazyComponent(inviteLink, (m) => m.InviteLinkScreen),
  ),
  screen(
    '/user/member/:memberID',
    'screen.memberDetail',
    lazyComponent(memberDetail, (m) => m.MemberDetailScreen),
  ),
  screen(
    '/user/profile',
    'screen.profile',
    lazyComponent(profile, (m) => m.ProfileScreen),
  ),
  ...walletScreens('/user'),
  screenRoute('/user/place', 'screen.placeList', { lazy: placeList }),
  screenRoute('/user/place/create', 'screen.placeCreate', { lazy: placeCreate }),
  screenRoute('/user/place/detail', 'screen.placeDetail', { lazy: placeDetail }),
  screenRoute('/user/place/edit', 'screen.placeEdit', { lazy: placeEdit }),
  screen(
    '/user/merchant',
    'screen.merchantInfo',
    lazyComponent(merchantInfo, (m) => m.MerchantInfoScreen),
  ),
  screen(
    '/user/merchant/edit',
    'screen.merchantEdit',
    lazyComponent(merchantEdit, (m) => m.MerchantEditScreen),
  ),
  screen(
    '/user/payment',
    'screen.payment',
    lazyComponent(payment, (m) => m.PaymentScreen),
  ),
  screen(
    '/user/audit',
    'screen.auditLog',
    lazyComponent(auditLog, (m) => m.AuditLogScreen),
  ),
  { path: '/user/location', handle: { titleKey: 'screen.language' }, lazy: languageScreen },
  screenRoute('/user/app', 'screen.releaseLog'),
];
