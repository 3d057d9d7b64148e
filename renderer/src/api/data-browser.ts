// The data browser (docs/data-browser.md): a project's data sources, their objects and tables,
// previews, read-only queries, SQL from a question, and the cell that loads what was found.
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { hubPath } from '../app/base-path';
import { reach } from './client';
import { toApiError } from './errors';
import { sessionKeys } from './sessions';

export interface DataSource {
  id: string;
  type: 'objects' | 'database';
  kind: 's3' | 'postgres' | 'mysql' | 'workspace';
  name: string;
  integration_id: string | null;
  notebook_id: string | null;
  /** Whether the caller may browse it; `reason` says why not. */
  usable: boolean;
  reason: string | null;
  bucket: string | null;
  database: string | null;
}

export type ObjectEntry =
  { type: 'folder'; prefix: string; name: string } | { type: 'object'; key: string; name: string; size: number; modified: string | null; etag: string | null };

export interface ObjectListing {
  bucket: string;
  prefix: string;
  entries: ObjectEntry[];
  next_cursor: string | null;
}

export interface ObjectVersion {
  version_id: string;
  size: number;
  modified: string | null;
  latest: boolean;
  deleted: boolean;
}

export interface ObjectDetails {
  key: string;
  name: string;
  size: number;
  modified: string | null;
  content_type: string | null;
  etag: string | null;
  version_id: string | null;
  versions: ObjectVersion[] | null;
  /** How a preview would read it; null: it has no preview. */
  format: string | null;
}

export interface PreviewColumn {
  name: string;
  type: string;
  source_type?: string | null;
}

interface PreviewFacts {
  format: string;
  notes: string[];
  bytes_read: number;
  size: number;
  duration_ms: number;
}

export type Preview =
  | (PreviewFacts & { kind: 'table'; columns: PreviewColumn[]; rows: unknown[][]; total_rows: number | null; truncated: boolean })
  | (PreviewFacts & { kind: 'text'; text: string; truncated: boolean; invalid_utf8: boolean })
  | (PreviewFacts & { kind: 'image'; content_type: string; width: number | null; height: number | null });

export interface DatabaseTable {
  schema: string;
  name: string;
  type: 'table' | 'view';
  row_estimate: number | null;
}

export interface TableColumns {
  schema: string;
  name: string;
  columns: { name: string; type: string; nullable: boolean }[];
}

export interface QueryResult {
  columns: { name: string; type: string }[];
  rows: unknown[][];
  row_count: number;
  truncated: 'rows' | 'bytes' | null;
  duration_ms: number;
}

export interface GeneratedSql {
  sql: string;
  model: string;
  provider_id: string;
  sent_sample_rows: boolean;
}

export type CellTarget = { session_id: string } | { notebook_id: string } | { new_notebook: { title: string } };

/** What a cell loads: an object, a table, or a query's result (with its source). */
export type CellData = { object: { key: string } } | { table: { schema: string; name: string } } | { sql: string };

export interface CellRequest {
  source_id: string;
  target: CellTarget;
  object?: { key: string };
  table?: { schema: string; name: string };
  sql?: string;
}

export interface AddedCell {
  notebook_id: string;
  /** The version saved; null when the cells went into an edit session. */
  version_id: string | null;
  session_id: string | null;
  code: string;
  dependencies: string[];
  variable: string;
}

const base = (pid: string) => hubPath(`/api/v1/projects/${encodeURIComponent(pid)}/data`);
const sourcePath = (pid: string, sid: string) => `${base(pid)}/sources/${encodeURIComponent(sid)}`;

function withQuery(path: string, query: Record<string, string | number | null | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== null && value !== undefined && value !== '') params.set(name, String(value));
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/** One call of the data API: the envelope's data, or an ApiError with the hub's message. */
async function call<T>(method: 'GET' | 'POST', url: string, { body, signal }: { body?: unknown; signal?: AbortSignal | undefined } = {}): Promise<T> {
  const response = await reach(
    fetch(url, {
      method,
      credentials: 'same-origin',
      ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
      ...(signal ? { signal } : {}),
    }),
  );
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  if (response.ok && typeof parsed === 'object' && parsed !== null && 'data' in parsed) return (parsed as { data: T }).data;
  throw toApiError(parsed, response);
}

/** The addresses a browser opens itself: a download, an image. */
export const dataUrls = {
  content: (pid: string, sid: string, key: string, versionId?: string | null) =>
    withQuery(`${sourcePath(pid, sid)}/object/content`, { key, version_id: versionId }),
};

export const dataKeys = {
  all: (pid: string) => ['projects', pid, 'data'] as const,
  sources: (pid: string) => [...dataKeys.all(pid), 'sources'] as const,
  objects: (pid: string, sid: string, prefix: string) => [...dataKeys.all(pid), 'objects', sid, prefix] as const,
  object: (pid: string, sid: string, key: string, versionId: string | null) => [...dataKeys.all(pid), 'object', sid, key, versionId] as const,
  objectPreview: (pid: string, sid: string, key: string, versionId: string | null) => [...dataKeys.all(pid), 'object-preview', sid, key, versionId] as const,
  tables: (pid: string, sid: string) => [...dataKeys.all(pid), 'tables', sid] as const,
  table: (pid: string, sid: string, schema: string, table: string) => [...dataKeys.all(pid), 'table', sid, schema, table] as const,
  tablePreview: (pid: string, sid: string, schema: string, table: string) => [...dataKeys.all(pid), 'table-preview', sid, schema, table] as const,
};

export const dataSourcesQuery = (pid: string) =>
  queryOptions({
    queryKey: dataKeys.sources(pid),
    queryFn: ({ signal }) => call<DataSource[]>('GET', `${base(pid)}/sources`, { signal }),
  });

/** A folder's entries a page at a time; `prefix` may end inside a name (a search). */
export const objectsQuery = (pid: string, sid: string, prefix: string) =>
  infiniteQueryOptions({
    queryKey: dataKeys.objects(pid, sid, prefix),
    queryFn: ({ pageParam, signal }) => call<ObjectListing>('GET', withQuery(`${sourcePath(pid, sid)}/objects`, { prefix, cursor: pageParam }), { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
  });

export const objectQuery = (pid: string, sid: string, key: string, versionId: string | null) =>
  queryOptions({
    queryKey: dataKeys.object(pid, sid, key, versionId),
    queryFn: ({ signal }) => call<ObjectDetails>('GET', withQuery(`${sourcePath(pid, sid)}/object`, { key, version_id: versionId }), { signal }),
  });

export const objectPreviewQuery = (pid: string, sid: string, key: string, versionId: string | null) =>
  queryOptions({
    queryKey: dataKeys.objectPreview(pid, sid, key, versionId),
    queryFn: ({ signal }) => call<Preview>('GET', withQuery(`${sourcePath(pid, sid)}/object/preview`, { key, version_id: versionId }), { signal }),
    // A preview is read once; it costs the bucket reads.
    staleTime: 5 * 60_000,
  });

export const tablesQuery = (pid: string, sid: string) =>
  queryOptions({
    queryKey: dataKeys.tables(pid, sid),
    queryFn: ({ signal }) => call<{ tables: DatabaseTable[] }>('GET', `${sourcePath(pid, sid)}/tables`, { signal }),
  });

const tablePath = (pid: string, sid: string, schema: string, table: string) =>
  `${sourcePath(pid, sid)}/tables/${encodeURIComponent(schema)}/${encodeURIComponent(table)}`;

export const tableQuery = (pid: string, sid: string, schema: string, table: string) =>
  queryOptions({
    queryKey: dataKeys.table(pid, sid, schema, table),
    queryFn: ({ signal }) => call<TableColumns>('GET', tablePath(pid, sid, schema, table), { signal }),
  });

export const tablePreviewQuery = (pid: string, sid: string, schema: string, table: string) =>
  queryOptions({
    queryKey: dataKeys.tablePreview(pid, sid, schema, table),
    queryFn: ({ signal }) => call<QueryResult>('GET', `${tablePath(pid, sid, schema, table)}/preview`, { signal }),
    staleTime: 60_000,
  });

/** Runs one read-only statement; aborting `signal` cancels it (the hub stops it at the server). */
export function runQuery(pid: string, sid: string, sql: string, signal: AbortSignal): Promise<QueryResult> {
  return call<QueryResult>('POST', `${sourcePath(pid, sid)}/queries`, { body: { sql }, signal });
}

/** SQL for a question in words, from the tables' names and columns; never run here. */
export function useGenerateSql(pid: string, sid: string) {
  return useMutation({
    mutationFn: (body: { question: string; tables?: { schema: string; name: string }[]; include_sample_rows?: boolean }) =>
      call<GeneratedSql>('POST', `${sourcePath(pid, sid)}/ai-query`, { body }),
  });
}

/** Adds a cell that loads the data to a session, a notebook or a new notebook. */
export function useAddCell(pid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CellRequest) => call<AddedCell>('POST', `${base(pid)}/cells`, { body }),
    onSuccess: (added) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['projects', pid, 'notebooks'] }),
        queryClient.invalidateQueries({ queryKey: ['projects', pid, 'notebook', added.notebook_id] }),
        queryClient.invalidateQueries({ queryKey: sessionKeys.project(pid) }),
      ]),
  });
}
