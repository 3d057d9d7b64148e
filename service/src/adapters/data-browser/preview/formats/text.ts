/** Text and Markdown: the first 64 KiB, decoded as UTF-8 (flagged where it is not). */
import type { Preview, PreviewFormat } from '../../../../core/ports/data-preview.js';
import type { ByteSource } from '../source.js';
import { byteStream, Utf8Text } from '../stream.js';

export const TEXT_PREVIEW_BYTES = 64 * 1024;

export async function previewText(source: ByteSource, format: PreviewFormat, gzip: boolean): Promise<Preview> {
  let bytes: Uint8Array;
  let truncated: boolean;
  if (gzip) {
    const parts: Uint8Array[] = [];
    let collected = 0;
    // The compressed size says nothing of the text's: read until one byte more than is shown.
    for await (const chunk of byteStream(source, { gzip, maxExpanded: Math.max(source.maxBytes, TEXT_PREVIEW_BYTES * 2) })) {
      parts.push(chunk);
      collected += chunk.length;
      if (collected > TEXT_PREVIEW_BYTES) break;
    }
    truncated = collected > TEXT_PREVIEW_BYTES;
    bytes = Buffer.concat(parts).subarray(0, TEXT_PREVIEW_BYTES);
  } else {
    if (Math.min(source.size, TEXT_PREVIEW_BYTES) > source.remaining) throw source.budgetError('Showing the start of this text');
    bytes = await source.read(0, TEXT_PREVIEW_BYTES);
    truncated = source.size > TEXT_PREVIEW_BYTES;
  }
  const decoder = new Utf8Text();
  // Cut mid-character, the last character is left out rather than counted as invalid.
  const text = decoder.decode(bytes, !truncated);
  const notes = gzip ? ['gzip-compressed'] : [];
  if (truncated) notes.push(`the first ${TEXT_PREVIEW_BYTES / 1024} KiB`);
  return { kind: 'text', format, text, truncated, invalidUtf8: decoder.invalid, notes };
}
