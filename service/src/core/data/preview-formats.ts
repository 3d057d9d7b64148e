import type { PreviewFormat } from '../ports/data-preview.js';

/*
 * The preview format a name (else a content type) promises: what the data browser offers to
 * preview, which reader a notebook cell uses, and what the previewer expects before it looks at
 * the bytes (docs/data-browser.md, "Previews").
 */

const EXTENSIONS: Record<string, PreviewFormat> = {
  csv: 'csv',
  tsv: 'tsv',
  tab: 'tsv',
  json: 'json',
  geojson: 'json',
  ndjson: 'ndjson',
  jsonl: 'ndjson',
  parquet: 'parquet',
  pq: 'parquet',
  arrow: 'arrow',
  arrows: 'arrow',
  feather: 'arrow',
  ipc: 'arrow',
  xlsx: 'excel',
  xlsm: 'excel',
  png: 'image',
  jpg: 'image',
  jpeg: 'image',
  gif: 'image',
  webp: 'image',
  svg: 'image',
  txt: 'text',
  text: 'text',
  log: 'text',
  py: 'text',
  sql: 'text',
  yaml: 'text',
  yml: 'text',
  toml: 'text',
  xml: 'text',
  md: 'markdown',
  markdown: 'markdown',
};

const CONTENT_TYPES: Record<string, PreviewFormat> = {
  'text/csv': 'csv',
  'text/tab-separated-values': 'tsv',
  'application/json': 'json',
  'application/x-ndjson': 'ndjson',
  'application/jsonl': 'ndjson',
  'application/vnd.apache.parquet': 'parquet',
  'application/x-parquet': 'parquet',
  'application/vnd.apache.arrow.file': 'arrow',
  'application/vnd.apache.arrow.stream': 'arrow',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'excel',
  'text/plain': 'text',
  'text/markdown': 'markdown',
};

/** Formats read as text (and so may come gzip-compressed). */
export const TEXT_FORMATS: readonly PreviewFormat[] = ['csv', 'tsv', 'json', 'ndjson', 'text', 'markdown'];

export interface Expected {
  format: PreviewFormat | null;
  /** The name ends in `.gz`. */
  gzipName: boolean;
}

/** The format the name (else the content type) names; `data.csv.gz` names CSV, compressed. */
export function expectedFormat(name: string, contentType: string | null): Expected {
  const base = name.slice(name.lastIndexOf('/') + 1).toLowerCase();
  const gzipName = base.endsWith('.gz');
  const stem = gzipName ? base.slice(0, -3) : base;
  const dot = stem.lastIndexOf('.');
  const byName = dot > 0 ? EXTENSIONS[stem.slice(dot + 1)] : undefined;
  if (byName) return { format: byName, gzipName };
  const type = contentType?.split(';')[0]?.trim().toLowerCase() ?? '';
  const byType = CONTENT_TYPES[type] ?? (type.startsWith('image/') ? 'image' : undefined);
  return { format: byType ?? null, gzipName };
}
