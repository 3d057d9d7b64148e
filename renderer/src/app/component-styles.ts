import type { RouteObject } from 'react-router';

let loading: Promise<unknown> | undefined;

/**
 * Mantine's whole stylesheet (styles/all-components.ts), fetched once. The first page carries only
 * the styles of its own components (styles/first-page.css); code that may show any other component
 * waits for this before it draws (docs/ui.md, "Loading").
 */
export function loadComponentStyles(): Promise<unknown> {
  return (loading ??= import('../styles/all-components'));
}

/** `load` (a lazily loaded module), resolved once the whole stylesheet is there too. */
export function withComponentStyles<T>(load: () => Promise<T>): () => Promise<T> {
  return async () => (await Promise.all([load(), loadComponentStyles()]))[0];
}

/** The routes with every `lazy` page waiting for the whole stylesheet as well, at every depth. */
export function routesWithComponentStyles(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => {
    const styled = { ...route } as RouteObject;
    if (typeof route.lazy === 'function') styled.lazy = withComponentStyles(route.lazy) as RouteObject['lazy'];
    if (route.children) styled.children = routesWithComponentStyles(route.children);
    return styled;
  });
}
