import { RouterProvider } from 'react-router';
import { AppProviders } from './app-providers';
import type { createAppRouter } from './router';

export { createAppRouter } from './router';

type AppRouter = ReturnType<typeof createAppRouter>;

/**
 * The router is made once for the page's life, outside React (a state initializer may run more than once:
 * strict mode, a suspended first render; and the API client's navigator must point at the router that is
 * actually rendered), by main.tsx once the language is known, so the first screen's texts load in it.
 */
export function AppRoot({ router }: { router: AppRouter }) {
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
