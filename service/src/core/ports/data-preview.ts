/**
 * Previews of the data browser (docs/data-browser.md, "Previews"): the first rows of a table
 * file, the start of a text, what an image is. Parsing runs where a parser bug cannot take the
 * hub down (the adapter's worker), under the budgets given; the bytes come through `read`, which
 * the caller counts.
 */

export type PreviewFormat = 'csv' | 'tsv' | 'json' | 'ndjson' | 'parquet' | 'arrow' | 'excel' | 'image' | 'text' | 'markdown';

export interface PreviewBudgets {
  /** Bytes that may be read from the object (compressed bytes, for a compressed one). */
  maxBytes: number;
  /** Rows a table preview may hold (a request asks for at most this many). */
  maxRows: number;
  /** Wall time from start to answer. */
  timeoutMs: number;
  /** Heap the parser may use, in MiB. */
  memoryMb: number;
}

export interface PreviewRequest {
  /** The object's key or path: its extension names the format unless the content says otherwise. */
  name: string;
  size: number;
  contentType: string | null;
  rows: number;
  budgets: PreviewBudgets;
  /** Reads `length` bytes at `offset` (fewer at the end). */
  read(offset: number, length: number): Promise<Uint8Array>;
  signal: AbortSignal;
}

export type PreviewColumnType = 'integer' | 'float' | 'boolean' | 'date' | 'datetime' | 'string' | 'binary' | 'list' | 'struct' | 'null';

export interface PreviewColumn {
  name: string;
  /** Inferred (CSV, JSON) or declared (Parquet, Arrow). */
  type: PreviewColumnType;
  /** The file's own type name where it declares one (`INT64`, `Utf8`, ...). */
  sourceType: string | null;
}

export type Preview =
  | {
      kind: 'table';
      format: PreviewFormat;
      columns: PreviewColumn[];
      /** JSON values: big integers as text, dates as ISO text, binary as base64, nested values as JSON. */
      rows: unknown[][];
      /** Rows in the whole object where the format says (Parquet, Arrow file); else null. */
      totalRows: number | null;
      /** More rows follow than were shown. */
      truncated: boolean;
      /** Things a person should know ("the first sheet of 3", "gzip-compressed"). */
      notes: string[];
    }
  | { kind: 'text'; format: PreviewFormat; text: string; truncated: boolean; invalidUtf8: boolean; notes: string[] }
  | { kind: 'image'; format: 'image'; contentType: string; width: number | null; height: number | null; notes: string[] };

/** A preview with the bytes read from the object to make it (what the byte budget counted). */
export type PreviewResult = Preview & { bytesRead: number };

export type PreviewFailure =
  /** The bytes are not what the format says (a truncated Parquet footer, broken JSON). */
  | 'malformed'
  /** No preview for this kind of file. */
  | 'unsupported'
  /** Showing it would read more than the byte budget (a 100 MB line). */
  | 'byte-budget'
  | 'time-budget'
  | 'memory-budget'
  /** Compressed beyond what a preview may expand (a zip bomb). */
  | 'expansion';

export class PreviewError extends Error {
  constructor(
    readonly reason: PreviewFailure,
    message: string,
  ) {
    super(message);
    this.name = 'PreviewError';
  }
}

export interface DataPreviewer {
  /** The formats it reads. */
  readonly formats: readonly PreviewFormat[];
  /**
   * Throws PreviewError for a file it cannot preview within the budgets; never hangs past
   * `timeoutMs`. An aborted `signal` rejects with the signal's reason; a failed `read`, with the
   * read's error.
   */
  preview(request: PreviewRequest): Promise<PreviewResult>;
  /**
   * The bytes a preview of a file whose name promises `format` (null: none) asks for first: its
   * first `head` bytes (what the file is) and its last `tail` (a Parquet footer; 0 for formats
   * read from the start). A caller may fetch them with the object's facts before the preview
   * starts, in one round trip, and serve those reads from them.
   */
  firstReads(format: PreviewFormat | null): { head: number; tail: number };
  /** Ends its workers (shutdown). */
  close(): Promise<void>;
}
