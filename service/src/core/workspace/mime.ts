/**
 * Media types by file extension. The type of a workspace file comes from its name only, never
 * from what an uploader claimed, so a file cannot be smuggled in as a more dangerous type.
 */
const BY_EXTENSION: Readonly<Record<string, string>> = {
  txt: 'text/plain',
  log: 'text/plain',
  ini: 'text/plain',
  cfg: 'text/plain',
  conf: 'text/plain',
  lock: 'text/plain',
  md: 'text/markdown',
  markdown: 'text/markdown',
  rst: 'text/x-rst',
  csv: 'text/csv',
  tsv: 'text/tab-separated-values',
  py: 'text/x-python',
  pyi: 'text/x-python',
  r: 'text/x-r',
  sh: 'text/x-shellscript',
  sql: 'application/sql',
  js: 'text/javascript',
  mjs: 'text/javascript',
  css: 'text/css',
  json: 'application/json',
  geojson: 'application/geo+json',
  jsonl: 'application/jsonl',
  ndjson: 'application/x-ndjson',
  ipynb: 'application/x-ipynb+json',
  yaml: 'application/yaml',
  yml: 'application/yaml',
  toml: 'application/toml',
  html: 'text/html',
  htm: 'text/html',
  xhtml: 'application/xhtml+xml',
  xml: 'application/xml',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  bmp: 'image/bmp',
  ico: 'image/vnd.microsoft.icon',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  pdf: 'application/pdf',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  flac: 'audio/flac',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
  zip: 'application/zip',
  gz: 'application/gzip',
  tgz: 'application/gzip',
  bz2: 'application/x-bzip2',
  xz: 'application/x-xz',
  zst: 'application/zstd',
  tar: 'application/x-tar',
  '7z': 'application/x-7z-compressed',
  parquet: 'application/vnd.apache.parquet',
  arrow: 'application/vnd.apache.arrow.file',
  feather: 'application/vnd.apache.arrow.file',
  h5: 'application/x-hdf5',
  hdf5: 'application/x-hdf5',
  sqlite: 'application/vnd.sqlite3',
  db: 'application/vnd.sqlite3',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  xls: 'application/vnd.ms-excel',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  woff: 'font/woff',
  woff2: 'font/woff2',
  ttf: 'font/ttf',
  otf: 'font/otf',
};

export const UNKNOWN_TYPE = 'application/octet-stream';

/** The media type of a file name; names without a known extension are opaque bytes. */
export function mimeTypeOf(name: string): string {
  const dot = name.lastIndexOf('.');
  // `.env` is a name, not an extension.
  if (dot <= 0) return UNKNOWN_TYPE;
  return BY_EXTENSION[name.slice(dot + 1).toLowerCase()] ?? UNKNOWN_TYPE;
}

/** Types a browser would run as a document (scripts on the hub's origin): always downloaded. */
const ACTIVE = new Set(['text/html', 'application/xhtml+xml', 'image/svg+xml', 'application/xml', UNKNOWN_TYPE]);

export function isActiveContent(mimeType: string): boolean {
  return ACTIVE.has(mimeType);
}

const TEXTUAL = new Set([
  'application/json',
  'application/geo+json',
  'application/jsonl',
  'application/x-ndjson',
  'application/x-ipynb+json',
  'application/yaml',
  'application/toml',
  'application/sql',
  'application/xml',
  'application/xhtml+xml',
  'image/svg+xml',
]);

/** Whether the type is text (served with a UTF-8 charset, since browsers otherwise guess). */
export function isTextual(mimeType: string): boolean {
  return mimeType.startsWith('text/') || TEXTUAL.has(mimeType);
}

/** Already-compressed formats, which an archive stores rather than deflating again. */
export function isCompressed(mimeType: string): boolean {
  return (
    (/^(image|audio|video|font)\//.test(mimeType) && mimeType !== 'image/svg+xml' && mimeType !== 'image/bmp' && mimeType !== 'image/tiff') ||
    /zip|gzip|bzip2|x-xz|zstd|7z|parquet|openxmlformats|opendocument/.test(mimeType)
  );
}
