/**
 * Opens the team hub's sign-in page in a new tab. In the desktop app the host opens every page of
 * another origin in the system browser instead (electron/src/main.ts, `openElsewhere`). A browser
 * may block a tab opened this long after the click: the sign-in dialog keeps a link to it.
 */
export function openSignInPage(url: string): void {
  window.open(url, '_blank', 'noopener,noreferrer');
}
