import { Navigate, type RouteObject } from 'react-router';

/** A notebook's page with its tabs, and the folder import; each loaded when first opened. */
export const notebookRoutes: RouteObject[] = [
  {
    path: 'projects/:pid/notebooks/:nid',
    lazy: async () => ({ Component: (await import('./NotebookLayout')).NotebookLayout }),
    children: [
      { index: true, element: <Navigate to="overview" replace /> },
      { path: 'overview', lazy: async () => ({ Component: (await import('./OverviewTab')).OverviewTab }) },
      { path: 'versions', lazy: async () => ({ Component: (await import('./versions/VersionsTab')).VersionsTab }) },
      { path: 'versions/:vid', lazy: async () => ({ Component: (await import('./versions/VersionPage')).VersionPage }) },
      { path: 'snapshot', lazy: async () => ({ Component: (await import('./SnapshotTab')).SnapshotTab }) },
      { path: 'files', lazy: async () => ({ Component: (await import('./files/FilesTab')).FilesTab }) },
      { path: 'jobs', lazy: async () => ({ Component: (await import('./jobs/JobsTab')).JobsTab }) },
      { path: 'jobs/:jid', lazy: async () => ({ Component: (await import('./jobs/JobPage')).JobPage }) },
    ],
  },
  { path: 'projects/:pid/import', lazy: async () => ({ Component: (await import('../import/ImportUploadPage')).ImportUploadPage }) },
  { path: 'projects/:pid/import/:importId', lazy: async () => ({ Component: (await import('../import/ImportPage')).ImportPage }) },
];
