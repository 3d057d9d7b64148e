import { formatBytes } from '../../../core/data/byte-size.js';
import type { ObjectEnds } from '../../../core/ports/data-objects.js';
import { PreviewError } from '../../../core/ports/data-preview.js';

/** Reads this close together are fetched as one: a request costs more than a few KiB more of an answer. */
export const MERGE_GAP = 64 * 1024;

interface Ask {
  offset: number;
  length: number;
  resolve: (bytes: Uint8Array) => void;
  reject: (error: unknown) => void;
}

/**
 * What one preview reads of an object (docs/data-browser.md, "Reading an object for a preview"):
 * the ranges the previewer asks for, served from the ends fetched with the object's facts where
 * they hold them, else fetched from the store. Ranges asked for in the same turn (the column
 * chunks of a Parquet row group) are fetched together, one request for those that touch or lie
 * within {@link MERGE_GAP} of each other. Every byte fetched counts (`bytesRead`: the ends, and
 * the gaps of merged ranges too), and together they stay within the byte budget.
 */
export class PreviewReads {
  /** Bytes fetched from the object so far. */
  bytesRead: number;
  private readonly tailStart: number;
  private reserved = 0;
  private pending: Ask[] = [];

  constructor(
    private readonly ends: ObjectEnds,
    private readonly fetch: (offset: number, length: number) => Promise<Uint8Array>,
    private readonly maxBytes: number,
  ) {
    this.bytesRead = ends.head.length + ends.tail.length;
    this.tailStart = ends.facts.size - ends.tail.length;
  }

  /** `length` bytes at `offset` (fewer at the end of the object). */
  read(offset: number, length: number): Promise<Uint8Array> {
    const held = slice(this.ends.head, 0, offset, length) ?? slice(this.ends.tail, this.tailStart, offset, length);
    if (held) return Promise.resolve(held);
    return new Promise<Uint8Array>((resolve, reject) => {
      // Asks that arrive together (the worker's messages of one turn) wait for each other until the loop turns.
      if (this.pending.length === 0) setImmediate(() => this.flush());
      this.pending.push({ offset, length, resolve, reject });
    });
  }

  private flush(): void {
    const asks = this.pending.sort((a, b) => a.offset - b.offset);
    this.pending = [];
    let group: Ask[] = [];
    let end = 0;
    for (const ask of asks) {
      const askEnd = ask.offset + ask.length;
      // Within reach of the group, and the group with the gap still fits the budget: one request.
      if (group.length > 0 && ask.offset <= end + MERGE_GAP && this.fits(Math.max(end, askEnd) - group[0]!.offset)) {
        group.push(ask);
        end = Math.max(end, askEnd);
        continue;
      }
      if (group.length > 0) this.send(group, end);
      group = [ask];
      end = askEnd;
    }
    if (group.length > 0) this.send(group, end);
  }

  /** Whether `more` bytes may still be fetched, counting those already on their way. */
  private fits(more: number): boolean {
    return this.bytesRead + this.reserved + more <= this.maxBytes;
  }

  private send(group: Ask[], end: number): void {
    const start = group[0]!.offset;
    const length = end - start;
    if (!this.fits(length)) {
      const error = new PreviewError('byte-budget', `Showing this file would read more than the preview's byte budget of ${formatBytes(this.maxBytes)}.`);
      for (const ask of group) ask.reject(error);
      return;
    }
    this.reserved += length;
    this.fetch(start, length).then(
      (bytes) => {
        this.reserved -= length;
        this.bytesRead += bytes.length;
        for (const ask of group)
          ask.resolve(bytes.subarray(Math.min(bytes.length, ask.offset - start), Math.min(bytes.length, ask.offset - start + ask.length)));
      },
      (error: unknown) => {
        this.reserved -= length;
        for (const ask of group) ask.reject(error);
      },
    );
  }
}

/** `length` bytes at `offset` of the object, when `bytes` (which start at `start` in it) hold them all; else null. */
function slice(bytes: Uint8Array, start: number, offset: number, length: number): Uint8Array | null {
  if (bytes.length === 0 || offset < start || offset + length > start + bytes.length) return null;
  return bytes.subarray(offset - start, offset - start + length);
}
