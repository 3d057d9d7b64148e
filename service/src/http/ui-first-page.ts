import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from './auth/authenticate.js';
import type { HubApp } from './types.js';

/**
 * The first page drawn by the hub (docs/ui.md, "Loading"): for a signed-in browser asking for `/`,
 * the home page is rendered by the UI build's own prerender module (`server/first-page.js`) from
 * the answers this user gets from `GET /api/v1/me` and `GET /api/v1/projects`, asked of the hub's
 * own routes so the same authentication, policy and fields apply. The browser shows the project
 * list before the app's code has run; the app then takes the page over from the same answers.
 * Anything missing or failing (no such module in an older build, a refused answer, a render error)
 * leaves the plain `index.html`: the app draws the page itself, as it does everywhere else.
 */
export interface FirstPage {
  html: string;
  /** The hashes of the page's inline scripts, for its Content-Security-Policy (`'sha256-…'`). */
  scriptHashes: string[];
}

interface FirstPageModule {
  renderFirstPage(indexHtml: string, url: string, data: { me: unknown; projects: unknown }): Promise<{ html: string; inlineScripts: string[] } | null>;
}

const MODULE_PATH = path.join('server', 'first-page.js');

export class FirstPageRenderer {
  private loaded: { mtimeMs: number; module: Promise<FirstPageModule | null> } | null = null;

  constructor(private readonly dir: string) {}

  /** The home page drawn for this request's user, or null when the plain `index.html` should be sent. */
  async render(app: HubApp, request: FastifyRequest, indexHtml: string): Promise<FirstPage | null> {
    const cookie = request.headers.cookie;
    if (!cookie?.includes(`${SESSION_COOKIE}=`)) return null;
    const module = await this.module();
    if (!module) return null;
    const [me, projects] = await Promise.all([apiData(app, '/api/v1/me', cookie), apiData(app, '/api/v1/projects', cookie)]);
    if (me === undefined || projects === undefined) return null;
    try {
      const page = await module.renderFirstPage(indexHtml, '/', { me, projects });
      if (!page) return null;
      return { html: page.html, scriptHashes: page.inlineScripts.map((script) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`) };
    } catch (error) {
      request.log.warn({ event: 'ui_first_page_failed', err: error }, 'ui_first_page_failed');
      return null;
    }
  }

  /** The build's prerender module, loaded again when a rebuild replaced it. */
  private module(): Promise<FirstPageModule | null> {
    const file = path.join(this.dir, MODULE_PATH);
    let mtimeMs: number;
    try {
      mtimeMs = statSync(file).mtimeMs;
    } catch {
      this.loaded = null;
      return Promise.resolve(null);
    }
    if (this.loaded?.mtimeMs !== mtimeMs) {
      // The query makes a rebuilt module a new one to the module loader.
      const url = `${pathToFileURL(file).href}?build=${mtimeMs}`;
      const module = import(url).then(
        (loaded: Partial<FirstPageModule>) => (typeof loaded.renderFirstPage === 'function' ? (loaded as FirstPageModule) : null),
        () => null,
      );
      this.loaded = { mtimeMs, module };
    }
    return this.loaded.module;
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
