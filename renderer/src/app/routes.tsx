import { Navigate, type RouteObject } from 'react-router';
import { AppLayout } from '../components/AppLayout';
import { RequireSession } from '../components/RequireSession';
import { RouteErrorPage } from '../components/RouteErrorPage';
import { routesWithComponentStyles } from './component-styles';
import { accountRoutes } from '../pages/account/routes';
import { adminRoutes } from '../pages/admin/routes';
import { connectProblemRoutes, consentRoutes } from '../pages/connect/routes';
import { HomePage } from '../pages/home/HomePage';
import { notebookRoutes } from '../pages/notebook/routes';
import { NotFoundPage } from '../pages/NotFoundPage';
import { projectRoutes } from '../pages/project/routes';
import { remoteRoutes } from '../pages/remotes/routes';
import { sessionRoutes } from '../pages/session/routes';
import { SignInPage } from '../pages/SignInPage';

/**
 * Every page of the app. The first page (sign-in or home) is in the main bundle; every other area
 * loads with its route. The browser's router and the hub's prerender of the first page (see
 * `server/first-page.tsx`) both use this tree. A page that loads with its route brings Mantine's
 * whole stylesheet along; the first page has only its own components' styles (component-styles.ts).
 */
export const routes: RouteObject[] = routesWithComponentStyles([
  { path: '/sign-in', element: <SignInPage />, errorElement: <RouteErrorPage /> },
  ...connectProblemRoutes,
  {
    element: <RequireSession />,
    errorElement: <RouteErrorPage />,
    children: [
      // A session fills the window under its own slim bar, outside the page header.
      ...sessionRoutes,
      // An MCP client's consent page: a card of its own, outside the page header.
      ...consentRoutes,
      {
        element: <AppLayout />,
        children: [
          { index: true, element: <HomePage /> },
          { path: 'projects', element: <Navigate to="/" replace /> },
          ...projectRoutes,
          ...notebookRoutes,
          ...remoteRoutes,
          ...accountRoutes,
          ...adminRoutes,
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
]);
