/**
 * The bytes of a Parquet column chunk, read as its pages are walked. A preview reads a chunk from
 * its start only as far as the rows shown: a page header, then as much of the page as its first
 * rows need (parquet-rows.ts), then the next page only when those rows go on there. Reads never
 * go past the chunk, and what was read is kept for the reads that come back to it.
 */
import type { ColumnChunk, PageHeader } from 'hyparquet';
import { parquetHeader } from 'hyparquet/src/column.js';
import { PreviewError } from '../../../../core/ports/data-preview.js';
import type { ByteSource } from '../source.js';

/** What a chunk reads at once, at most: a page header and, usually, the start of the page after it. */
const READ_AHEAD = 64 * 1024;
/** What it reads at once, at least, however many chunks share the byte budget. */
const LEAST_READ_AHEAD = 4 * 1024;
const HEADER_WINDOW = 1024;
const LONGEST_HEADER = 1024 * 1024;

export class ChunkBytes {
  /** The bytes read last: pages are walked forwards, so a read extends them or moves on past them. */
  private held: { offset: number; bytes: Uint8Array } = { offset: 0, bytes: new Uint8Array(0) };

  /**
   * `chunks` is how many chunks the preview reads at once: their reads ahead share half of what is
   * left of the byte budget, so a file of hundreds of columns is not refused for reading ahead.
   */
  constructor(
    private readonly source: ByteSource,
    readonly start: number,
    readonly end: number,
    chunks = 1,
  ) {
    this.readAhead = Math.max(LEAST_READ_AHEAD, Math.min(READ_AHEAD, Math.floor(source.remaining / (2 * chunks))));
  }

  private readonly readAhead: number;

  /** The column chunk's byte range, from its metadata (the dictionary page first, when it has one). */
  static range(chunk: ColumnChunk): { start: number; end: number } {
    const meta = chunk.meta_data;
    if (!meta) throw new Error('parquet column metadata is undefined');
    if (chunk.file_path) throw new Error('parquet file_path not supported');
    const start = Number(meta.dictionary_page_offset || meta.data_page_offset);
    return { start, end: start + Number(meta.total_compressed_size) };
  }

  /**
   * `length` bytes at `offset` (fewer at the chunk's end). A read past what is held reads ahead
   * (within the chunk and the byte budget).
   */
  async read(offset: number, length: number): Promise<Uint8Array> {
    const stop = Math.min(this.end, offset + length);
    if (offset < this.start || stop < offset) throw new PreviewError('malformed', 'A Parquet page lies outside its column chunk.');
    const held = this.held;
    const heldEnd = held.offset + held.bytes.length;
    const extends_ = held.offset <= offset && offset <= heldEnd;
    if (extends_ && stop <= heldEnd) return held.bytes.subarray(offset - held.offset, stop - held.offset);
    // A small file's chunks may lie in what the footer's read brought.
    const earlier = this.source.held(offset, stop - offset);
    if (earlier) return earlier;
    const from = extends_ ? heldEnd : offset;
    const to = Math.min(this.end, Math.max(stop, from + Math.min(this.readAhead, this.source.remaining)));
    const fetched = await this.source.fetch(from, to - from);
    if (extends_) {
      const bytes = new Uint8Array(held.bytes.length + fetched.length);
      bytes.set(held.bytes);
      bytes.set(fetched, held.bytes.length);
      this.held = { offset: held.offset, bytes };
    } else {
      this.held = { offset, bytes: fetched };
    }
    return this.held.bytes.subarray(offset - this.held.offset, stop - this.held.offset);
  }

  /** The page header at `offset`, read in a window that grows when the header is longer (large statistics). */
  async pageHeader(offset: number): Promise<{ header: PageHeader; headerLength: number }> {
    for (let window = HEADER_WINDOW; ; window *= 4) {
      const bytes = await this.read(offset, window);
      const reader = { view: new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength), offset: 0 };
      try {
        const header = parquetHeader(reader);
        return { header, headerLength: reader.offset };
      } catch (error) {
        if (window >= LONGEST_HEADER || offset + bytes.length >= this.end) {
          throw new PreviewError('malformed', `A Parquet page header could not be read: ${(error as Error).message}.`);
        }
      }
    }
  }
}
