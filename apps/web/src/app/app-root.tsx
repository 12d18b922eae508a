import { RouterProvider } from 'react-router';
import { AppProviders } from './app-providers';
import { createAppRouter } from './router';

// One router for the page's life, made outside React: a state initializer may run
// more than once (strict mode, a suspended first render), and the API client's
// navigator must point at the router that is actually rendered.
const router = createAppRouter();

export function AppRoot() {
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
