import type { QueryClient } from '@tanstack/react-query';
import { meQuery, projectsQuery } from '../api/queries';
import type { Me, ProjectListPage } from '../api/types';
import { FIRST_PAGE_DATA_ID } from './first-page-marker';

/**
 * What the hub read to prerender the home page: the data of `GET /api/v1/me` and of the first page
 * of `GET /api/v1/projects`. The page carries it, so the app starts from the same answers the
 * prerender was drawn with and asks for neither again (docs/ui.md, "Loading").
 */
export interface FirstPageData {
  me: Me;
  projects: ProjectListPage;
}

/** Puts the prerender's answers where the app's queries look for them. */
export function seedFirstPage(client: QueryClient, data: FirstPageData): void {
  client.setQueryData(meQuery.queryKey, data.me);
  client.setQueryData(projectsQuery.queryKey, { pages: [data.projects], pageParams: [null] });
}

/** The answers a prerendered page carries, or null on a page the hub did not prerender. */
export function readFirstPageData(): FirstPageData | null {
  const text = document.getElementById(FIRST_PAGE_DATA_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as FirstPageData;
  } catch {
    return null;
  }
}

/** The answers as the text of a JSON script element: nothing in them can close the element. */
export function firstPageDataElement(data: FirstPageData): string {
  const json = JSON.stringify(data).replaceAll('<', '\\u003c').replaceAll('\u2028', '\\u2028').replaceAll('\u2029', '\\u2029');
  return `<script type="application/json" id="${FIRST_PAGE_DATA_ID}">${json}</script>`;
}
