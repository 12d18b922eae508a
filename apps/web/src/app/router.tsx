import { createBrowserRouter, type RouteObject } from 'react-router';
import { RouteErrorScreen } from '../features/shell/components/route-error-screen';
import { registerNavigator } from '../lib/navigation';
import { RootLayout } from './layouts/root-layout';
import { checkoutRoutes } from './routes/checkout-routes';
import { embeddedRoutes } from './routes/embedded-routes';
import { managerRoutes } from './routes/manager-routes';
import { okCardRoutes } from './routes/ok-card-routes';
import { lazyComponent } from './routes/screen-route';
import { signInRoutes } from './routes/sign-in-routes';
import { PageLoading } from '../components/ui/page-loading';

const notFoundScreen = lazyComponent(
  () => import('../features/shell/components/not-found-screen'),
  (module) => module.NotFoundScreen,
  'start',
);

/** The route table of spec section 2. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorScreen />,
    hydrateFallbackElement: <PageLoading />,
    children: [
      ...signInRoutes,
      ...managerRoutes,
      ...embeddedRoutes,
      ...checkoutRoutes,
      ...okCardRoutes,
      { path: '*', handle: { titleKey: 'notFound.title' }, lazy: notFoundScreen },
    ],
  },
];

export function createAppRouter() {
  const router = createBrowserRouter(routes);
  // The API client ends sessions from outside React; let it use the router.
  registerNavigator((path) => void router.navigate(path, { replace: true }));
  return router;
}
