import type { RouteObject } from 'react-router';
import { lazyComponent, screenRoute } from './screen-route';
import { walletScreens } from './wallet-screens';

const languageScreen = lazyComponent(
  () => import('../../features/language/components/language-screen'),
  (module) => module.LanguageScreen,
);

/** The `/user` area: the merchant's own settings, staff, places and wallet (spec section 2). */
export const userAreaRoutes: RouteObject[] = [
  screenRoute('/user', 'screen.preferences'),
  screenRoute('/user/notification', 'screen.notification'),
  screenRoute('/user/member', 'screen.memberList'),
  screenRoute('/user/member/invite', 'screen.memberInvite'),
  screenRoute('/user/member/invite-link', 'screen.memberInviteLink'),
  screenRoute('/user/member/:memberID', 'screen.memberDetail'),
  screenRoute('/user/profile', 'screen.profile'),
  ...walletScreens('/user'),
  screenRoute('/user/place', 'screen.placeList'),
  screenRoute('/user/place/create', 'screen.placeCreate'),
  screenRoute('/user/place/detail', 'screen.placeDetail'),
  screenRoute('/user/place/edit', 'screen.placeEdit'),
  screenRoute('/user/merchant', 'screen.merchantInfo'),
  screenRoute('/user/merchant/edit', 'screen.merchantEdit'),
  screenRoute('/user/payment', 'screen.payment'),
  { path: '/user/location', handle: { titleKey: 'screen.language' }, lazy: languageScreen },
  screenRoute('/user/app', 'screen.releaseLog'),
];
