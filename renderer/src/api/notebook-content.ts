import { hubPath } from '../app/base-path';
import { reach } from './client';
import { toApiError } from './errors';

/** A content route's body as text (these routes answer raw bytes, or a JSON envelope on failure), and its headers. */
export async function fetchText(url: string): Promise<{ text: string; headers: Headers }> {
  const response = await reach(fetch(url, { credentials: 'same-origin' }));
  const text = await response.text();
  if (response.ok) return { text, headers: response.headers };
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  throw toApiError(body, response);
}

const base = (pid: string, nid: string) => hubPath(`/api/v1/projects/${encodeURIComponent(pid)}/notebooks/${encodeURIComponent(nid)}`);

export const notebookUrls = {
  versionCode: (pid: string, nid: string, vid: string) => `${base(pid, nid)}/versions/${encodeURIComponent(vid)}/code`,
  versionLock: (pid: string, nid: string, vid: string) => `${base(pid, nid)}/versions/${encodeURIComponent(vid)}/environment/lock`,
  html: (pid: string, nid: string) => `${base(pid, nid)}/html`,
  workspaceFile: (pid: string, nid: string, path: string) => `${base(pid, nid)}/workspace/files?path=${encodeURIComponent(path)}`,
  workspaceArchive: (pid: string, nid: string, path: string) => `${base(pid, nid)}/workspace/archive${path ? `?path=${encodeURIComponent(path)}` : ''}`,
};
