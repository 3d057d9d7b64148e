import { Navigate, type RouteObject } from 'react-router';

/** A project's page and its tabs, each loaded when first opened. */
export const projectRoutes: RouteObject[] = [
  {
    path: 'projects/:pid',
    lazy: async () => ({ Component: (await import('./ProjectLayout')).ProjectLayout }),
    children: [
      { index: true, element: <Navigate to="notebooks" replace /> },
      { path: 'notebooks', lazy: async () => ({ Component: (await import('./NotebooksTab')).NotebooksTab }) },
      { path: 'settings', lazy: async () => ({ Component: (await import('./SettingsTab')).SettingsTab }) },
      { path: 'members', lazy: async () => ({ Component: (await import('./MembersTab')).MembersTab }) },
      { path: 'audit', lazy: async () => ({ Component: (await import('./AuditTab')).AuditTab }) },
      { path: 'integrations', lazy: async () => ({ Component: (await import('./IntegrationsTab')).IntegrationsTab }) },
      { path: 'integrations/:iid', lazy: async () => ({ Component: (await import('./IntegrationsTab')).IntegrationPage }) },
      {
        path: 'data',
        lazy: async () => ({ Component: (await import('./data/DataTab')).DataTab }),
        children: [
          { index: true, lazy: async () => ({ Component: (await import('./data/DataHome')).DataHome }) },
          { path: ':sourceId', lazy: async () => ({ Component: (await import('./data/SourcePage')).SourcePage }) },
          { path: ':sourceId/tables/:schema/:table', lazy: async () => ({ Component: (await import('./data/database/TablePage')).TablePage }) },
          { path: ':sourceId/query', lazy: async () => ({ Component: (await import('./data/database/QueryPage')).QueryPage }) },
        ],
      },
      { path: 'secrets', lazy: async () => ({ Component: (await import('./secrets/SecretsTab')).SecretsTab }) },
      { path: 'sync', lazy: async () => ({ Component: (await import('./sync/SyncTab')).SyncTab }) },
      { path: 'sync/conflicts/:nid', lazy: async () => ({ Component: (await import('./sync/ConflictPage')).ConflictPage }) },
      { path: 'alerts', lazy: async () => ({ Component: (await import('./AlertsTab')).AlertsTab }) },
    ],
  },
];
