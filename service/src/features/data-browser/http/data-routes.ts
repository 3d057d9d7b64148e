import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { principalOf } from '../../../http/auth/authenticate.js';
import { contentDisposition } from '../../../http/routes/workspace-content.js';
import { ProjectIdParams } from '../../../http/routes/project-schemas.js';
import { Envelope, Failure } from '../../../http/schemas.js';
import type { HubApp } from '../../../http/types.js';
import type { DataBrowserUseCases } from '../core/data-browser-use-cases.js';
import type { ShownPreview } from '../core/object-browsing.js';
import type { ShownResult } from '../core/database-browsing.js';
import type { CellRequest } from '../core/data-cell-use-cases.js';
import {
  AiQueryAnswer,
  AiQueryBody,
  CellBody,
  CellOutcome,
  CellPreview,
  DatabaseTables,
  DataPreview,
  DataSource,
  KeyQuery,
  ObjectDetails,
  ObjectPage,
  ObjectQuery,
  PreviewQuery,
  QueryBody,
  QueryResult,
  RowsQuery,
  SourceParams,
  TableColumns,
  TableParams,
} from './data-schemas.js';

const TAGS = ['Data browser'];
const BASE = '/api/v1/projects/:pid/data';
const UNAVAILABLE = { 503: Failure('The bucket or database cannot be reached, or a secret of its integration cannot be read (SERVICE_UNAVAILABLE)') };

type SourceParamsOf = { pid: string; sid: string };

/** A signal that ends when the caller goes away before the answer is complete: the work stops with it. */
function callerGone(reply: FastifyReply): AbortSignal {
  const gone = new AbortController();
  reply.raw.once('close', () => !reply.raw.writableFinished && gone.abort());
  return gone.signal;
}

function previewView(preview: ShownPreview) {
  const common = { notes: preview.notes, bytes_read: preview.bytesRead, size: preview.size, duration_ms: preview.durationMs };
  if (preview.kind === 'table')
    return {
      kind: preview.kind,
      format: preview.format,
      columns: preview.columns.map((column) => ({ name: column.name, type: column.type, source_type: column.sourceType })),
      rows: preview.rows,
      total_rows: preview.totalRows,
      truncated: preview.truncated,
      ...common,
    };
  if (preview.kind === 'text')
    return { kind: preview.kind, format: preview.format, text: preview.text, truncated: preview.truncated, invalid_utf8: preview.invalidUtf8, ...common };
  return { kind: preview.kind, format: preview.format, content_type: preview.contentType, width: preview.width, height: preview.height, ...common };
}

/**
 * The answer of a query or table preview. Where the adapter wrote the rows' JSON already (to count
 * them against the byte cap), the envelope is written around that text, so that a 10,000-row
 * answer is serialized once; the text is what the response schema's serializer would write.
 */
function resultAnswer(reply: FastifyReply, result: ShownResult) {
  const view = { columns: result.columns, rows: result.rows, row_count: result.rows.length, truncated: result.truncated, duration_ms: result.durationMs };
  if (result.rowsJson === undefined) return { success: true as const, data: view };
  const { rows, ...rest } = view;
  void rows;
  const others = JSON.stringify(rest);
  return reply.type('application/json; charset=utf-8').send(`{"success":true,"data":{"rows":${result.rowsJson},${others.slice(1)}}`);
}

/**
 * The data browser (docs/data-browser.md) through `useCases.data`: a project's data sources, the
 * objects of its buckets and notebook workspaces, its databases' tables, previews, read-only
 * queries, and cells that load what was found into a notebook.
 */
export function dataBrowserRoutes(app: HubApp, services: { useCases: { data: DataBrowserUseCases } }): void {
  const { data } = services.useCases;

  app.get(
    `${BASE}/sources`,
    {
      schema: {
        tags: TAGS,
        summary: "The project's data sources: its bucket and database integrations",
        description:
          "Listed for every member (project.read); browsing an integration's data takes integration.use (editors and above): `usable` says whether the caller may. A notebook's workspace is a source too, named by the notebook's id.",
        params: ProjectIdParams,
        response: { 200: Envelope(Type.Array(DataSource)) },
      },
    },
    async (request) => ({ success: true as const, data: await data.sources.list(principalOf(request), request.params.pid) }),
  );

  app.get(
    `${BASE}/sources/:sid/objects`,
    {
      schema: {
        tags: TAGS,
        summary: 'Folders and objects under a prefix of a bucket or workspace, a page at a time',
        params: SourceParams,
        querystring: ObjectQuery,
        response: { 200: Envelope(ObjectPage), ...UNAVAILABLE },
      },
    },
    async (request) => {
      const { pid, sid } = request.params as SourceParamsOf;
      const query = request.query as { prefix?: string; cursor?: string; limit?: number };
      const page = await data.objects.list(principalOf(request), {
        projectId: pid,
        sourceId: sid,
        prefix: query.prefix ?? '',
        cursor: query.cursor ?? null,
        limit: query.limit ?? 200,
      });
      return { success: true as const, data: { bucket: page.bucket, prefix: page.prefix, entries: page.entries, next_cursor: page.nextCursor } };
    },
  );

  app.get(
    `${BASE}/sources/:sid/object`,
    {
      schema: {
        tags: TAGS,
        summary: "An object's details and versions",
        params: SourceParams,
        querystring: KeyQuery,
        response: { 200: Envelope(ObjectDetails), ...UNAVAILABLE },
      },
    },
    async (request) => {
      const { pid, sid } = request.params as SourceParamsOf;
      const { key, version_id } = request.query as { key: string; version_id?: string };
      const details = await data.objects.details(principalOf(request), { projectId: pid, sourceId: sid, key, versionId: version_id ?? null });
      return {
        success: true as const,
        data: {
          key: details.key,
          name: details.name,
          size: details.size,
          modified: details.modified,
          content_type: details.contentType,
          etag: details.etag,
          version_id: details.versionId,
          versions:
            details.versions?.map((version) => ({
              version_id: version.versionId,
              size: version.size,
              modified: version.modified,
              latest: version.latest,
              deleted: version.deleted,
            })) ?? null,
          format: details.format,
        },
      };
    },
  );

  app.get(
    `${BASE}/sources/:sid/object/content`,
    {
      schema: {
        tags: TAGS,
        summary: "An object's bytes, streamed through the hub",
        description: 'Always an attachment, never run as a document on the hub’s origin. Reading an integration’s object writes `data.download`.',
        params: SourceParams,
        querystring: KeyQuery,
        response: { 200: { description: 'The bytes', type: 'string', format: 'binary' }, ...UNAVAILABLE },
      },
    },
    async (request, reply) => {
      const { pid, sid } = request.params as SourceParamsOf;
      const { key, version_id } = request.query as { key: string; version_id?: string };
      const object = await data.objects.download(
        principalOf(request),
        { projectId: pid, sourceId: sid, key, versionId: version_id ?? null },
        callerGone(reply),
      );
      const name = key.slice(key.lastIndexOf('/') + 1) || 'object';
      return reply
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', 'sandbox')
        .header('cross-origin-resource-policy', 'same-origin')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', contentDisposition('attachment', name))
        .header('content-length', String(object.facts.size))
        .type('application/octet-stream')
        .send(Readable.from(object.body));
    },
  );

  app.get(
    `${BASE}/sources/:sid/object/preview`,
    {
      schema: {
        tags: TAGS,
        summary: 'The first rows of a table file, the start of a text, or what an image is',
        description:
          'Read with byte, row, time and memory budgets (SERVICE_DATA_PREVIEW_*). A file that cannot be previewed within them, or is not what its name says, answers 422 VALIDATION_ERROR with the reason in details[0].message (malformed, unsupported, byte-budget, time-budget, memory-budget, expansion).',
        params: SourceParams,
        querystring: PreviewQuery,
        response: { 200: Envelope(DataPreview), 422: Failure('The object cannot be previewed (VALIDATION_ERROR)'), ...UNAVAILABLE },
      },
    },
    async (request, reply) => {
      const { pid, sid } = request.params as SourceParamsOf;
      const { key, version_id, rows } = request.query as { key: string; version_id?: string; rows?: number };
      const preview = await data.objects.preview(
        principalOf(request),
        { projectId: pid, sourceId: sid, key, versionId: version_id ?? null, rows: rows ?? 100 },
        callerGone(reply),
      );
      return { success: true as const, data: previewView(preview) };
    },
  );

  app.get(
    `${BASE}/sources/:sid/tables`,
    {
      schema: {
        tags: TAGS,
        summary: "A database's tables and views with row estimates",
        params: SourceParams,
        response: { 200: Envelope(DatabaseTables), ...UNAVAILABLE },
      },
    },
    async (request) => {
      const { pid, sid } = request.params as SourceParamsOf;
      const tables = await data.databases.tables(principalOf(request), { projectId: pid, sourceId: sid });
      return {
        success: true as const,
        data: { tables: tables.map((table) => ({ schema: table.schema, name: table.name, type: table.type, row_estimate: table.rowEstimate })) },
      };
    },
  );

  app.get(
    `${BASE}/sources/:sid/tables/:schema/:table`,
    {
      schema: {
        tags: TAGS,
        summary: "A table's or view's columns with their types",
        params: TableParams,
        response: { 200: Envelope(TableColumns), ...UNAVAILABLE },
      },
    },
    async (request) => {
      const { pid, sid, schema, table } = request.params as SourceParamsOf & { schema: string; table: string };
      const columns = await data.databases.columns(principalOf(request), { projectId: pid, sourceId: sid, schema, table });
      return { success: true as const, data: { schema, name: table, columns } };
    },
  );

  app.get(
    `${BASE}/sources/:sid/tables/:schema/:table/preview`,
    {
      schema: {
        tags: TAGS,
        summary: 'The first rows of a table or view',
        params: TableParams,
        querystring: RowsQuery,
        response: { 200: Envelope(QueryResult), ...UNAVAILABLE },
      },
    },
    async (request, reply) => {
      const { pid, sid, schema, table } = request.params as SourceParamsOf & { schema: string; table: string };
      const { rows } = request.query as { rows?: number };
      const result = await data.databases.previewTable(
        principalOf(request),
        { projectId: pid, sourceId: sid, schema, table, rows: rows ?? 100 },
        callerGone(reply),
      );
      return resultAnswer(reply, result);
    },
  );

  app.post(
    `${BASE}/sources/:sid/queries`,
    {
      schema: {
        tags: TAGS,
        summary: 'Run one read-only statement',
        description:
          'Run read-only (a read-only transaction), with the statement timeout SERVICE_DATA_QUERY_TIMEOUT_SECONDS and the row and byte caps SERVICE_DATA_QUERY_MAX_*. Closing the request cancels the statement at the server. A statement the server refuses (a DELETE, a syntax error) or that runs past its timeout answers 422 VALIDATION_ERROR with the server’s message. Writes `data.query` (never the result).',
        params: SourceParams,
        body: QueryBody,
        response: {
          200: Envelope(QueryResult),
          422: Failure('The server refused the statement, or it ran past its timeout (VALIDATION_ERROR)'),
          ...UNAVAILABLE,
        },
      },
    },
    async (request, reply) => {
      const { pid, sid } = request.params as SourceParamsOf;
      const body = request.body as { sql: string; max_rows?: number };
      const result = await data.databases.query(
        principalOf(request),
        { projectId: pid, sourceId: sid, sql: body.sql, ...(body.max_rows === undefined ? {} : { maxRows: body.max_rows }) },
        callerGone(reply),
      );
      return resultAnswer(reply, result);
    },
  );

  app.post(
    `${BASE}/sources/:sid/ai-query`,
    {
      schema: {
        tags: TAGS,
        summary: 'Turn a question in words into SQL for review',
        description:
          "The project's AI provider integration (kind openai) receives the chosen tables' column names and types — rows only with include_sample_rows — and answers one statement. Nothing runs: the answer goes to the editor. Writes `data.ai_query`.",
        params: SourceParams,
        body: AiQueryBody,
        response: { 200: Envelope(AiQueryAnswer), 422: Failure('The project has no AI provider integration (VALIDATION_ERROR)'), ...UNAVAILABLE },
      },
    },
    async (request, reply) => {
      const { pid, sid } = request.params as SourceParamsOf;
      const body = request.body as { question: string; tables?: { schema: string; name: string }[]; include_sample_rows?: boolean };
      const answer = await data.ai.generate(
        principalOf(request),
        { projectId: pid, sourceId: sid, question: body.question, tables: body.tables ?? [], includeSampleRows: body.include_sample_rows ?? false },
        callerGone(reply),
      );
      return {
        success: true as const,
        data: { sql: answer.sql, model: answer.model, provider_id: answer.providerId, sent_sample_rows: answer.sentSampleRows },
      };
    },
  );

  app.post(
    `${BASE}/cells`,
    {
      schema: {
        tags: TAGS,
        summary: 'Add cells that load an object, a table or a query’s result to a notebook, or make a new notebook of them',
        description:
          'The cells read the data through the integration’s variables, never a secret. Into your running edit session (its editor reloads the notebook file), into a notebook as a new version (EDIT_SESSION_OWNED while an edit session holds it: add them to that session instead), or as a new notebook.',
        params: ProjectIdParams,
        body: CellBody,
        response: { 201: Envelope(CellOutcome), ...UNAVAILABLE },
      },
    },
    async (request, reply) => {
      const added = await data.cells.add(principalOf(request), cellRequest(request.params.pid, request.body as CellBodyShape));
      return reply.code(201).send({
        success: true as const,
        data: {
          notebook_id: added.notebookId,
          version_id: added.versionId,
          session_id: added.sessionId,
          code: added.code,
          dependencies: added.dependencies,
          variable: added.variable,
        },
      });
    },
  );

  app.post(
    `${BASE}/cells/preview`,
    {
      schema: {
        tags: TAGS,
        summary: 'Show the cells that adding would write, writing nothing',
        description:
          'The same request and checks as adding the cells (the target decides the names the cells may use); answers their code, packages and variable without changing any notebook or session.',
        params: ProjectIdParams,
        body: CellBody,
        response: { 200: Envelope(CellPreview), ...UNAVAILABLE },
      },
    },
    async (request) => {
      const preview = await data.cells.preview(principalOf(request), cellRequest(request.params.pid, request.body as CellBodyShape));
      return { success: true as const, data: preview };
    },
  );
}

interface CellBodyShape {
  source_id: string;
  object?: { key: string };
  table?: { schema: string; name: string; rows?: number };
  sql?: string;
  target: { session_id: string } | { notebook_id: string } | { new_notebook: { title: string } };
}

function cellRequest(projectId: string, body: CellBodyShape): CellRequest {
  return {
    projectId,
    sourceId: body.source_id,
    ...(body.object ? { object: body.object } : {}),
    ...(body.table ? { table: body.table } : {}),
    ...(body.sql !== undefined ? { sql: body.sql } : {}),
    target:
      'session_id' in body.target
        ? { sessionId: body.target.session_id }
        : 'notebook_id' in body.target
          ? { notebookId: body.target.notebook_id }
          : { newNotebook: { title: body.target.new_notebook.title } },
  };
}
