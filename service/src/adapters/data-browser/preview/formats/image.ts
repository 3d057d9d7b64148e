/**
 * Images: what the header says (type and size), never decoded. The content type comes from the
 * magic bytes, not the name. JPEG puts its size after the metadata segments, so the read grows
 * until the header is found (within the byte budget).
 */
import { imageSize } from 'image-size';
import { PreviewError, type Preview } from '../../../../core/ports/data-preview.js';
import type { Content } from '../sniff.js';
import type { ByteSource } from '../source.js';

const CONTENT_TYPES: Partial<Record<Content, string>> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
};

const FIRST_READ = 64 * 1024;
/** A header further in than this is not one a preview looks for. */
const LONGEST_HEADER = 4 * 1024 * 1024;

export async function previewImage(source: ByteSource, content: Content): Promise<Preview> {
  const contentType = CONTENT_TYPES[content];
  if (!contentType) throw new PreviewError('unsupported', 'This image type is not previewed.');
  let length = FIRST_READ;
  let bytes: Uint8Array = new Uint8Array(0);
  for (;;) {
    const readable = Math.min(length, source.size, LONGEST_HEADER);
    if (readable - bytes.length > source.remaining) throw source.budgetError("Finding this image's size");
    // Each round reads on from where the last one stopped.
    bytes = Buffer.concat([bytes, await source.read(bytes.length, readable - bytes.length)]);
    try {
      const { width, height } = imageSize(bytes);
      return { kind: 'image', format: 'image', contentType, width: width ?? null, height: height ?? null, notes: [] };
    } catch (error) {
      // An SVG may give no size (a viewBox only, or relative units): it still shows.
      if (content === 'svg') return { kind: 'image', format: 'image', contentType, width: null, height: null, notes: ['the image does not say its size'] };
      if (readable >= source.size || readable >= LONGEST_HEADER) {
        throw new PreviewError('malformed', `The image's header could not be read: ${(error as Error).message}.`);
      }
      length *= 4;
    }
  }
}
