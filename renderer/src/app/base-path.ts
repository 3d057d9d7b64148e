/**
 * The path the hub is served under (docs/deploy.md, "Behind a reverse proxy"): `/notebooks` behind
 * a proxy under a path, `''` at the root. One build serves every base: the hub writes the base into
 * the page it sends (`<meta name="notebook-hub-base">`), and everything the app addresses itself
 * (the API, content routes, its own pages) goes through {@link hubPath}. Outside a browser (the
 * hub's prerender) there is no page to read: the router is given the base there instead.
 */
export const BASE_META_NAME = 'notebook-hub-base';

let cached: string | undefined;

export function hubBasePath(): string {
  if (cached !== undefined) return cached;
  if (typeof document === 'undefined') return '';
  const content = document.querySelector(`meta[name="${BASE_META_NAME}"]`)?.getAttribute('content') ?? '';
  // Only a plain absolute path is a base; anything else would send the app's requests elsewhere.
  cached = /^(\/[A-Za-z0-9._~-]+)*$/.test(content) ? content : '';
  return cached;
}

/** A path on the hub (`/api/v1/me`, `/sign-in`) as the browser must ask for it, under the base. */
export function hubPath(path: string): string {
  return `${hubBasePath()}${path}`;
}
