/**
 * The API reads the first page needs, started by the entry script before the app's code has
 * loaded and run, so they travel while the browser compiles the app rather than after it. The API
 * client hands each response to the first request for the same URL; anything not taken by then is
 * dropped when who is signed in changes.
 */
const started = new Map<string, Promise<Response>>();

export function startEarlyRequests(paths: readonly string[]): void {
  for (const path of paths) started.set(path, fetch(path, { credentials: 'same-origin', headers: { accept: 'application/json' } }));
}

/** The early response for this request, once; undefined for anything else. */
export function takeEarlyResponse(request: Request): Promise<Response> | undefined {
  if (request.method !== 'GET' || started.size === 0) return undefined;
  const url = new URL(request.url);
  if (url.origin !== window.location.origin) return undefined;
  const key = `${url.pathname}${url.search}`;
  const response = started.get(key);
  started.delete(key);
  return response;
}

/** Signing in or out makes what was asked before stale. */
export function discardEarlyResponses(): void {
  started.clear();
}
