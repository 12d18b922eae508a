import type { RouteObject } from 'react-router';
import { clearMerchantSession } from '../../lib/auth-storage';
import { RequireSignIn } from '../guards/session-guards';
import { requireHardwareId, requireInviteCode } from '../guards/url-guards';
import { lazyComponent, screenRoute } from './screen-route';

const userLoginScreen = lazyComponent(
  () => import('../../features/sign-in/components/user-login-screen'),
  (module) => module.UserLoginScreen,
  'start',
);
const merchantLoginScreen = lazyComponent(
  () => import('../../features/sign-in/components/merchant-login-screen'),
  (module) => module.MerchantLoginScreen,
  'start',
);
const bindingScreen = lazyComponent(
  () => import('../../features/hardware/components/binding-screen'),
  (module) => module.BindingScreen,
);

// Who is signed in, and a way out, above the pages a signed-in user opens before picking a merchant.
const signedInFrame = lazyComponent(
  () => import('../../features/sign-in/components/signed-in-frame'),
  (module) => module.SignedInFrame,
);

const inviteAcceptScreen = lazyComponent(
  () => import('../../features/member/components/invite-accept-screen'),
  (module) => module.InviteAcceptScreen,
);

/** Sign-in and the public routes that need a login but no merchant (spec section 2). */
export const signInRoutes: RouteObject[] = [
  { path: '/user-login', handle: { titleKey: 'screen.userLogin' }, lazy: userLoginScreen },
  {
    element: <RequireSignIn />,
    children: [
      {
        path: '/merchant-login',
        handle: { titleKey: 'screen.merchantLogin' },
        // Entering the merchant pick always starts without a merchant.
        loader: () => {
          clearMerchantSession();
          return null;
        },
        lazy: merchantLoginScreen,
      },
      {
        lazy: signedInFrame,
        children: [
          {
            path: '/invite-accept',
            handle: { titleKey: 'screen.inviteAccept' },
            loader: requireInviteCode,
            lazy: inviteAcceptScreen,
          },
        ],
      },
      screenRoute('/device/binding/:hwid', 'screen.deviceBinding', { loader: requireHardwareId, lazy: bindingScreen }),
    ],
  },
];
