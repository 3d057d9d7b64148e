/**
 * The worker's only way to the object's bytes: it asks the main thread for a range over the
 * preview's MessagePort and waits for the answer. The main thread serves the range through the
 * request's `read` and counts it against the byte budget; this side keeps its own count too, so a
 * format can stop short of the budget with a message of its own instead of being refused.
 */
import type { MessagePort } from 'node:worker_threads';
import { PreviewError } from '../../../core/ports/data-preview.js';
import type { ReadAnswer, WorkerMessage } from './protocol.js';
import { formatBytes } from './values.js';

/** Small reads are rounded up to this, so a format that reads a few bytes at a time costs one round trip per block. */
export const READ_AHEAD = 64 * 1024;
/** Blocks kept for reads that come back to them (Parquet and Arrow read a header, then the body beside it). */
const CACHED_BLOCKS = 16;

export class ByteSource {
  /** Bytes asked for so far (what the budget counts). */
  bytesRead = 0;
  private nextId = 0;
  private readonly pending = new Map<number, { resolve: (bytes: Uint8Array) => void; reject: (error: Error) => void }>();
  private readonly cache: { offset: number; bytes: Uint8Array }[] = [];

  constructor(
    private readonly port: MessagePort,
    readonly size: number,
    readonly maxBytes: number,
  ) {
    port.on('message', (answer: ReadAnswer) => {
      const waiting = this.pending.get(answer.id);
      if (!waiting) return;
      this.pending.delete(answer.id);
      if (answer.type === 'bytes') waiting.resolve(answer.bytes);
      else waiting.reject(new PreviewError(answer.reason, answer.message));
    });
  }

  /** Bytes the budget still allows. */
  get remaining(): number {
    return Math.max(0, this.maxBytes - this.bytesRead);
  }

  /** The error a format throws when what it needs does not fit in the budget. */
  budgetError(what = 'Showing this file'): PreviewError {
    return new PreviewError('byte-budget', `${what} would read more than the preview's byte budget of ${formatBytes(this.maxBytes)}.`);
  }

  /**
   * Reads `length` bytes at `offset` (fewer at the end of the object). Reads below a block are
   * rounded up to one (within the budget) and served from the cache when they come back.
   */
  async read(offset: number, length: number): Promise<Uint8Array> {
    const end = Math.min(this.size, offset + length);
    if (offset < 0 || end <= offset) return new Uint8Array(0);
    const cached = this.cache.find((block) => block.offset <= offset && end <= block.offset + block.bytes.length);
    if (cached) return cached.bytes.subarray(offset - cached.offset, end - cached.offset);
    const wanted = end - offset;
    const fetch = Math.min(this.size - offset, Math.max(wanted, Math.min(READ_AHEAD, this.remaining)));
    const bytes = await this.fetch(offset, fetch);
    this.cache.push({ offset, bytes });
    if (this.cache.length > CACHED_BLOCKS) this.cache.shift();
    return bytes.subarray(0, wanted);
  }

  /** The bytes at `offset` when an earlier read holds all `length` of them (fewer at the end of the object), else null: no request. */
  held(offset: number, length: number): Uint8Array | null {
    const end = Math.min(this.size, offset + length);
    const block = this.cache.find((cached) => cached.offset <= offset && end <= cached.offset + cached.bytes.length);
    return block ? block.bytes.subarray(offset - block.offset, end - block.offset) : null;
  }

  /** Reads exactly the range asked for, without read-ahead or cache (sequential formats). */
  async fetch(offset: number, length: number): Promise<Uint8Array> {
    const end = Math.min(this.size, offset + length);
    if (offset < 0 || end <= offset) return new Uint8Array(0);
    if (end - offset > this.remaining) throw this.budgetError();
    this.bytesRead += end - offset;
    const id = this.nextId++;
    const answer = new Promise<Uint8Array>((resolve, reject) => this.pending.set(id, { resolve, reject }));
    const request: WorkerMessage = { type: 'read', id, offset, length: end - offset };
    this.port.postMessage(request);
    return answer;
  }
}
