import { useEffect } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { hubBasePath } from './base-path';
import { Providers } from './Providers';
import { queryClient } from './query-client';
import { routes } from './routes';

// Under a path prefix the app's paths start after the base (docs/deploy.md, "Behind a reverse proxy").
const router = createBrowserRouter(routes, { basename: hubBasePath() || '/' });

export function App() {
  // Says the page answers input now; until then a prerendered page is only drawn (docs/ui.md, "Loading").
  useEffect(() => {
    performance.mark('app-ready');
    document.documentElement.setAttribute('data-app-ready', '');
  }, []);
  return (
    <Providers client={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  );
}
