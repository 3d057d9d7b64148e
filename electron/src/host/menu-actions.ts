import type { RecentNotebook } from './settings.js';

export interface HubCallInit {
  method?: string;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as they are, with their media type (an upload). */
  bytes?: { data: Uint8Array; contentType: string };
  headers?: Record<string, string>;
}

/** Calls the hub's API as the signed-in window does (its cookies, its origin); `json` is undefined for an answer that is not JSON. */
export type HubCall = (path: string, init?: HubCallInit) => Promise<{ status: number; json: unknown; text: string }>;

/** The project a new notebook goes to when the user has none yet. */
export const FIRST_PROJECT_NAME = 'My notebooks';

/**
 * The File menu's "New Notebook": a notebook in the project the user worked in last (the first
 * of the recent notebooks), else the first project they can see, else a new project; resolves to
 * the UI path of its editor. Everything goes through the hub's own API, with its checks and audit.
 */
export async function createNotebookFromMenu(call: HubCall, recent: readonly RecentNotebook[], now: Date = new Date()): Promise<string> {
  const projectId = await targetProject(call, recent);
  const title = `Untitled ${now.toISOString().slice(0, 16).replace('T', ' ')}`;
  const created = await call(`/api/v1/projects/${projectId}/notebooks`, { method: 'POST', body: { title } });
  if (created.status !== 201) throw new Error(`creating the notebook failed: ${describe(created)}`);
  const notebookId = (created.json as { data: { meta: { id: string } } }).data.meta.id;
  return `/projects/${projectId}/notebooks/${notebookId}/edit`;
}

/** Where the menu's actions put what they create: the project worked in last, else the first one, else a new one. */
export async function targetProject(call: HubCall, recent: readonly RecentNotebook[]): Promise<string> {
  return (await usableProject(call, recent[0]?.projectId)) ?? (await firstProject(call));
}

async function usableProject(call: HubCall, projectId: string | undefined): Promise<string | null> {
  if (!projectId) return null;
  const answer = await call(`/api/v1/projects/${encodeURIComponent(projectId)}`);
  return answer.status === 200 ? projectId : null;
}

async function firstProject(call: HubCall): Promise<string> {
  const listed = await call('/api/v1/projects?limit=1');
  if (listed.status !== 200) throw new Error(`listing projects failed: ${describe(listed)}`);
  const first = (listed.json as { data: { items: { id: string }[] } }).data.items[0];
  if (first) return first.id;
  const created = await call('/api/v1/projects', { method: 'POST', body: { name: FIRST_PROJECT_NAME } });
  if (created.status !== 201) throw new Error(`creating a project failed: ${describe(created)}`);
  return (created.json as { data: { id: string } }).data.id;
}

export function describe(answer: { status: number; json: unknown }): string {
  const message = (answer.json as { error?: { message?: string } } | undefined)?.error?.message;
  return `HTTP ${answer.status}${message ? `: ${message}` : ''}`;
}

const NOTEBOOK_PAGE = /^\/projects\/([^/]+)\/notebooks\/([^/]+)\/(?:edit|app)\/?$/;

/**
 * A recent-notebooks entry for a page the window shows, when it is a notebook's editor or app on
 * the hub (null for any other page or origin). `title` is the window's title at that moment.
 */
export function recentNotebookOf(url: string, hubOrigin: string, title: string, now: Date = new Date()): RecentNotebook | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.origin !== hubOrigin) return null;
  const match = NOTEBOOK_PAGE.exec(parsed.pathname);
  if (!match) return null;
  return {
    projectId: decodeURIComponent(match[1]!),
    notebookId: decodeURIComponent(match[2]!),
    title: title.trim() || 'Notebook',
    openedAt: now.toISOString(),
  };
}

/** Whether the window may show `url` itself; anything else opens in the system browser. */
export function staysInWindow(url: string, hubOrigin: string): boolean {
  try {
    return new URL(url).origin === hubOrigin;
  } catch {
    return false;
  }
}
