/**
 * What a file is. The name (or the content type) says what the caller expects; the first bytes
 * say what it is. Binary formats are told by their magic bytes, so a Parquet file named `.csv` or
 * a ZIP archive named `.csv` gets a clear answer instead of a parser's confusion.
 */
import { PreviewError, type PreviewFormat } from '../../../core/ports/data-preview.js';
import { TEXT_FORMATS, type Expected } from '../../../core/data/preview-formats.js';

export type Content = 'parquet' | 'arrow-file' | 'arrow-stream' | 'zip' | 'gzip' | 'png' | 'jpeg' | 'gif' | 'webp' | 'svg' | 'other-binary' | 'text';

/** What each content is called in a message. */
const CONTENT_NAMES: Record<Content, string> = {
  parquet: 'a Parquet file',
  'arrow-file': 'an Arrow IPC file',
  'arrow-stream': 'an Arrow IPC stream',
  zip: 'a ZIP archive',
  gzip: 'gzip-compressed data',
  png: 'a PNG image',
  jpeg: 'a JPEG image',
  gif: 'a GIF image',
  webp: 'a WebP image',
  svg: 'an SVG image',
  'other-binary': 'binary data',
  text: 'text',
};

export const FORMAT_NAMES: Record<PreviewFormat, string> = {
  csv: 'CSV',
  tsv: 'TSV',
  json: 'JSON',
  ndjson: 'NDJSON',
  parquet: 'Parquet',
  arrow: 'Arrow',
  excel: 'Excel',
  image: 'an image',
  text: 'text',
  markdown: 'Markdown',
};

const startsWith = (bytes: Uint8Array, magic: readonly number[], at = 0) => magic.every((byte, index) => bytes[at + index] === byte);
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/** What the first bytes are (at least the first 4 KiB, when the object has them). */
export function sniff(head: Uint8Array): Content {
  if (startsWith(head, ascii('PAR1'))) return 'parquet';
  if (startsWith(head, ascii('ARROW1'))) return 'arrow-file';
  // An IPC stream message starts with the continuation marker, then a metadata length.
  if (startsWith(head, [0xff, 0xff, 0xff, 0xff]) && head.length >= 8) return 'arrow-stream';
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04]) || startsWith(head, [0x50, 0x4b, 0x05, 0x06])) return 'zip';
  if (startsWith(head, [0x1f, 0x8b])) return 'gzip';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(head, ascii('GIF87a')) || startsWith(head, ascii('GIF89a'))) return 'gif';
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8)) return 'webp';
  if (looksBinary(head)) return 'other-binary';
  const text = new TextDecoder()
    .decode(head.subarray(0, 4096))
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (/^(?:<\?xml[^>]*>\s*)?(?:<!--[\s\S]*?-->\s*)*(?:<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i.test(text)) return 'svg';
  return 'text';
}

/** Text has no NUL bytes and few control characters (UTF-16 text counts as binary here). */
function looksBinary(head: Uint8Array): boolean {
  const sample = head.subarray(0, 4096);
  let control = 0;
  for (const byte of sample) {
    if (byte === 0) return true;
    if (byte < 0x09 || (byte > 0x0d && byte < 0x20 && byte !== 0x1b)) control++;
  }
  return control > sample.length / 10;
}

export type Route = { format: PreviewFormat; content: Content };

/**
 * The format to read, from what is expected and what the bytes are; a clear PreviewError when
 * they disagree or when nothing here reads the content.
 */
export function route(name: string, expected: Expected, content: Content): Route {
  const fileName = name.slice(name.lastIndexOf('/') + 1) || name;
  const { format } = expected;
  const mismatch = (what: PreviewFormat) =>
    new PreviewError('malformed', `${fileName} is named as ${FORMAT_NAMES[what]} but its bytes are ${CONTENT_NAMES[content]}.`);
  switch (content) {
    case 'parquet':
      if (format === null || format === 'parquet') return { format: 'parquet', content };
      throw mismatch(format);
    case 'arrow-file':
    case 'arrow-stream':
      if (format === null || format === 'arrow') return { format: 'arrow', content };
      throw mismatch(format);
    case 'zip':
      if (format === null || format === 'excel') return { format: 'excel', content };
      throw new PreviewError(
        'unsupported',
        `${fileName} is named as ${FORMAT_NAMES[format]} but is a ZIP archive; a preview does not open archives (an .xlsx workbook is the one ZIP it reads).`,
      );
    case 'gzip':
      if (format !== null && TEXT_FORMATS.includes(format)) return { format, content };
      throw new PreviewError(
        'unsupported',
        format === null
          ? `${fileName} is gzip-compressed data of a kind not told by its name; a preview reads compressed CSV, TSV, JSON, NDJSON and text (name it e.g. data.csv.gz).`
          : `${fileName} is named as ${FORMAT_NAMES[format]} but is gzip-compressed; only text formats are read compressed.`,
      );
    case 'png':
    case 'jpeg':
    case 'gif':
    case 'webp':
    case 'svg':
      // An image under another image extension is still an image (the bytes tell its type).
      if (format === null || format === 'image' || (content === 'svg' && (format === 'text' || format === 'markdown')))
        return { format: content === 'svg' && format !== null && format !== 'image' ? format : 'image', content };
      throw mismatch(format);
    case 'other-binary':
      // A stream written before Arrow 0.15 starts with the metadata length, without the continuation marker.
      if (format === 'arrow') return { format, content };
      if (format === null) throw new PreviewError('unsupported', `${fileName} holds binary data of a kind a preview does not read.`);
      if (TEXT_FORMATS.includes(format))
        throw new PreviewError('malformed', `${fileName} is named as ${FORMAT_NAMES[format]} but holds binary data, not text.`);
      throw mismatch(format);
    case 'text':
      if (format === null) return { format: 'text', content };
      if (TEXT_FORMATS.includes(format)) return { format, content };
      throw mismatch(format);
  }
}
