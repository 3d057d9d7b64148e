import type { Readable } from 'node:stream';

/**
 * How much an uploaded folder archive may expand. Sizes declared by the archive are checked
 * first, but only the bytes actually produced count: an adapter stops inflating the moment a
 * limit is crossed.
 */
export interface FolderArchiveLimits {
  /** Entries (files and folders) in the archive. */
  maxEntries: number;
  /** All files together, uncompressed. */
  maxTotalBytes: number;
  /** Uncompressed / compressed, per file and for the whole archive. */
  maxExpansionRatio: number;
  /** Sizes up to this many bytes are never refused for their ratio (tiny files compress absurdly well). */
  ratioFloorBytes: number;
}

/** One entry as the archive's directory lists it; nothing has been inflated yet. */
export interface FolderArchiveEntry {
  /** Position in the archive, for reading and for error details. */
  index: number;
  /**
   * The entry's name as decoded (folders without their trailing `/`), or, when it could not be
   * decoded, a printable rendering with `\xNN` escapes for the bytes that are not text.
   */
  name: string;
  kind: 'file' | 'directory';
  /** The uncompressed size the archive declares (verified when the entry is read). */
  declaredSize: number;
  /** Why the entry is refused whatever its path (not UTF-8, a symlink, encrypted...), or null. */
  problem: string | null;
}

export interface OpenedFolderArchive {
  readonly entries: readonly FolderArchiveEntry[];
  /**
   * Inflates the given files in order, enforcing the limits across all of them together.
   * PAYLOAD_TOO_LARGE when a limit is crossed, BAD_REQUEST when an entry is corrupt.
   */
  readFiles(indexes: readonly number[]): Promise<Buffer[]>;
}

/**
 * Reads an uploaded archive of a folder. `open` parses the archive's directory only: BAD_REQUEST
 * when the body is not an archive of a supported kind, PAYLOAD_TOO_LARGE when it has too many
 * entries or declares more content than the limits allow.
 */
export interface FolderArchiveReader {
  open(archive: Buffer, limits: FolderArchiveLimits): OpenedFolderArchive;
}

/** One entry of an archive the hub writes for download. */
export interface ArchiveEntry {
  /** Path inside the archive; folders end with `/`. */
  name: string;
  kind: 'file' | 'directory';
  modified_at: number;
  mime_type?: string;
  read?: () => Promise<Buffer>;
}

/**
 * Writes a folder as an archive for download: `stream` reads the entries' files one at a time
 * while the archive is sent. A failure after the first byte cuts the stream short.
 */
export interface FolderArchiveWriter {
  stream(entries: readonly ArchiveEntry[]): Readable;
}
