import { createBrowserRouter, Navigate } from 'react-router';
import { AppLayout } from '../components/AppLayout';
import { RequireSession } from '../components/RequireSession';
import { RouteErrorPage } from '../components/RouteErrorPage';
import { AccountPage } from '../pages/AccountPage';
import { AdminPage } from '../pages/AdminPage';
import { HomePage } from '../pages/home/HomePage';
import { NotebookPage } from '../pages/notebook/NotebookPage';
import { NotFoundPage } from '../pages/NotFoundPage';
import { MembersTab } from '../pages/project/MembersTab';
import { NotebooksTab } from '../pages/project/NotebooksTab';
import { ProjectLayout } from '../pages/project/ProjectLayout';
import { SettingsTab } from '../pages/project/SettingsTab';
import { SignInPage } from '../pages/SignInPage';

export const router = createBrowserRouter([
  { path: '/sign-in', element: <SignInPage />, errorElement: <RouteErrorPage /> },
  {
    element: <RequireSession />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        element: <AppLayout />,
        children: [
          { index: true, element: <HomePage /> },
          { path: 'projects', element: <Navigate to="/" replace /> },
          {
            path: 'projects/:pid',
            element: <ProjectLayout />,
            children: [
              { index: true, element: <Navigate to="notebooks" replace /> },
              { path: 'notebooks', element: <NotebooksTab /> },
              { path: 'settings', element: <SettingsTab /> },
              { path: 'members', element: <MembersTab /> },
            ],
          },
          { path: 'projects/:pid/notebooks/:nid', element: <NotebookPage /> },
          { path: 'account', element: <AccountPage /> },
          { path: 'admin', element: <AdminPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
]);
