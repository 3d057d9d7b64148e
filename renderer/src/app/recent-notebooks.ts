// The notebooks a user opened lately, kept in this browser only (the API has no such list).
import { useSyncExternalStore } from 'react';

export interface RecentNotebook {
  projectId: string;
  notebookId: string;
  title: string;
  projectName: string | null;
  /** How it was opened last: the notebook page, the editor or the app. */
  openedAs: 'page' | 'edit' | 'app';
  openedAt: string;
}

const MAX_ENTRIES = 10;
const CHANGED = 'notebook-hub:recent-notebooks';
const storageKey = (userId: string) => `notebook-hub-recent-notebooks:${userId}`;

// useSyncExternalStore needs the same array back while nothing changed.
const cache = new Map<string, { raw: string | null; entries: RecentNotebook[] }>();

function isEntry(value: unknown): value is RecentNotebook {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return typeof entry.projectId === 'string' && typeof entry.notebookId === 'string' && typeof entry.title === 'string' && typeof entry.openedAt === 'string';
}

/** The user's recently opened notebooks, most recent first. */
export function readRecentNotebooks(userId: string): RecentNotebook[] {
  let raw: string | null;
  try {
    raw = window.localStorage.getItem(storageKey(userId));
  } catch {
    raw = null;
  }
  const cached = cache.get(userId);
  if (cached && cached.raw === raw) return cached.entries;
  let entries: RecentNotebook[] = [];
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    if (Array.isArray(parsed)) entries = parsed.filter(isEntry);
  } catch {
    // A damaged list is dropped: it is only a convenience.
  }
  cache.set(userId, { raw, entries });
  return entries;
}

/** Notes that the user opened a notebook; the notebook page and the session view call this. */
export function recordRecentNotebook(userId: string, opened: Omit<RecentNotebook, 'openedAt'>): void {
  const entry: RecentNotebook = { ...opened, openedAt: new Date().toISOString() };
  const rest = readRecentNotebooks(userId).filter((other) => !(other.projectId === entry.projectId && other.notebookId === entry.notebookId));
  writeEntries(userId, [entry, ...rest].slice(0, MAX_ENTRIES));
}

export function forgetRecentNotebook(userId: string, projectId: string, notebookId: string): void {
  writeEntries(
    userId,
    readRecentNotebooks(userId).filter((entry) => !(entry.projectId === projectId && entry.notebookId === notebookId)),
  );
}

function writeEntries(userId: string, entries: RecentNotebook[]): void {
  try {
    window.localStorage.setItem(storageKey(userId), JSON.stringify(entries));
  } catch {
    // Storage full or disabled: the list just is not kept.
  }
  window.dispatchEvent(new Event(CHANGED));
}

function subscribe(onChange: () => void): () => void {
  // "storage" covers other tabs; our own event covers this one.
  window.addEventListener('storage', onChange);
  window.addEventListener(CHANGED, onChange);
  return () => {
    window.removeEventListener('storage', onChange);
    window.removeEventListener(CHANGED, onChange);
  };
}

export function useRecentNotebooks(userId: string): RecentNotebook[] {
  return useSyncExternalStore(subscribe, () => readRecentNotebooks(userId));
}
