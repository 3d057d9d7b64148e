import type { RouteObject } from 'react-router';

/** The signed-in user's account page, loaded when first opened. */
export const accountRoutes: RouteObject[] = [{ path: 'account', lazy: async () => ({ Component: (await import('./AccountPage')).AccountPage }) }];
