import type { RouteObject } from 'react-router';

/** The remotes pages (team hubs to pull from and push to), each loaded when first opened. */
export const remoteRoutes: RouteObject[] = [
  { path: 'remotes', lazy: async () => ({ Component: (await import('./RemotesPage')).RemotesPage }) },
  { path: 'remotes/operations/:opid', lazy: async () => ({ Component: (await import('./OperationPage')).OperationPage }) },
  { path: 'remotes/:name', lazy: async () => ({ Component: (await import('./RemotePage')).RemotePage }) },
];
