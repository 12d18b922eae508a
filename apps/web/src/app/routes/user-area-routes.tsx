import type { RouteObject } from 'react-router';
import { lazyComponent, screenRoute } from './screen-route';

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

/** The `/user` area: the merchant's own settings, staff, places and wallet (spec section 2). */
export const userAreaRoutes: RouteObject[] = [
  screenRoute('/user', 'screen.preferences'),
  screenRoute('/user/notification', 'screen.notification'),
  screenRoute('/user/member', 'screen.memberList'),
  screenRoute('/user/member/invite', 'screen.memberInvite'),
  screenRoute('/user/member/invite-link', 'screen.memberInviteLink'),
  screenRoute('/user/member/:memberID', 'screen.memberDetail'),
  screenRoute('/user/profile', 'screen.profile'),
  screenRoute('/user/wallet/withdraw', 'screen.walletWithdraw'),
  screenRoute('/user/wallet/bankbook', 'screen.bankbookList'),
  screenRoute('/user/wallet/bankbook/create', 'screen.bankbookCreate'),
  screenRoute('/user/wallet/bankbook/:bankbookID', 'screen.bankbookDetail'),
  screenRoute('/user/wallet/bankbook/:bankbookID/edit', 'screen.bankbookEdit'),
  screenRoute('/user/wallet/withdraw-record', 'screen.withdrawRecord'),
  screenRoute('/user/place', 'screen.placeList', { lazy: placeList }),
  screenRoute('/user/place/create', 'screen.placeCreate', { lazy: placeCreate }),
  screenRoute('/user/place/detail', 'screen.placeDetail', { lazy: placeDetail }),
  screenRoute('/user/place/edit', 'screen.placeEdit', { lazy: placeEdit }),
  screenRoute('/user/merchant', 'screen.merchantInfo'),
  screenRoute('/user/merchant/edit', 'screen.merchantEdit'),
  screenRoute('/user/payment', 'screen.payment'),
  { path: '/user/location', handle: { titleKey: 'screen.language' }, lazy: languageScreen },
  screenRoute('/user/app', 'screen.releaseLog'),
];
