import type { RouteObject } from 'react-router';
import { lazyComponent, screenRoute } from './screen-route';
import { staffScreens } from './staff-screens';
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

/** The `/user` area: the merchant's own settings, staff, places and wallet (spec section 2). */
export const userAreaRoutes: RouteObject[] = [
  screenRoute('/user', 'screen.preferences', { lazy: staffScreens.preferences }),
  screenRoute('/user/notification', 'screen.notification'),
  screenRoute('/user/member', 'screen.memberList', { lazy: staffScreens.memberList }),
  screenRoute('/user/member/invite', 'screen.memberInvite', { lazy: staffScreens.memberInvite }),
  screenRoute('/user/member/invite-link', 'screen.memberInviteLink', { lazy: staffScreens.inviteLink }),
  screenRoute('/user/member/:memberID', 'screen.memberDetail', { lazy: staffScreens.memberDetail }),
  screenRoute('/user/profile', 'screen.profile', { lazy: staffScreens.profile }),
  ...walletScreens('/user'),
  screenRoute('/user/place', 'screen.placeList', { lazy: placeList }),
  screenRoute('/user/place/create', 'screen.placeCreate', { lazy: placeCreate }),
  screenRoute('/user/place/detail', 'screen.placeDetail', { lazy: placeDetail }),
  screenRoute('/user/place/edit', 'screen.placeEdit', { lazy: placeEdit }),
  screenRoute('/user/merchant', 'screen.merchantInfo', { lazy: staffScreens.merchantInfo }),
  screenRoute('/user/merchant/edit', 'screen.merchantEdit', { lazy: staffScreens.merchantEdit }),
  screenRoute('/user/payment', 'screen.payment', { lazy: staffScreens.payment }),
  screenRoute('/user/audit', 'screen.auditLog', { lazy: staffScreens.auditLog }),
  { path: '/user/location', handle: { titleKey: 'screen.language' }, lazy: languageScreen },
  screenRoute('/user/app', 'screen.releaseLog'),
];
