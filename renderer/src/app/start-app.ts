/** What the page says when the app's code could not be loaded even on the second try. */
export const LOAD_FAILURE_MESSAGE = 'The app could not be loaded: check the connection to the hub and reload the page.';

/**
 * Loads and runs the app's code (app/start). A fetch of it that failed — a connection dropped
 * while the page loaded — is tried again once, `retryAfterMs` later; when that fails too the page
 * says so, rather than staying a page that never answers (docs/ui.md, "Loading").
 */
export async function startApp(load: () => Promise<unknown> = () => import('./start'), retryAfterMs = 1_000): Promise<void> {
  try {
    await load();
  } catch {
    await new Promise((resolve) => setTimeout(resolve, retryAfterMs));
    try {
      await load();
    } catch {
      showLoadFailure();
    }
  }
}

function showLoadFailure(): void {
  // The drawn page's loaders would spin forever: first-page.css says in their place that nothing comes.
  document.documentElement.setAttribute('data-app-load-failed', '');
  const notice = document.createElement('div');
  notice.className = 'app-load-failure';
  notice.setAttribute('role', 'alert');
  notice.textContent = LOAD_FAILURE_MESSAGE;
  document.body.prepend(notice);
}
