const TYPES: Record<string, string> = {
  csv: 'CSV',
  tsv: 'TSV',
  json: 'JSON',
  ndjson: 'NDJSON',
  jsonl: 'NDJSON',
  parquet: 'Parquet',
  arrow: 'Arrow',
  feather: 'Arrow',
  ipc: 'Arrow',
  xlsx: 'Excel',
  xls: 'Excel',
  png: 'PNG image',
  jpg: 'JPEG image',
  jpeg: 'JPEG image',
  gif: 'GIF image',
  webp: 'WebP image',
  svg: 'SVG image',
  txt: 'Text',
  md: 'Markdown',
  py: 'Python',
  sql: 'SQL',
  gz: 'Gzip',
  zip: 'Zip',
};

/** What kind of file a name says it is ("CSV", "Parquet"), from its extension. */
export function fileType(name: string): string {
  const dot = name.lastIndexOf('.');
  if (dot <= 0 || dot === name.length - 1) return 'File';
  const extension = name.slice(dot + 1).toLowerCase();
  return TYPES[extension] ?? extension.toUpperCase().slice(0, 8);
}
