/**
 * The built UI's `index.html` as the hub sends it (docs/deploy.md, "Behind a reverse proxy"). The
 * build is the same for every base path: its links to the entry files are relative
 * (`./assets/...`, renderer/vite.config.ts), which would resolve against a deep link's folder
 * (`/projects/assets/...`). The hub makes them absolute under its base and writes the base into
 * the page, where the app reads it (renderer/src/app/base-path.ts) for its router and its API
 * calls. Done once per build, not per request.
 */
export const BASE_META_NAME = 'notebook-hub-base';

export function indexUnderBasePath(index: Buffer, basePath: string): Buffer {
  const html = index.toString('utf8').replace(/(\s(?:src|href)=")\.\/assets\//g, `$1${basePath}/assets/`);
  // At the root the app needs no base: the page stays as built.
  if (basePath === '') return Buffer.from(html, 'utf8');
  // The base path only holds URL-safe characters (service/src/config/settings.ts): nothing to escape.
  return Buffer.from(
    html.replace(/<head>/i, (head) => `${head}<meta name="${BASE_META_NAME}" content="${basePath}">`),
    'utf8',
  );
}
