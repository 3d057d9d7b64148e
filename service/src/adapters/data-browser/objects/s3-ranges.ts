import { ObjectSourceError } from '../../../core/ports/data-objects.js';

/** The `Range` header of `length` bytes from `offset`; null for no bytes at all. */
export function rangeOf(offset: number, length: number): { header: string } | null {
  if (!Number.isSafeInteger(offset) || offset < 0 || !Number.isSafeInteger(length) || length < 0)
    throw new ObjectSourceError('invalid', 'a range is a whole, non-negative offset and length');
  if (length === 0) return null;
  return { header: `bytes=${offset}-${offset + length - 1}` };
}

/** A `Content-Range` answer (`bytes 0-99/1234`): where the bytes sent start and end (inclusive), and the object's size (null for `*`). */
export function contentRangeOf(header: string | undefined): { start: number; end: number; total: number | null } | null {
  const match = header ? /^bytes (\d+)-(\d+)\/(\d+|\*)$/.exec(header.trim()) : null;
  if (!match) return null;
  const [start, end, total] = [Number(match[1]), Number(match[2]), match[3] === '*' ? null : Number(match[3])];
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || end < start || (total !== null && (!Number.isSafeInteger(total) || total <= end)))
    return null;
  return { start, end, total };
}

/**
 * At most `length` bytes of an answer to a ranged GET, the rest of it left unread (the stream is
 * closed). A store that ignored the `Range` header (no `Content-Range` in its answer) sends the
 * whole object: its first `offset` bytes are skipped as they arrive, never kept. An answer that
 * says it holds exactly the range (`Content-Range`, and `Content-Length` of `length`) is read to
 * its end, which comes with its last byte, so that its connection is kept for the client's next
 * request rather than closed.
 */
export async function readRange(
  body: AsyncIterable<Uint8Array> | undefined,
  contentRange: string | undefined,
  offset: number,
  length: number,
  contentLength?: number,
): Promise<Uint8Array> {
  if (!body) return new Uint8Array(0);
  let skip = contentRange ? 0 : offset;
  const chunks: Uint8Array[] = [];
  let have = 0;
  const iterator = body[Symbol.asyncIterator]();
  try {
    while (have < length) {
      const next = await iterator.next();
      if (next.done) break;
      let chunk = next.value;
      if (skip > 0) {
        if (chunk.byteLength <= skip) {
          skip -= chunk.byteLength;
          continue;
        }
        chunk = chunk.subarray(skip);
        skip = 0;
      }
      if (chunk.byteLength > length - have) chunk = chunk.subarray(0, length - have);
      chunks.push(chunk);
      have += chunk.byteLength;
    }
    // Reading on to the end (already there) leaves the connection to the client's next request.
    if (contentRange && contentLength === length && have === length) await iterator.next();
  } finally {
    await iterator.return?.();
  }
  return Buffer.concat(chunks, have);
}
