import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { HubError } from '../../../core/errors.js';
import { run, toolSet, type McpToolSet, type ScopedContext } from '../../../http/mcp/mcp-tool-kit.js';
import type { DataBrowserUseCases } from '../core/data-browser-use-cases.js';
import { withoutRowsJson } from '../core/database-browsing.js';

/** The use cases the data tools call. */
export interface DataToolUseCases {
  data: DataBrowserUseCases;
}

/** Rows an assistant gets at most from one preview or query: enough to understand the data, little enough for its context. */
const TOOL_ROWS = 200;

const source = {
  project_id: z.string().min(1),
  source_id: z.string().min(1).describe('A data source id from list_data_sources, or a notebook id for its workspace'),
};

/**
 * The data browser for an assistant (docs/mcp.md, docs/data-browser.md): the same use cases, policy
 * and caps as the Data tab, so an assistant sees exactly the data its user may see, and every
 * query it runs is read-only, capped and audited.
 */
export function registerDataTools(server: McpServer, context: ScopedContext<DataToolUseCases>): void {
  server.registerTool(
    'list_data_sources',
    {
      title: 'List data sources',
      description:
        "A project's buckets and databases (its s3, postgres and mysql integrations), and whether you may browse each. A notebook's workspace files are a source too: use the notebook's id.",
      inputSchema: { project_id: z.string().min(1) },
      annotations: { readOnlyHint: true },
    },
    ({ project_id }) =>
      run(async () => {
        const { useCases, principal } = context('notebooks:read');
        return { items: await useCases.data.sources.list(principal, project_id) };
      }),
  );

  server.registerTool(
    'browse_objects',
    {
      title: 'Browse objects',
      description: 'Folders and objects under a prefix of a bucket or workspace (a prefix ending in / lists that folder; more text searches by prefix).',
      inputSchema: {
        ...source,
        prefix: z.string().max(1024).optional(),
        cursor: z.string().min(1).optional(),
        limit: z.number().int().min(1).max(1000).optional(),
      },
      annotations: { readOnlyHint: true },
    },
    ({ project_id, source_id, prefix, cursor, limit }) =>
      run(async () => {
        const { useCases, principal } = context('notebooks:read');
        const listed = await useCases.data.objects.list(principal, {
          projectId: project_id,
          sourceId: source_id,
          prefix: prefix ?? '',
          cursor: cursor ?? null,
          limit: limit ?? 200,
        });
        return { bucket: listed.bucket, prefix: listed.prefix, entries: listed.entries, next_cursor: listed.nextCursor };
      }),
  );

  server.registerTool(
    'preview_data',
    {
      title: 'Preview data',
      description: `The first rows (at most ${TOOL_ROWS}) of a file of a bucket or workspace (CSV, JSON, Parquet, Arrow, Excel; or the start of a text), or of a database table. Give key for a file, or schema and table for a table.`,
      inputSchema: {
        ...source,
        key: z.string().min(1).max(1024).optional(),
        schema: z.string().min(1).max(256).optional(),
        table: z.string().min(1).max(256).optional(),
        rows: z.number().int().min(1).max(TOOL_ROWS).optional(),
      },
      annotations: { readOnlyHint: true },
    },
    ({ project_id, source_id, key, schema, table, rows }, extra) =>
      run(async () => {
        const { useCases, principal } = context('notebooks:read');
        const wanted = rows ?? 50;
        if (key !== undefined)
          return useCases.data.objects.preview(principal, { projectId: project_id, sourceId: source_id, key, versionId: null, rows: wanted }, extra.signal);
        if (schema === undefined || table === undefined)
          throw new HubError('VALIDATION_ERROR', 'give key for a file, or schema and table for a table', [
            { field: 'key', message: 'key, or schema and table' },
          ]);
        return withoutRowsJson(
          await useCases.data.databases.previewTable(principal, { projectId: project_id, sourceId: source_id, schema, table, rows: wanted }, extra.signal),
        );
      }),
  );

  server.registerTool(
    'run_query',
    {
      title: 'Run a read-only query',
      description: `One read-only SQL statement against a database source, under the deployment's statement timeout and caps; at most ${TOOL_ROWS} rows come back. Writes are refused by the database.`,
      inputSchema: { ...source, sql: z.string().min(1).max(100_000), max_rows: z.number().int().min(1).max(TOOL_ROWS).optional() },
      annotations: { readOnlyHint: true, openWorldHint: true },
    },
    ({ project_id, source_id, sql, max_rows }, extra) =>
      run(async () => {
        const { useCases, principal } = context('notebooks:read');
        return withoutRowsJson(
          await useCases.data.databases.query(principal, { projectId: project_id, sourceId: source_id, sql, maxRows: max_rows ?? TOOL_ROWS }, extra.signal),
        );
      }),
  );
}

/** The data tools, calling these use cases. */
export const dataTools = (useCases: DataToolUseCases): McpToolSet => toolSet(useCases, registerDataTools);
