import { useEffect } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { Providers } from './Providers';
import { queryClient } from './query-client';
import { routes } from './routes';

const router = createBrowserRouter(routes);

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
