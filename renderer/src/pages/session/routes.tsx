import type { RouteObject } from 'react-router';

/** A notebook opened in marimo, full window: the editor or the app, loaded when first opened. */
export const sessionRoutes: RouteObject[] = [
  { path: 'projects/:pid/notebooks/:nid/edit', lazy: async () => ({ Component: (await import('./SessionPage')).EditSessionPage }) },
  { path: 'projects/:pid/notebooks/:nid/app', lazy: async () => ({ Component: (await import('./SessionPage')).AppSessionPage }) },
];
