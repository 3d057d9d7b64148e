/**
 * The hub's prerender of the app's first page (docs/ui.md, "Loading"). Built apart from the app
 * (`vite build --ssr`, into `dist/server/`) with every dependency inside, and loaded by the hub,
 * which sends the page's head at once and its body once it has read the signed-in user's API
 * answers and this module has drawn the page from them. The page shows the project list before any
 * of the app's code has run; the app then takes the page over where it is (hydration) from the
 * same answers.
 */
import { QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { BASE_META_NAME } from '../app/base-path';
import { COLOR_SCHEME_SCRIPT } from '../app/color-scheme';
import { firstPageDataElement, seedFirstPage, type FirstPageData } from '../app/first-page-data';
import { Providers } from '../app/Providers';
import { routes } from '../app/routes';
import { startStylesheets } from './start-links';

export type { FirstPageData };

// The build does not change under a running module: its manifest is read once.
const stylesheets = startStylesheets();

const ROOT = '<div id="root">';
/** How many drawn pages are kept for a reload with the same answers. */
const KEPT_PAGES = 32;
const ROOT_END = '</div>';

/** `index.html` cut where the drawn page goes, the head complete so the browser can fetch the stylesheets while the page is drawn. */
export interface FirstPageShell {
  /** Everything up to the root element's content: the theme script and every stylesheet of the first paint. */
  head: string;
  /** Inline scripts the page runs, for the Content-Security-Policy to allow by their hash. */
  inlineScripts: string[];
  /** The rest of the page with an empty root: the app draws the page itself. */
  emptyBody: string;
  /** The rest of the page with the page at `url` (a path of the app) drawn from `data`, and the answers; null when the path is not one this prerender draws. */
  body(url: string, data: FirstPageData): Promise<string | null>;
}

export function firstPageShell(indexHtml: string): FirstPageShell {
  // The hub writes its base path into the page it serves (docs/deploy.md, "Behind a reverse proxy").
  const basePath = new RegExp(`<meta name="${BASE_META_NAME}" content="([^"]*)">`).exec(indexHtml)?.[1] ?? '';
  const links = stylesheets
    .filter((file) => !indexHtml.includes(`/${file}"`))
    .map((file) => `<link rel="stylesheet" crossorigin href="${basePath}/${file}">`)
    .join('');
  // The theme script goes before every stylesheet: a script after one waits for it to load, and holds up the page's parsing meanwhile.
  const page = indexHtml.replace('<head>', `<head><script>${COLOR_SCHEME_SCRIPT}</script>`).replace('</head>', `${links}</head>`);
  const rootAt = page.indexOf(`${ROOT}${ROOT_END}`);
  if (rootAt < 0) throw new Error('index.html has no empty root element to draw into');
  const head = page.slice(0, rootAt + ROOT.length);
  const emptyBody = page.slice(rootAt + ROOT.length);
  const afterRoot = emptyBody.slice(ROOT_END.length);
  // A page depends on nothing but its path and its answers (times are drawn in UTC, never relative
  // to now): a reload whose answers did not change gets the page drawn before, without drawing it again.
  const drawnPages = new Map<string, string | null>();
  return {
    head,
    inlineScripts: [COLOR_SCHEME_SCRIPT],
    emptyBody,
    async body(url, data) {
      const key = JSON.stringify([url, data]);
      let page = drawnPages.get(key);
      if (page === undefined) {
        const drawn = await renderPage(url, data, basePath);
        page = drawn === null ? null : `${drawn}${ROOT_END}${firstPageDataElement(data)}${afterRoot}`;
      }
      // Most recently used last: the first key is the one to forget.
      drawnPages.delete(key);
      drawnPages.set(key, page);
      if (drawnPages.size > KEPT_PAGES) drawnPages.delete(drawnPages.keys().next().value!);
      return page;
    },
  };
}

/** Draws the app's page at `url` (a path of the app, without the base); its links carry `basePath`. */
async function renderPage(url: string, data: FirstPageData, basePath: string): Promise<string | null> {
  const handler = createStaticHandler(routes, { basename: basePath || '/' });
  const context = await handler.query(new Request(new URL(`${basePath}${url}`, 'http://hub.invalid')));
  // A redirect or an answer of its own is not a page to draw.
  if (context instanceof Response) return null;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  seedFirstPage(client, data);
  try {
    return renderToString(
      <StrictMode>
        <Providers client={client}>
          <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />
        </Providers>
      </StrictMode>,
    );
  } finally {
    client.clear();
  }
}
