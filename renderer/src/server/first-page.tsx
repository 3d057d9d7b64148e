/**
 * The hub's prerender of the app's first page (docs/ui.md, "Loading"). Built apart from the app
 * (`vite build --ssr`, into `dist/server/`) with every dependency inside, and loaded by the hub,
 * which hands it the API answers it read for the signed-in user. The page it returns shows the
 * project list before any of the app's code has run; the app then takes the page over where it is
 * (hydration) from the same answers.
 */
import { QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { COLOR_SCHEME_SCRIPT } from '../app/color-scheme';
import { firstPageDataElement, seedFirstPage, type FirstPageData } from '../app/first-page-data';
import { Providers } from '../app/Providers';
import { routes } from '../app/routes';
import { startStylesheets } from './start-links';

export type { FirstPageData };

// The build does not change under a running module: its manifest is read once.
const stylesheets = startStylesheets();

export interface FirstPage {
  /** `index.html` with the drawn page in its root element and the answers in the head. */
  html: string;
  /** Inline scripts the page runs, for the Content-Security-Policy to allow by their hash. */
  inlineScripts: string[];
}

/** The page at `url` (a path of the app) drawn from `data`, inside the build's `index.html`; null when the path is not one this prerender draws. */
export async function renderFirstPage(indexHtml: string, url: string, data: FirstPageData): Promise<FirstPage | null> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(url, 'http://hub.invalid')));
  // A redirect or an answer of its own is not a page to draw.
  if (context instanceof Response) return null;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  seedFirstPage(client, data);
  const body = renderToString(
    <StrictMode>
      <Providers client={client}>
        <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />
      </Providers>
    </StrictMode>,
  );
  client.clear();
  const links = stylesheets
    .filter((file) => !indexHtml.includes(`/${file}"`))
    .map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`)
    .join('');
  // The theme script goes before every stylesheet: a script after one waits for it to load, and holds up the page's parsing meanwhile.
  const html = indexHtml
    .replace('<head>', `<head><script>${COLOR_SCHEME_SCRIPT}</script>`)
    .replace('</head>', `${links}${firstPageDataElement(data)}</head>`)
    .replace('<div id="root"></div>', `<div id="root">${body}</div>`);
  return { html, inlineScripts: [COLOR_SCHEME_SCRIPT] };
}
