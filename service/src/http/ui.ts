import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorEnvelope } from './envelope.js';
import type { HubApp } from './types.js';
import type { UiBuild } from './ui-build.js';
import { acceptedEncoding, CompressedAssets } from './ui-compression.js';
import { FirstPageRenderer } from './ui-first-page.js';
import { indexUnderBasePath } from './ui-index.js';

/**
 * The web UI: the built single-page app (`renderer/dist`) served at `/`.
 *
 * - `/assets/*`: the build's hashed files, cached for a year (`immutable`);
 * - `/` and any other GET for a page (not under `/api/`, `/s/`, `/mcp`, `/openapi.yaml`, and
 *   accepting HTML): `index.html`, revalidated on every load (`no-cache`), so client-side routes
 *   (`/projects/x/notebooks`) load the app;
 * - every UI response carries a strict Content-Security-Policy.
 *
 * The routes are public (the app shows its own sign-in page) and hidden from the OpenAPI
 * document. Nothing is read at start-up: the folder is scanned on the first UI request, and again
 * when `index.html` changes (a rebuild while the hub runs).
 */
export const UI_CONTENT_SECURITY_POLICY = contentSecurityPolicy([]);

/**
 * The policy of a UI page; `scriptHashes` allow the inline scripts of a page the hub drew,
 * `frameSources` the hosts of surfaces shown beside a notebook (docs/ui.md, "VS Code and OpenCode").
 */
function contentSecurityPolicy(scriptHashes: readonly string[], frameSources: readonly string[] = []): string {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...scriptHashes].join(' '),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "connect-src 'self'",
    ["frame-src 'self'", ...frameSources].join(' '),
    "frame-ancestors 'self'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Paths the app never answers with the UI: the API, the session proxy and machine endpoints. */
const NOT_UI_PATHS = ['/api', '/s', '/mcp', '/openapi.yaml'];

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.wasm': 'application/wasm',
  '.txt': 'text/plain; charset=utf-8',
};

export const contentTypeOf = (file: string): string => CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';

export type { UiBuild } from './ui-build.js';

/** The built UI in one folder: read lazily, reread when `index.html` changes. */
export class UiFolder {
  private build: UiBuild | null = null;
  private readonly cache = new Map<string, Buffer>();
  readonly compressed = new CompressedAssets();

  /** `basePath`: the hub's, written into `index.html` as it is read (./ui-index.ts). */
  constructor(
    readonly dir: string,
    private readonly basePath = '',
  ) {}

  /** The current build, or null when the folder holds no `index.html`. */
  current(): UiBuild | null {
    const indexPath = path.join(this.dir, 'index.html');
    let mtimeMs: number;
    try {
      mtimeMs = statSync(indexPath).mtimeMs;
    } catch {
      this.build = null;
      return null;
    }
    if (this.build?.indexMtimeMs === mtimeMs) return this.build;
    try {
      this.build = {
        indexMtimeMs: mtimeMs,
        index: indexUnderBasePath(readFileSync(indexPath), this.basePath),
        assets: listAssets(path.join(this.dir, 'assets')),
      };
    } catch {
      return null;
    }
    this.cache.clear();
    this.compressed.clear();
    return this.build;
  }

  /** An asset's bytes, or null when the build has no such file. */
  asset(urlPath: string): Buffer | null {
    const file = this.current()?.assets.get(urlPath);
    if (file === undefined) return null;
    let bytes = this.cache.get(urlPath);
    if (bytes === undefined) {
      try {
        bytes = readFileSync(file);
      } catch {
        return null;
      }
      this.cache.set(urlPath, bytes);
    }
    return bytes;
  }
}

function listAssets(dir: string): Map<string, string> {
  const assets = new Map<string, string>();
  const visit = (folder: string, prefix: string) => {
    let entries;
    try {
      entries = readdirSync(folder, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) visit(file, `${prefix}${entry.name}/`);
      else if (entry.isFile()) assets.set(`/assets/${prefix}${entry.name}`, file);
    }
  };
  visit(dir, '');
  return assets;
}

/** Whether a GET for this path (query string removed) may be answered with the app's page. */
export function isUiPagePath(pathname: string): boolean {
  return !NOT_UI_PATHS.some((reserved) => pathname === reserved || pathname.startsWith(`${reserved}/`));
}

function isUiPageRequest(request: FastifyRequest): boolean {
  return isUiPagePath(request.url.split('?')[0]!) && acceptsHtml(request);
}

function acceptsHtml(request: FastifyRequest): boolean {
  const accept = request.headers.accept;
  return accept === undefined || accept.includes('text/html') || accept.includes('*/*');
}

function securityHeaders(reply: FastifyReply, scriptHashes: readonly string[] = [], frameSources: readonly string[] = []): FastifyReply {
  return reply
    .header('content-security-policy', contentSecurityPolicy(scriptHashes, frameSources))
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'same-origin');
}

const notBuiltPage = (dir: string, basePath: string) => `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Notebook Hub: the web UI is not built</title></head>
<body>
<h1>The web UI is not built</h1>
<p>This hub serves its user interface from <code>${escapeHtml(dir)}</code>, which holds no <code>index.html</code>.</p>
<p>Build it from the repository with <code>npm run build</code> (or <code>npm run build -w @notebook-hub/renderer</code>), then reload this page.
<code>npm start</code> builds it when it is missing or older than its sources.</p>
<p>The API is available meanwhile under <a href="${basePath}/openapi.yaml"><code>/api/v1/</code></a>.</p>
</body>
</html>
`;

const escapeHtml = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/**
 * Registers the UI routes; `dir` is the built app's folder (its `index.html` and `assets/`),
 * `basePath` the path the hub is served under ('' at the root), `frameSources` what the pages may
 * show in frames besides the hub itself (the surfaces' hosts).
 */
export function uiRoutes(app: HubApp, dir: string, basePath = '', frameSources: readonly string[] = []): void {
  const folder = new UiFolder(dir, basePath);
  const firstPage = new FirstPageRenderer(dir, basePath);
  const routeOptions = { config: { public: true }, schema: { hide: true } } as const;

  const sendIndex = (reply: FastifyReply) => {
    const build = folder.current();
    securityHeaders(reply, [], frameSources);
    if (!build) return reply.code(503).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(notBuiltPage(folder.dir, basePath));
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(build.index);
  };
  const notFound = (request: FastifyRequest, reply: FastifyReply) =>
    reply.code(404).send(errorEnvelope('NOT_FOUND', `no route for ${request.method} ${request.url.split('?')[0]}`, request.id));

  app.get('/', routeOptions, async (request, reply) => {
    const build = folder.current();
    const drawn = build && (await firstPage.start(app, request, build));
    if (!drawn) return sendIndex(reply);
    // The page holds this user's data: no shared cache may keep it.
    return securityHeaders(reply, drawn.scriptHashes, frameSources)
      .header('cache-control', 'private, no-cache')
      .header('vary', 'cookie')
      .type('text/html; charset=utf-8')
      .send(drawn.stream);
  });

  app.get('/assets/*', routeOptions, async (request, reply) => {
    const pathname = request.url.split('?')[0]!;
    const bytes = folder.asset(decodeURIComponentSafe(pathname));
    if (!bytes) return notFound(request, reply);
    securityHeaders(reply, [], frameSources).header('cache-control', IMMUTABLE).type(contentTypeOf(pathname));
    if (!CompressedAssets.compressible(pathname, bytes.length)) return reply.send(bytes);
    reply.header('vary', 'accept-encoding');
    const encoding = acceptedEncoding(request.headers['accept-encoding']);
    const compressed = encoding && (await folder.compressed.get(pathname, bytes, encoding));
    return compressed ? reply.header('content-encoding', encoding).send(compressed) : reply.send(bytes);
  });

  // The single-page app's fallback: a page of the app's own (a client-side route) gets index.html,
  // without a credential. Anything else keeps the answer of an unknown route, authentication first.
  app.get('/*', { config: { publicIf: isUiPageRequest, catchAll: true }, schema: { hide: true } }, async (request, reply) =>
    isUiPageRequest(request) ? sendIndex(reply) : notFound(request, reply),
  );
}

function decodeURIComponentSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
