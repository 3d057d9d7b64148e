import { Type } from 'typebox';

/*
 * The data browser's answers (docs/data-browser.md). Row values are JSON: numbers beyond 2^53,
 * decimals, dates and binary arrive as text, nested values as JSON.
 */

/** An integration's id, or a notebook's for its workspace. */
const SOURCE_ID = '^(intg|nb)-[0-9a-z]{16}$';
/** Object keys and prefixes: any text without control characters. */
const KEY_TEXT = '^[^\\u0000-\\u001f]*$';
/** Database names: any text without NUL. */
const NAME_TEXT = '^[^\\u0000]+$';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

export const SourceParams = Type.Object({
  pid: Type.String({ pattern: '^proj-[0-9a-z]{16}$' }),
  sid: Type.String({ pattern: SOURCE_ID, description: 'An integration id, or a notebook id for its workspace' }),
});

export const TableParams = Type.Object({
  ...SourceParams.properties,
  schema: Type.String({ minLength: 1, maxLength: 256, pattern: NAME_TEXT }),
  table: Type.String({ minLength: 1, maxLength: 256, pattern: NAME_TEXT }),
});

export const DataSource = Type.Object(
  {
    id: Type.String({ description: 'What the routes below take as :sid' }),
    type: Type.Enum(['objects', 'database']),
    kind: Type.String({ description: 's3, postgres, mysql (a workspace is reached by its notebook id)' }),
    name: Type.String(),
    integration_id: Nullable(Type.String()),
    notebook_id: Nullable(Type.String()),
    usable: Type.Boolean({ description: 'Whether the caller may browse it (integration.use)' }),
    reason: Nullable(Type.String({ description: 'Why it is not usable' })),
    bucket: Nullable(Type.String()),
    database: Nullable(Type.String()),
  },
  { $id: 'DataSource' },
);

export const ObjectEntry = Type.Union(
  [
    Type.Object({ type: Type.Literal('folder'), prefix: Type.String(), name: Type.String() }),
    Type.Object({
      type: Type.Literal('object'),
      key: Type.String(),
      name: Type.String(),
      size: Type.Integer(),
      modified: Nullable(Type.String({ format: 'date-time' })),
      etag: Nullable(Type.String()),
    }),
  ],
  { $id: 'ObjectEntry' },
);

export const ObjectPage = Type.Object(
  {
    bucket: Type.String(),
    prefix: Type.String(),
    entries: Type.Array(ObjectEntry),
    next_cursor: Nullable(Type.String()),
  },
  { $id: 'ObjectPage' },
);

export const ObjectQuery = Type.Object({
  prefix: Type.Optional(
    Type.String({ maxLength: 1024, pattern: KEY_TEXT, default: '', description: 'A folder ending in / lists it; more text after it searches by prefix' }),
  ),
  cursor: Type.Optional(Type.String({ minLength: 1, maxLength: 4096 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 200 })),
});

export const KeyQuery = Type.Object({
  key: Type.String({ minLength: 1, maxLength: 1024, pattern: KEY_TEXT }),
  version_id: Type.Optional(Type.String({ minLength: 1, maxLength: 1024, pattern: KEY_TEXT })),
});

export const PreviewQuery = Type.Object({
  ...KeyQuery.properties,
  rows: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 100, description: 'At most SERVICE_DATA_PREVIEW_MAX_ROWS' })),
});

export const ObjectDetails = Type.Object(
  {
    key: Type.String(),
    name: Type.String(),
    size: Type.Integer(),
    modified: Nullable(Type.String({ format: 'date-time' })),
    content_type: Nullable(Type.String()),
    etag: Nullable(Type.String()),
    version_id: Nullable(Type.String()),
    versions: Nullable(
      Type.Array(
        Type.Object({
          version_id: Type.String(),
          size: Type.Integer(),
          modified: Nullable(Type.String({ format: 'date-time' })),
          latest: Type.Boolean(),
          deleted: Type.Boolean(),
        }),
      ),
    ),
    format: Nullable(Type.String({ description: 'The preview format its name promises' })),
  },
  { $id: 'ObjectDetails' },
);

const PreviewCommon = {
  notes: Type.Array(Type.String()),
  bytes_read: Type.Integer({ description: 'Bytes read from the object to answer' }),
  size: Type.Integer(),
  duration_ms: Type.Integer(),
};

export const DataPreview = Type.Union(
  [
    Type.Object({
      kind: Type.Literal('table'),
      format: Type.String(),
      columns: Type.Array(Type.Object({ name: Type.String(), type: Type.String(), source_type: Nullable(Type.String()) })),
      rows: Type.Array(Type.Array(Type.Unknown())),
      total_rows: Nullable(Type.Integer()),
      truncated: Type.Boolean(),
      ...PreviewCommon,
    }),
    Type.Object({
      kind: Type.Literal('text'),
      format: Type.String(),
      text: Type.String(),
      truncated: Type.Boolean(),
      invalid_utf8: Type.Boolean(),
      ...PreviewCommon,
    }),
    Type.Object({
      kind: Type.Literal('image'),
      format: Type.Literal('image'),
      content_type: Type.String(),
      width: Nullable(Type.Integer()),
      height: Nullable(Type.Integer()),
      ...PreviewCommon,
    }),
  ],
  { $id: 'DataPreview' },
);

export const DatabaseTables = Type.Object(
  {
    tables: Type.Array(Type.Object({ schema: Type.String(), name: Type.String(), type: Type.Enum(['table', 'view']), row_estimate: Nullable(Type.Integer()) })),
  },
  { $id: 'DatabaseTables' },
);

export const TableColumns = Type.Object(
  { schema: Type.String(), name: Type.String(), columns: Type.Array(Type.Object({ name: Type.String(), type: Type.String(), nullable: Type.Boolean() })) },
  { $id: 'TableColumns' },
);

export const QueryResult = Type.Object(
  {
    columns: Type.Array(Type.Object({ name: Type.String(), type: Type.String() })),
    rows: Type.Array(Type.Array(Type.Unknown())),
    row_count: Type.Integer(),
    truncated: Nullable(Type.Enum(['rows', 'bytes'], { description: 'The cap that stopped reading' })),
    duration_ms: Type.Integer(),
  },
  { $id: 'QueryResult' },
);

export const RowsQuery = Type.Object({ rows: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 100 })) });

export const QueryBody = Type.Object({
  sql: Type.String({ minLength: 1, maxLength: 100_000, description: 'One read-only statement' }),
  max_rows: Type.Optional(Type.Integer({ minimum: 1, description: 'Lowers SERVICE_DATA_QUERY_MAX_ROWS for this query' })),
});

export const CellBody = Type.Object({
  source_id: Type.String({ pattern: SOURCE_ID }),
  object: Type.Optional(Type.Object({ key: Type.String({ minLength: 1, maxLength: 1024, pattern: KEY_TEXT }) })),
  table: Type.Optional(
    Type.Object({
      schema: Type.String({ minLength: 1, maxLength: 256, pattern: NAME_TEXT }),
      name: Type.String({ minLength: 1, maxLength: 256, pattern: NAME_TEXT }),
      rows: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
    }),
  ),
  sql: Type.Optional(Type.String({ minLength: 1, maxLength: 100_000 })),
  target: Type.Union([
    Type.Object(
      { session_id: Type.String({ pattern: '^ses-[0-9a-z]{16}$', description: 'Your running edit session: its editor shows the cells at once' }) },
      { additionalProperties: false },
    ),
    Type.Object({ notebook_id: Type.String({ pattern: '^nb-[0-9a-z]{16}$' }) }, { additionalProperties: false }),
    Type.Object({ new_notebook: Type.Object({ title: Type.String({ minLength: 1, maxLength: 200 }) }) }, { additionalProperties: false }),
  ]),
});

export const CellOutcome = Type.Object(
  {
    notebook_id: Type.String(),
    version_id: Nullable(Type.String({ description: 'The version saved; null when the cells went into an edit session' })),
    session_id: Nullable(Type.String()),
    code: Type.String({ description: 'The cells added, in marimo’s file format' }),
    dependencies: Type.Array(Type.String(), { description: 'The packages the cells need (declared in the notebook’s PEP 723 header)' }),
    variable: Type.String({ description: 'The variable that holds the data' }),
  },
  { $id: 'DataCell' },
);

export const CellPreview = Type.Object(
  {
    code: Type.String({ description: 'The cells that adding would write, in marimo’s file format' }),
    dependencies: Type.Array(Type.String(), { description: 'The packages the cells need' }),
    variable: Type.String({ description: 'The variable that would hold the data' }),
  },
  { $id: 'DataCellPreview' },
);

export const AiQueryBody = Type.Object({
  question: Type.String({ minLength: 1, maxLength: 2000 }),
  tables: Type.Optional(
    Type.Array(
      Type.Object({
        schema: Type.String({ minLength: 1, maxLength: 256, pattern: NAME_TEXT }),
        name: Type.String({ minLength: 1, maxLength: 256, pattern: NAME_TEXT }),
      }),
      { maxItems: 30 },
    ),
  ),
  include_sample_rows: Type.Optional(Type.Boolean({ default: false, description: 'Send the first 3 rows of each table too; off: names and types only' })),
});

export const AiQueryAnswer = Type.Object(
  {
    sql: Type.String({ description: 'For review: never run by the hub on its own' }),
    model: Type.String(),
    provider_id: Type.String({ description: 'The AI provider integration asked' }),
    sent_sample_rows: Type.Boolean(),
  },
  { $id: 'AiQueryAnswer' },
);
