import type { RouteObject } from 'react-router';
import { RouteErrorPage } from '../../components/RouteErrorPage';

/**
 * An MCP client connecting with OAuth (docs/ui/connect.md), loaded when first opened. Each page is
 * a centred card without the app's navigation. Why a connection could not start needs no sign-in.
 */
export const connectProblemRoutes: RouteObject[] = [
  {
    path: 'connect',
    lazy: async () => ({ Component: (await import('./ConnectProblemPage')).ConnectProblemPage }),
    errorElement: <RouteErrorPage />,
  },
];

/** The consent page, for a signed-in user (a visitor signs in and comes back to it). */
export const consentRoutes: RouteObject[] = [{ path: 'connect/:requestId', lazy: async () => ({ Component: (await import('./ConsentPage')).ConsentPage }) }];
