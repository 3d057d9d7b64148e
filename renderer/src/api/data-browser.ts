// The data browser (docs/data-browser.md): a project's data sources, their objects and tables,
// previews, read-only queries, SQL from a question, and the cells that load what was found.
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { hubPath } from '../app/base-path';
import { api, unwrap } from './client';
import type { components, paths } from './schema';
import { sessionKeys } from './sessions';

type Schemas = components['schemas'];
export type DataSource = Schemas['DataSource'];
export type ObjectEntry = Schemas['ObjectEntry'];
export type ObjectDetails = Schemas['ObjectDetails'];
export type ObjectVersion = NonNullable<ObjectDetails['versions']>[number];
export type Preview = Schemas['DataPreview'];
export type DatabaseTable = Schemas['DatabaseTables']['tables'][number];
export type QueryResult = Schemas['QueryResult'];
export type GeneratedSql = Schemas['AiQueryAnswer'];
export type AddedCell = Schemas['DataCell'];
type CellBody = paths['/api/v1/projects/{pid}/data/cells']['post']['requestBody']['content']['application/json'];
export type CellTarget = CellBody['target'];
type AiQueryBody = paths['/api/v1/projects/{pid}/data/sources/{sid}/ai-query']['post']['requestBody']['content']['application/json'];

/** What cells load: an object, a table, or a query (of the source they are added with). */
export type CellData = Required<Pick<CellBody, 'object'>> | { table: { schema: string; name: string } } | Required<Pick<CellBody, 'sql'>>;

/** The addresses a browser opens itself: a download, an image. */
export const dataUrls = {
  content: (pid: string, sid: string, key: string, versionId?: string | null) => {
    const query = new URLSearchParams({ key, ...(versionId ? { version_id: versionId } : {}) });
    return hubPath(`/api/v1/projects/${encodeURIComponent(pid)}/data/sources/${encodeURIComponent(sid)}/object/content?${query}`);
  },
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
    queryFn: ({ signal }) => unwrap(api.GET('/api/v1/projects/{pid}/data/sources', { params: { path: { pid } }, signal })),
  });

/** A folder's entries a page at a time; `prefix` may end inside a name (a search). */
export const objectsQuery = (pid: string, sid: string, prefix: string) =>
  infiniteQueryOptions({
    queryKey: dataKeys.objects(pid, sid, prefix),
    queryFn: ({ pageParam, signal }) =>
      unwrap(
        api.GET('/api/v1/projects/{pid}/data/sources/{sid}/objects', {
          params: { path: { pid, sid }, query: { prefix, ...(pageParam ? { cursor: pageParam } : {}) } },
          signal,
        }),
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
  });

const keyQuery = (key: string, versionId: string | null) => ({ key, ...(versionId ? { version_id: versionId } : {}) });

export const objectQuery = (pid: string, sid: string, key: string, versionId: string | null) =>
  queryOptions({
    queryKey: dataKeys.object(pid, sid, key, versionId),
    queryFn: ({ signal }) =>
      unwrap(api.GET('/api/v1/projects/{pid}/data/sources/{sid}/object', { params: { path: { pid, sid }, query: keyQuery(key, versionId) }, signal })),
  });

export const objectPreviewQuery = (pid: string, sid: string, key: string, versionId: string | null) =>
  queryOptions({
    queryKey: dataKeys.objectPreview(pid, sid, key, versionId),
    queryFn: ({ signal }) =>
      unwrap(api.GET('/api/v1/projects/{pid}/data/sources/{sid}/object/preview', { params: { path: { pid, sid }, query: keyQuery(key, versionId) }, signal })),
    // A preview costs reads of the bucket: it is kept a while.
    staleTime: 5 * 60_000,
  });

export const tablesQuery = (pid: string, sid: string) =>
  queryOptions({
    queryKey: dataKeys.tables(pid, sid),
    queryFn: ({ signal }) => unwrap(api.GET('/api/v1/projects/{pid}/data/sources/{sid}/tables', { params: { path: { pid, sid } }, signal })),
  });

export const tableQuery = (pid: string, sid: string, schema: string, table: string) =>
  queryOptions({
    queryKey: dataKeys.table(pid, sid, schema, table),
    queryFn: ({ signal }) =>
      unwrap(api.GET('/api/v1/projects/{pid}/data/sources/{sid}/tables/{schema}/{table}', { params: { path: { pid, sid, schema, table } }, signal })),
  });

export const tablePreviewQuery = (pid: string, sid: string, schema: string, table: string) =>
  queryOptions({
    queryKey: dataKeys.tablePreview(pid, sid, schema, table),
    queryFn: ({ signal }) =>
      unwrap(api.GET('/api/v1/projects/{pid}/data/sources/{sid}/tables/{schema}/{table}/preview', { params: { path: { pid, sid, schema, table } }, signal })),
    staleTime: 60_000,
  });

/** Runs one read-only statement; aborting `signal` closes the request, and the hub cancels the statement at the server. */
export function runQuery(pid: string, sid: string, sql: string, signal: AbortSignal): Promise<QueryResult> {
  return unwrap(api.POST('/api/v1/projects/{pid}/data/sources/{sid}/queries', { params: { path: { pid, sid } }, body: { sql }, signal }));
}

/** SQL for a question in words, from the tables' names and columns (and rows only when asked); never run here. */
export function useGenerateSql(pid: string, sid: string) {
  return useMutation({
    mutationFn: (body: AiQueryBody) => unwrap(api.POST('/api/v1/projects/{pid}/data/sources/{sid}/ai-query', { params: { path: { pid, sid } }, body })),
  });
}

/** The cells adding would write for this target (nothing is written): shown before the user adds them. */
export function cellPreviewQuery(pid: string, body: CellBody) {
  return queryOptions({
    queryKey: ['projects', pid, 'data', 'cell-preview', body],
    queryFn: () => unwrap(api.POST('/api/v1/projects/{pid}/data/cells/preview', { params: { path: { pid } }, body })),
    staleTime: 30_000,
    retry: false,
  });
}

/** Adds cells that load the data to an edit session, a notebook (a new version) or a new notebook. */
export function useAddCell(pid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CellBody) => unwrap(api.POST('/api/v1/projects/{pid}/data/cells', { params: { path: { pid } }, body })),
    onSuccess: (added) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['projects', pid, 'notebooks'] }),
        queryClient.invalidateQueries({ queryKey: ['projects', pid, 'notebook', added.notebook_id] }),
        queryClient.invalidateQueries({ queryKey: sessionKeys.project(pid) }),
      ]),
  });
}
