import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

/**
 * Compressed copies of the UI build's text assets (docs/ui.md, "Serving"): each is compressed once,
 * on its first request, off the event loop, and kept as long as the build is current, so every
 * later request is a copy from memory. Brotli when the browser takes it, gzip otherwise.
 */
export type AssetEncoding = 'br' | 'gzip';

const TEXT_EXTENSIONS = new Set(['.js', '.mjs', '.css', '.json', '.map', '.svg', '.html', '.txt', '.wasm']);
/** Below this, the encoding's own overhead eats what compression saves. */
const MIN_BYTES = 1024;
/** Brotli's quality: close to its best ratio on code, at a speed the first request can wait for (11, the best, is ten times slower). */
const BROTLI_QUALITY = 9;

const compressors: Record<AssetEncoding, (bytes: Buffer) => Promise<Buffer>> = {
  br: (bytes) =>
    promisify(brotliCompress)(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    }),
  gzip: (bytes) => promisify(gzip)(bytes, { level: 9 }),
};

/** The encoding to send for this `Accept-Encoding`, or null for the bytes as they are. */
export function acceptedEncoding(acceptEncoding: string | undefined): AssetEncoding | null {
  if (!acceptEncoding) return null;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...parameters] = part.trim().toLowerCase().split(';');
    const q = parameters.map((parameter) => parameter.trim()).find((parameter) => parameter.startsWith('q='));
    weights.set(name!, q ? Number(q.slice(2)) || 0 : 1);
  }
  const weight = (name: AssetEncoding) => weights.get(name) ?? weights.get('*') ?? 0;
  if (weight('br') > 0 && weight('br') >= weight('gzip')) return 'br';
  return weight('gzip') > 0 ? 'gzip' : null;
}

export class CompressedAssets {
  private readonly copies = new Map<string, Promise<Buffer | null>>();

  /** Whether a file of this name is text worth compressing (images and fonts are compressed already). */
  static compressible(file: string, size: number): boolean {
    return size >= MIN_BYTES && TEXT_EXTENSIONS.has(path.extname(file).toLowerCase());
  }

  /** The asset's bytes in `encoding`, or null when compressing did not make them smaller. */
  get(urlPath: string, bytes: Buffer, encoding: AssetEncoding): Promise<Buffer | null> {
    const key = `${encoding} ${urlPath}`;
    let copy = this.copies.get(key);
    if (!copy) {
      copy = compressors[encoding](bytes).then(
        (compressed) => (compressed.length < bytes.length ? compressed : null),
        () => null,
      );
      this.copies.set(key, copy);
    }
    return copy;
  }

  /** Forgets every copy: the build changed. */
  clear(): void {
    this.copies.clear();
  }
}
