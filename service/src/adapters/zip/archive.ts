import { PassThrough, type Readable } from 'node:stream';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { isCompressed } from '../../core/workspace/mime.js';
import type { FolderArchiveWriter } from '../../core/ports/folder-archive.js';
import type { ArchiveEntry } from '../../core/ports/folder-archive.js';

/** Deflating runs on the event loop: feed it in slices so other requests keep being served. */
const SLICE_BYTES = 1024 * 1024;
// DOS timestamps in a zip cover 1980..2107; fflate refuses anything outside 1980..2099.
const EARLIEST = Date.UTC(1980, 0, 2);
const LATEST = Date.UTC(2099, 11, 31);
const UNIX = 3;
const FILE_ATTRS = (0o100644 << 16) >>> 0;
const FOLDER_ATTRS = ((0o40755 << 16) | 0x10) >>> 0;

function waitForDrain(out: PassThrough): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      out.off('drain', done);
      out.off('close', done);
      resolve();
    };
    out.on('drain', done);
    out.on('close', done);
  });
}

/**
 * Streams a zip of `entries`, reading one file at a time, so memory stays at about one file
 * whatever the folder's size. Folders are entries of their own, so empty ones survive. A failure
 * after the first byte can only cut the stream short (the status line is gone by then); the
 * truncated zip then fails to open rather than passing for a complete one.
 */
export function zipStream(entries: readonly ArchiveEntry[]): Readable {
  const out = new PassThrough();
  let terminate = () => {};
  const feed = async () => {
    // Loaded with the first download rather than at start-up.
    const { Zip, ZipDeflate, ZipPassThrough } = await import('fflate');
    const zip = new Zip((error, chunk, final) => {
      if (error) {
        out.destroy(error);
        return;
      }
      out.write(chunk);
      if (final) out.end();
    });
    terminate = () => zip.terminate();
    for (const entry of entries) {
      if (out.destroyed) return zip.terminate();
      const mtime = Math.min(LATEST, Math.max(EARLIEST, entry.modified_at));
      if (entry.kind === 'directory') {
        const folder = Object.assign(new ZipPassThrough(entry.name), { mtime, os: UNIX, attrs: FOLDER_ATTRS });
        zip.add(folder);
        folder.push(new Uint8Array(0), true);
        continue;
      }
      const body = (await entry.read!()) as Uint8Array;
      const stored = entry.mime_type !== undefined && isCompressed(entry.mime_type);
      const file = Object.assign(stored ? new ZipPassThrough(entry.name) : new ZipDeflate(entry.name, { level: 6 }), { mtime, os: UNIX, attrs: FILE_ATTRS });
      zip.add(file);
      if (body.length === 0) file.push(new Uint8Array(0), true);
      for (let offset = 0; offset < body.length; offset += SLICE_BYTES) {
        file.push(body.subarray(offset, offset + SLICE_BYTES), offset + SLICE_BYTES >= body.length);
        if (out.writableNeedDrain) await waitForDrain(out);
        else await yieldToLoop();
        if (out.destroyed) return zip.terminate();
      }
    }
    zip.end();
  };
  feed().catch((error: unknown) => {
    terminate();
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return out;
}

/** The zip writer of folder downloads. */
export const ZIP_ARCHIVE_WRITER: FolderArchiveWriter = { stream: zipStream };
