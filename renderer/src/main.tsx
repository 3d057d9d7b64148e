import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { startEarlyRequests } from './api/early-requests';

// Who is signed in (every page) and, at home, the project list are asked for now; the app's code
// loads meanwhile (docs/ui.md, "Loading").
startEarlyRequests(['/api/v1/me', ...(window.location.pathname === '/' ? ['/api/v1/projects'] : [])]);
void import('./app/start');
