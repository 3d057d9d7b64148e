import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { startEarlyRequests } from './api/early-requests';
import { isPrerendered } from './app/first-page-marker';

if (isPrerendered()) {
  // The page is drawn already: let the browser show it before the app's code is compiled and run
  // (a hidden tab draws no frames, hence the timer too).
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    void import('./app/start');
  };
  requestAnimationFrame(() => setTimeout(start));
  setTimeout(start, 200);
} else {
  // Who is signed in (every page) and, at home, the project list are asked for now; the app's code
  // loads meanwhile (docs/ui.md, "Loading").
  startEarlyRequests(['/api/v1/me', ...(window.location.pathname === '/' ? ['/api/v1/projects'] : [])]);
  void import('./app/start');
}
