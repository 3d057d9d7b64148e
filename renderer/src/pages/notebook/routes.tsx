import type { RouteObject } from 'react-router';

/** A notebook's page, loaded when first opened. */
export const notebookRoutes: RouteObject[] = [
  { path: 'projects/:pid/notebooks/:nid', lazy: async () => ({ Component: (await import('./NotebookPage')).NotebookPage }) },
];
