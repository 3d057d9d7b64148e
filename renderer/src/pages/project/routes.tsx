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
      { path: 'secrets', lazy: async () => ({ Component: (await import('./secrets/SecretsTab')).SecretsTab }) },
      { path: 'alerts', lazy: async () => ({ Component: (await import('./AlertsTab')).AlertsTab }) },
    ],
  },
];
