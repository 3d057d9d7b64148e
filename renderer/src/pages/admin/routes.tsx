import type { RouteObject } from 'react-router';

/** The super admins' pages, loaded when first opened. */
export const adminRoutes: RouteObject[] = [{ path: 'admin', lazy: async () => ({ Component: (await import('./AdminPage')).AdminPage }) }];
