import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import type { FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from './auth/authenticate.js';
import type { HubApp } from './types.js';
import type { UiBuild } from './ui-build.js';

/**
 * The first page drawn by the hub (docs/ui.md, "Loading"): for a signed-in browser asking for `/`,
 * the home page is rendered by the UI build's own prerender module (`server/first-page.js`) from
 * the answers this user gets from `GET /api/v1/me` and `GET /api/v1/projects`, asked of the hub's
 * own routes so the same authentication, policy and fields apply. The page's head goes out as soon
 * as the session is known to be valid, so the browser fetches the stylesheets while the page is
 * drawn; the body follows. Anything missing or failing (no such module in an older build, a
 * refused answer, a render error) leaves the app to draw the page itself, as it does everywhere
 * else: before the head is sent, the plain `index.html`; after it, the page's rest with an empty root.
 */
export interface FirstPage {
  /** The page, its head written already. */
  stream: Readable;
  /** The hashes of the page's inline scripts, for its Content-Security-Policy (`'sha256-…'`). */
  scriptHashes: string[];
}

/** The prerender module's view of one build's `index.html` (renderer/src/server/first-page.tsx). */
interface FirstPageShell {
  head: string;
  inlineScripts: string[];
  emptyBody: string;
  body(url: string, data: { me: unknown; projects: unknown }): Promise<string | null>;
}

interface FirstPageModule {
  firstPageShell(indexHtml: string): FirstPageShell;
}

const MODULE_PATH = path.join('server', 'first-page.js');

export class FirstPageRenderer {
  private readonly shells = new WeakMap<UiBuild, Promise<{ shell: FirstPageShell; scriptHashes: string[] } | null>>();

  /** `basePath`: the hub's; the API is asked under it, as a browser would. */
  constructor(
    private readonly dir: string,
    private readonly basePath = '',
  ) {}

  /** The home page being drawn for this request's user, or null when the plain `index.html` should be sent. */
  async start(app: HubApp, request: FastifyRequest, build: UiBuild): Promise<FirstPage | null> {
    const cookie = request.headers.cookie;
    if (!cookie?.includes(`${SESSION_COOKIE}=`)) return null;
    const [prepared, me] = await Promise.all([this.shell(build), apiData(app, `${this.basePath}/api/v1/me`, cookie)]);
    if (!prepared || me === undefined) return null;
    const { shell, scriptHashes } = prepared;
    const stream = new PassThrough();
    stream.write(shell.head);
    void (async () => {
      let rest: string | null = null;
      try {
        const projects = await apiData(app, `${this.basePath}/api/v1/projects`, cookie);
        if (projects !== undefined) rest = await shell.body('/', { me, projects });
      } catch (error) {
        request.log.warn({ event: 'ui_first_page_failed', err: error }, 'ui_first_page_failed');
      }
      stream.end(rest ?? shell.emptyBody);
    })();
    return { stream, scriptHashes };
  }

  /** The prerender module's shell for this build, loaded once per build (a rebuild brings a new module). */
  private shell(build: UiBuild) {
    let prepared = this.shells.get(build);
    if (!prepared) {
      prepared = this.loadShell(build);
      this.shells.set(build, prepared);
    }
    return prepared;
  }

  private async loadShell(build: UiBuild) {
    const file = path.join(this.dir, MODULE_PATH);
    let mtimeMs: number;
    try {
      mtimeMs = statSync(file).mtimeMs;
    } catch {
      return null;
    }
    try {
      // The query makes a rebuilt module a new one to the module loader.
      const module = (await import(`${pathToFileURL(file).href}?build=${mtimeMs}`)) as Partial<FirstPageModule>;
      if (typeof module.firstPageShell !== 'function') return null;
      const shell = module.firstPageShell(build.index.toString('utf8'));
      return { shell, scriptHashes: shell.inlineScripts.map((script) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`) };
    } catch {
      return null;
    }
  }
}

/** The envelope's data of a successful GET of the hub's own API for this cookie; undefined otherwise. */
async function apiData(app: HubApp, url: string, cookie: string): Promise<unknown> {
  const response = await app.inject({ method: 'GET', url, headers: { cookie, accept: 'application/json' } });
  if (response.statusCode !== 200) return undefined;
  try {
    return (JSON.parse(response.body) as { data?: unknown }).data;
  } catch {
    return undefined;
  }
}
