/**
 * Sequential reading for the text formats: the object from its start in chunks that grow (a small
 * file costs one read, a long first row a few), through gzip when it is compressed. The byte
 * budget counts what is read from the object; decompressed text is capped separately (the
 * expansion cap), so a compression bomb stops after the cap with `expansion`, not an exhausted
 * hub. fflate is fed small slices so no single step inflates more than a little.
 */
import { Gunzip } from 'fflate';
import { PreviewError } from '../../../core/ports/data-preview.js';
import type { ByteSource } from './source.js';
import { formatBytes } from './values.js';

const FIRST_CHUNK = 64 * 1024;
const LARGEST_CHUNK = 4 * 1024 * 1024;
/** Compressed input given to the inflater at a time: deflate expands at most ~1032×, so ≤ ~1 MiB per step. */
const INFLATE_SLICE = 1024;

export interface ByteStreamOptions {
  gzip: boolean;
  /** Decompressed bytes allowed (compressed input only). */
  maxExpanded: number;
}

/** The object's bytes from the start, decompressed when `gzip`; ends at the object's end. */
export async function* byteStream(source: ByteSource, options: ByteStreamOptions): AsyncGenerator<Uint8Array> {
  if (!options.gzip) {
    yield* rawChunks(source);
    return;
  }
  let pending: Uint8Array[] = [];
  let expanded = 0;
  let compressed = 0;
  const gunzip = new Gunzip((chunk) => {
    expanded += chunk.length;
    if (expanded > options.maxExpanded) {
      throw new PreviewError(
        'expansion',
        `The gzip-compressed data expands past the preview's limit of ${formatBytes(options.maxExpanded)} (from ${formatBytes(compressed)} read) before the preview is complete: a compression bomb, or rows too long to show.`,
      );
    }
    pending.push(chunk);
  });
  for await (const chunk of rawChunks(source)) {
    compressed += chunk.length;
    for (let at = 0; at < chunk.length; at += INFLATE_SLICE) {
      try {
        gunzip.push(chunk.subarray(at, at + INFLATE_SLICE));
      } catch (error) {
        throw error instanceof PreviewError ? error : new PreviewError('malformed', `The gzip-compressed data is damaged: ${(error as Error).message}.`);
      }
      if (pending.length > 0) {
        const ready = pending;
        pending = [];
        yield* ready;
      }
    }
  }
  try {
    gunzip.push(new Uint8Array(0), true);
  } catch (error) {
    if (error instanceof PreviewError) throw error;
    throw new PreviewError('malformed', `The gzip-compressed data ends early or is damaged: ${(error as Error).message}.`);
  }
  yield* pending;
}

/** Chunks of the object from its start, growing from 64 KiB to 4 MiB, within the byte budget. */
async function* rawChunks(source: ByteSource): AsyncGenerator<Uint8Array> {
  let offset = 0;
  let size = FIRST_CHUNK;
  while (offset < source.size) {
    const length = Math.min(size, source.size - offset, source.remaining);
    // The consumer asked for more than the budget holds: its own message says why it needed it.
    if (length <= 0) throw source.budgetError();
    const chunk = await source.read(offset, length);
    if (chunk.length === 0) return;
    offset += chunk.length;
    size = Math.min(size * 2, LARGEST_CHUNK);
    yield chunk;
  }
}

/**
 * Text from UTF-8 bytes, told apart: `invalid` turns true at the first byte sequence that is not
 * UTF-8 (shown as U+FFFD). A character cut at a chunk's end waits for the next chunk.
 */
export class Utf8Text {
  invalid = false;
  private readonly lenient = new TextDecoder('utf-8', { fatal: false, ignoreBOM: false });
  private readonly strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

  decode(bytes: Uint8Array, final = false): string {
    if (!this.invalid) {
      try {
        this.strict.decode(bytes, { stream: !final });
      } catch {
        this.invalid = true;
      }
    }
    return this.lenient.decode(bytes, { stream: !final });
  }
}
