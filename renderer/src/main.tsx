import './styles/first-page.css';
import { startEarlyRequests } from './api/early-requests';
import { afterFirstPaint } from './app/after-first-paint';
import { hubPath } from './app/base-path';
import { isPrerendered } from './app/first-page-marker';
import { startApp } from './app/start-app';

if (isPrerendered()) {
  // The page is drawn already: let the browser show it before the app's code is fetched and run.
  afterFirstPaint(() => void startApp());
} else {
  // Who is signed in (every page) and, at home, the project list are asked for now; the app's code
  // loads meanwhile (docs/ui.md, "Loading").
  startEarlyRequests([hubPath('/api/v1/me'), ...(window.location.pathname === hubPath('/') ? [hubPath('/api/v1/projects')] : [])]);
  void startApp();
}
