/**
 * Reading the start of a large Parquet column chunk page by page. Without an offset index,
 * hyparquet fetches a whole column chunk, and the first row group of a big file may hold
 * hundreds of MiB per column: for those chunks the file handed to hyparquet answers with only
 * the pages that hold the rows shown (page headers say each page's size and row count), and
 * hyparquet stops decoding at the end of what it was given.
 */
import type { AsyncBuffer, ColumnChunk, FileMetaData } from 'hyparquet';
import { parquetHeader } from 'hyparquet/src/column.js';
import { PreviewError } from '../../../../core/ports/data-preview.js';
import type { ByteSource } from '../source.js';
import { withFewerValues } from './page-values.js';

/** hyparquet reads chunks larger than this on their own (its coalescing limit); smaller ones are read whole. */
export const PAGE_WALK_MIN = 2 * 1024 * 1024;
const HEADER_WINDOW = 16 * 1024;
const LONGEST_HEADER = 1024 * 1024;

export interface ChunkPlan {
  rows: number;
  /**
   * A repeated (list) column's v1 page headers count values, not rows: its pages are read until
   * they hold four values per row, and rows a short list column lacks are left out of the preview.
   */
  repeated: boolean;
}

/** The large chunks of the row groups that hold the first `rowEnd` rows, by their byte range. */
export function largeChunks(metadata: FileMetaData, rowEnd: number): Map<string, ChunkPlan> {
  const chunks = new Map<string, ChunkPlan>();
  let groupStart = 0;
  for (const group of metadata.row_groups) {
    if (groupStart >= rowEnd) break;
    const rows = Math.min(Number(group.num_rows), rowEnd - groupStart);
    for (const chunk of group.columns) {
      const range = chunkRange(chunk);
      // A chunk is read page by page when it is large, or when the preview shows fewer rows than
      // its group holds: its pages are then cut to the rows shown (page-values.ts).
      if (range && (range.end - range.start > PAGE_WALK_MIN || rows < Number(group.num_rows))) {
        chunks.set(`${range.start}:${range.end}`, { rows, repeated: (chunk.meta_data?.path_in_schema.length ?? 1) > 1 });
      }
    }
    groupStart += Number(group.num_rows);
  }
  return chunks;
}

function chunkRange(chunk: ColumnChunk): { start: number; end: number } | null {
  const meta = chunk.meta_data;
  if (!meta) return null;
  const start = Number(meta.dictionary_page_offset || meta.data_page_offset);
  return { start, end: start + Number(meta.total_compressed_size) };
}

/** The pages at the start of the chunk [start, end) that hold `plan.rows` rows, as one buffer. */
export async function leadingPages(source: ByteSource, start: number, end: number, plan: ChunkPlan): Promise<ArrayBuffer> {
  const pages: Uint8Array[] = [];
  let offset = start;
  let rows = 0;
  while (offset < end && rows < plan.rows) {
    const { header, headerLength } = await pageHeader(source, offset, end);
    const length = headerLength + header.compressed_page_size;
    if (header.compressed_page_size < 0 || offset + length > end) throw new PreviewError('malformed', 'A Parquet page runs past the end of its column chunk.');
    const page = await source.read(offset, length);
    offset += length;
    const wanted = plan.rows - rows;
    // A flat column's v1 page counts its rows as values: one holding more than are shown is cut to them (page-values.ts).
    const shorter =
      header.data_page_header && !plan.repeated && header.data_page_header.num_values > wanted ? withFewerValues(page, headerLength, wanted) : null;
    pages.push(shorter ?? page);
    if (header.data_page_header_v2) rows += header.data_page_header_v2.num_rows;
    else if (header.data_page_header) rows += plan.repeated ? header.data_page_header.num_values / 4 : shorter ? wanted : header.data_page_header.num_values;
  }
  const buffer = new Uint8Array(pages.reduce((sum, page) => sum + page.length, 0));
  let at = 0;
  for (const page of pages) {
    buffer.set(page, at);
    at += page.length;
  }
  return buffer.buffer;
}

/** A page header (Thrift), read in a window that grows when the header is longer (large statistics). */
async function pageHeader(source: ByteSource, offset: number, end: number) {
  for (let window = HEADER_WINDOW; ; window *= 4) {
    const bytes = await source.read(offset, Math.min(window, end - offset));
    const reader = { view: new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength), offset: 0 };
    try {
      const header = parquetHeader(reader);
      return { header, headerLength: reader.offset };
    } catch (error) {
      if (window >= LONGEST_HEADER || offset + bytes.length >= end) {
        throw new PreviewError('malformed', `A Parquet page header could not be read: ${(error as Error).message}.`);
      }
    }
  }
}

/** hyparquet's view of the object: ranged reads, the large leading chunks answered page by page. */
export function parquetFile(source: ByteSource, walk: () => Map<string, ChunkPlan>): AsyncBuffer {
  return {
    byteLength: source.size,
    async slice(start: number, end = source.size): Promise<ArrayBuffer> {
      const plan = walk().get(`${start}:${end}`);
      if (plan) return leadingPages(source, start, end, plan);
      const bytes = await source.read(start, end - start);
      return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? (bytes.buffer as ArrayBuffer) : bytes.slice().buffer;
    },
  };
}
