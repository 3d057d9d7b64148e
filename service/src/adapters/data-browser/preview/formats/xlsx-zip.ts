/**
 * The ZIP side of an .xlsx workbook (zip.js over ranged reads): the central directory is read from
 * the end of the object, and an entry is inflated as a stream that the caller stops when it has
 * what it needs. Every entry's declared size is checked before it is inflated, and the inflated
 * bytes are counted while it is, since a declared size can lie: past the cap the answer is
 * `expansion` (a zip bomb).
 */
import { Reader, ZipReader, type Entry, type FileEntry } from '@zip.js/zip.js';
import { PreviewError } from '../../../../core/ports/data-preview.js';
import type { ByteSource } from '../source.js';
import { formatBytes } from '../values.js';

class RangeReader extends Reader<ByteSource> {
  constructor(private readonly source: ByteSource) {
    super(source);
  }

  override async init(): Promise<void> {
    this.size = this.source.size;
  }

  override readUint8Array(index: number, length: number): Promise<Uint8Array> {
    return this.source.read(index, length);
  }
}

/** Thrown by a consumer that has what it needs: ends the inflating early, quietly. */
export class Enough extends Error {}

export class Workbook {
  private constructor(
    private readonly entries: Map<string, FileEntry>,
    /** Inflated bytes allowed per entry. */
    readonly maxExpanded: number,
  ) {}

  static async open(source: ByteSource, maxExpanded: number): Promise<Workbook> {
    const zip = new ZipReader(new RangeReader(source), { useWebWorkers: false, useCompressionStream: false });
    let entries: Entry[];
    try {
      entries = await zip.getEntries();
    } catch (error) {
      if (error instanceof PreviewError) throw error;
      throw new PreviewError('malformed', `The workbook is not a readable ZIP archive: ${(error as Error).message}.`);
    }
    const files = new Map<string, FileEntry>();
    for (const entry of entries) if (!entry.directory) files.set(entry.filename.replace(/^\//, ''), entry);
    return new Workbook(files, maxExpanded);
  }

  has(path: string): boolean {
    return this.entries.has(path);
  }

  /** An entry whole, as text: small parts only (its declared size must be within the cap). */
  async text(path: string): Promise<string | null> {
    const entry = this.entries.get(path);
    if (!entry) return null;
    if (entry.uncompressedSize > this.maxExpanded) throw this.expansion(path, entry.uncompressedSize);
    const decoder = new TextDecoder();
    let text = '';
    await this.stream(path, (chunk) => void (text += decoder.decode(chunk, { stream: true })));
    return text + decoder.decode();
  }

  /**
   * Inflates an entry chunk by chunk into `consume`, which throws {@link Enough} to stop: says
   * whether the entry was there, read to its end, or stopped early.
   */
  async stream(path: string, consume: (chunk: Uint8Array) => void): Promise<'missing' | 'complete' | 'stopped'> {
    const entry = this.entries.get(path);
    if (!entry) return 'missing';
    let inflated = 0;
    const sink = new WritableStream<Uint8Array>({
      write: (chunk) => {
        inflated += chunk.length;
        if (inflated > this.maxExpanded) throw this.expansion(path, inflated, true);
        consume(chunk);
      },
    });
    try {
      await entry.getData(sink);
    } catch (error) {
      if (error instanceof Enough) return 'stopped';
      if (error instanceof PreviewError) throw error;
      throw new PreviewError('malformed', `The workbook's ${path} could not be inflated: ${(error as Error).message}.`);
    }
    return 'complete';
  }

  private expansion(path: string, bytes: number, inflated = false): PreviewError {
    return new PreviewError(
      'expansion',
      `The workbook's ${path} ${inflated ? 'inflates to more than' : 'declares'} ${formatBytes(bytes)}, past the preview's limit of ${formatBytes(this.maxExpanded)} for one part (a zip bomb, or a sheet too large to preview).`,
    );
  }
}
