import { Navigate, type RouteObject } from 'react-router';

/** The super admins' pages: one tab per route, each loaded when first opened. */
export const adminRoutes: RouteObject[] = [
  {
    path: 'admin',
    lazy: async () => ({ Component: (await import('./AdminLayout')).AdminLayout }),
    children: [
      { index: true, element: <Navigate to="users" replace /> },
      { path: 'users', lazy: async () => ({ Component: (await import('./users/UsersTab')).UsersTab }) },
      { path: 'config', lazy: async () => ({ Component: (await import('./config/ConfigTab')).ConfigTab }) },
      { path: 'health', lazy: async () => ({ Component: (await import('./health/HealthTab')).HealthTab }) },
      { path: 'audit', lazy: async () => ({ Component: (await import('./audit/AuditTab')).AuditTab }) },
      { path: 'diagnostic', lazy: async () => ({ Component: (await import('./diagnostic/DiagnosticTab')).DiagnosticTab }) },
      { path: 'environments', lazy: async () => ({ Component: (await import('./environments/EnvironmentsTab')).EnvironmentsTab }) },
      { path: 'sessions', lazy: async () => ({ Component: (await import('./sessions/SessionsTab')).SessionsTab }) },
      { path: 'integrations', lazy: async () => ({ Component: (await import('./integrations/IntegrationsTab')).OrgIntegrationsTab }) },
      { path: 'integrations/:iid', lazy: async () => ({ Component: (await import('./integrations/IntegrationsTab')).OrgIntegrationPage }) },
      { path: 'policy', lazy: async () => ({ Component: (await import('./policy/PolicyTab')).PolicyTab }) },
    ],
  },
];
