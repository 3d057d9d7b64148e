/**
 * Inflating Parquet pages, whole or only their start. A preview shows the first values of a page,
 * and a writer may put a whole column chunk in one page (DuckDB: 122,880 rows), so a page is
 * inflated only as far as the values shown: snappy, zstd, gzip and brotli decode front to back,
 * from as much of the compressed page as was read. LZ4 pages inflate whole.
 *
 * What comes out is always a buffer of its own of exactly the bytes inflated: a decoder that reads
 * past them fails (a RangeError) rather than reading zeros, which is how the caller knows to ask
 * for more (parquet-rows.ts). A page that says it inflates past LARGEST_PAGE is refused before
 * any buffer is made.
 */
import { brotliDecompressSync, constants, gunzipSync } from 'node:zlib';
import { Decompress as ZstdStream, decompress as zstdDecompress } from 'fzstd';
import { snappyUncompress, type CompressionCodec } from 'hyparquet';
import { compressors as codecs } from 'hyparquet-compressors';
import { PreviewError } from '../../../../core/ports/data-preview.js';
import { formatBytes } from '../values.js';

/** A page that says it inflates past this is taken for a bomb, before its buffer is allocated. */
export const LARGEST_PAGE = 64 * 1024 * 1024;
/** Compressed input is handed to the zstd stream in pieces this large, so it stops soon after the limit. */
const PIECE = 4 * 1024;

type Decompressor = (input: Uint8Array, size: number) => Uint8Array;

/**
 * Whole pages: hyparquet's own snappy (no WebAssembly to load), zstd into a buffer of the declared
 * size, gzip and brotli by Node's zlib (never past the declared size), LZ4 from hyparquet-compressors.
 */
const WHOLE: Partial<Record<CompressionCodec, Decompressor>> = {
  ...codecs,
  ZSTD: (input, size) => zstdDecompress(input, new Uint8Array(size)),
  GZIP: (input, size) => own(gunzipSync(input, { maxOutputLength: Math.max(1, size) })),
  BROTLI: (input, size) => own(brotliDecompressSync(input, { maxOutputLength: Math.max(1, size) })),
  SNAPPY: (input, size) => {
    const output = new Uint8Array(size);
    snappyUncompress(input, output);
    return output;
  },
};

/** Page starts: each answers at most `limit` bytes of the page that `input` (a prefix of the compressed page) begins. */
const START: Partial<Record<CompressionCodec, (input: Uint8Array, limit: number, size: number) => Uint8Array>> = {
  SNAPPY: snappyStart,
  ZSTD: (input, limit) => streamed(input, limit, (emit) => new ZstdStream((chunk) => emit(chunk))),
  // zlib inflates all the input it is given (read only as far as needed), at most to the page's declared size.
  GZIP: (input, limit, size) => own(gunzipSync(input, { finishFlush: constants.Z_SYNC_FLUSH, maxOutputLength: Math.max(1, size) }), limit),
  BROTLI: (input, limit, size) =>
    own(brotliDecompressSync(input, { finishFlush: constants.BROTLI_OPERATION_FLUSH, maxOutputLength: Math.max(1, size) }), limit),
};

/** Whether a page of this codec can be inflated only as far as needed. */
export function inflatesPartly(codec: CompressionCodec): boolean {
  return codec === 'UNCOMPRESSED' || START[codec] !== undefined;
}

/** Refuses a page whose declared size is past the limit, before anything is allocated for it. */
export function checkPageSize(size: number, codec: CompressionCodec): void {
  if (size > LARGEST_PAGE) {
    throw new PreviewError(
      'expansion',
      `A ${codec}-compressed Parquet page says it inflates to ${formatBytes(size)}, past the preview's limit of ${formatBytes(LARGEST_PAGE)} per page.`,
    );
  }
}

/**
 * The first `limit` bytes (at most `size`, the page's declared size) of a page whose compressed
 * bytes start with `input`. With `whole`, `input` is the whole compressed page and the answer is
 * the whole page, checked against its declared size; otherwise it may be shorter than `limit`
 * when `input` runs out first.
 */
export function inflate(codec: CompressionCodec, input: Uint8Array, size: number, limit: number, whole: boolean): Uint8Array {
  checkPageSize(size, codec);
  if (whole) {
    const decompress = codec === 'UNCOMPRESSED' ? (bytes: Uint8Array) => bytes.slice() : WHOLE[codec];
    if (!decompress) throw new Error(`parquet unsupported compression codec: ${codec}`);
    const page = decompress(input, size);
    if (page.length !== size) throw new Error(`parquet decompressed page length ${page.length} does not match header ${size}`);
    return page;
  }
  if (codec === 'UNCOMPRESSED') return input.slice(0, Math.min(limit, size));
  const start = START[codec];
  if (!start) throw new Error(`parquet ${codec} pages inflate whole only`);
  return start(input, Math.min(limit, size), size);
}

/** At most `limit` bytes of a Buffer, in an ArrayBuffer of their own (zlib's small Buffers share a pool). */
function own(bytes: Uint8Array, limit = bytes.length): Uint8Array {
  if (limit >= bytes.length && bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength) return bytes;
  return new Uint8Array(bytes.subarray(0, limit));
}

/** Snappy's raw format, element by element (literals and back references), until `limit` bytes are out or the input ends. */
function snappyStart(input: Uint8Array, limit: number): Uint8Array {
  const output = new Uint8Array(limit);
  let pos = 0;
  // The preamble is the inflated length as a varint.
  while (pos < input.length && input[pos++]! >= 0x80);
  let out = 0;
  while (pos < input.length && out < limit) {
    const tag = input[pos]!;
    let at = pos + 1;
    if ((tag & 3) === 0) {
      let length = (tag >>> 2) + 1;
      if (length > 60) {
        const bytes = length - 60;
        if (at + bytes > input.length) break;
        length = 0;
        for (let index = 0; index < bytes; index++) length += input[at + index]! * 2 ** (8 * index);
        length += 1;
        at += bytes;
      }
      const copied = Math.min(length, input.length - at, limit - out);
      output.set(input.subarray(at, at + copied), out);
      out += copied;
      if (copied < length) break;
      pos = at + length;
      continue;
    }
    let length: number;
    let offset: number;
    if ((tag & 3) === 1) {
      if (at + 1 > input.length) break;
      length = ((tag >>> 2) & 7) + 4;
      offset = ((tag >>> 5) << 8) | input[at]!;
      at += 1;
    } else if ((tag & 3) === 2) {
      if (at + 2 > input.length) break;
      length = (tag >>> 2) + 1;
      offset = input[at]! | (input[at + 1]! << 8);
      at += 2;
    } else {
      if (at + 4 > input.length) break;
      length = (tag >>> 2) + 1;
      offset = (input[at]! | (input[at + 1]! << 8) | (input[at + 2]! << 16) | (input[at + 3]! << 24)) >>> 0;
      at += 4;
    }
    if (offset === 0 || offset > out) throw new Error('snappy: a copy refers to before the start of the page');
    const copied = Math.min(length, limit - out);
    // Byte by byte: a copy may overlap the bytes it makes (a run).
    for (let index = 0; index < copied; index++) output[out + index] = output[out - offset + index]!;
    out += copied;
    pos = at;
  }
  return out === limit ? output : output.slice(0, out);
}

/** A streaming decoder fed `input` piece by piece until it has put out `limit` bytes or the input ends. */
function streamed(
  input: Uint8Array,
  limit: number,
  open: (emit: (chunk: Uint8Array) => void) => { push(chunk: Uint8Array, final?: boolean): unknown },
): Uint8Array {
  const chunks: Uint8Array[] = [];
  let total = 0;
  // Copied: a decoder may reuse its window for the next chunk.
  const stream = open((chunk) => {
    chunks.push(chunk.slice());
    total += chunk.length;
  });
  for (let at = 0; at < input.length && total < limit; at += PIECE) stream.push(input.subarray(at, at + PIECE), false);
  const output = new Uint8Array(Math.min(total, limit));
  let out = 0;
  for (const chunk of chunks) {
    if (out >= output.length) break;
    const part = chunk.subarray(0, output.length - out);
    output.set(part, out);
    out += part.length;
  }
  return output;
}
