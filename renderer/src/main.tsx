import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { meQuery, projectsQuery } from './api/queries';
import { App } from './app/App';
import { queryClient } from './app/query-client';

// The first page needs who is signed in and, at home, the project list: ask for both at once
// rather than one after the other as the pages render.
void queryClient.prefetchQuery(meQuery);
if (window.location.pathname === '/') void queryClient.prefetchInfiniteQuery(projectsQuery);

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
