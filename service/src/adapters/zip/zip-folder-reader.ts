import { crc32, inflateRaw } from 'node:zlib';
import { HubError } from '../../core/errors.js';
import type { FolderArchiveEntry, FolderArchiveLimits, FolderArchiveReader, OpenedFolderArchive } from '../../core/ports/folder-archive.js';
import { declaredEntryCount, readDirectory, type ZipEntry } from './zip-directory.js';

const STORED = 0;
const DEFLATED = 8;
const ENCRYPTED = 0x1;
const UNIX = 3;
/** Hosts whose low external attributes are MS-DOS/Windows attributes. */
const WINDOWS_HOSTS = new Set([0, 10, 11, 14]);
const REPARSE_POINT = 0x400;
const TYPE_MASK = 0o170000;
const REGULAR = 0o100000;
const FOLDER = 0o040000;
const SYMLINK = 0o120000;

function tooLarge(message: string, entry?: ZipEntry): HubError {
  return new HubError('PAYLOAD_TOO_LARGE', message, entry ? [{ field: `entries[${entry.index}]`, message }] : undefined);
}

/** Why an entry cannot be imported whatever its name: what it is, not where it goes. */
function problemOf(entry: ZipEntry, kind: 'file' | 'directory'): string | null {
  if (entry.nameProblem) return entry.nameProblem;
  if (entry.flags & ENCRYPTED) return 'is encrypted; import an archive without a password';
  const host = entry.madeBy >> 8;
  const type = (entry.externalAttributes >>> 16) & TYPE_MASK;
  if (host === UNIX && type === SYMLINK) return 'is a symbolic link; links are not imported, put the file itself in the archive';
  if (host === UNIX && type !== 0 && type !== REGULAR && type !== FOLDER) return 'is not a regular file or folder';
  if (WINDOWS_HOSTS.has(host) && entry.externalAttributes & REPARSE_POINT) return 'is a link (a reparse point); put the file itself in the archive';
  if (entry.method !== STORED && entry.method !== DEFLATED) return `is compressed with method ${entry.method}; only stored and deflated entries can be read`;
  // Some tools store a folder as an empty deflate stream, so only a declared size means content.
  if (kind === 'directory' && entry.size > 0) return 'is a folder with content';
  return null;
}

function kindOf(entry: ZipEntry): 'file' | 'directory' {
  if (entry.name.endsWith('/')) return 'directory';
  return entry.madeBy >> 8 === UNIX && ((entry.externalAttributes >>> 16) & TYPE_MASK) === FOLDER ? 'directory' : 'file';
}

function inflateAtMost(data: Buffer, maxOutputLength: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    inflateRaw(data, { maxOutputLength: Math.max(1, maxOutputLength) }, (error, result) => (error ? reject(error) : resolve(result))),
  );
}

/**
 * Reads zip archives (stored and deflated entries, zip64 included). The sizes an archive declares
 * are checked first, but never trusted: inflating stops as soon as the real output crosses a
 * limit, and each file must then match its declared size and CRC-32.
 */
export class ZipFolderReader implements FolderArchiveReader {
  open(archive: Buffer, limits: FolderArchiveLimits): OpenedFolderArchive {
    const count = declaredEntryCount(archive);
    if (count > limits.maxEntries) throw tooLarge(`the archive has ${count} entries; at most ${limits.maxEntries} can be imported`);
    const zipEntries = readDirectory(archive);
    const entries: FolderArchiveEntry[] = zipEntries.map((entry) => {
      const kind = kindOf(entry);
      const name = kind === 'directory' && entry.name.endsWith('/') ? entry.name.slice(0, -1) : entry.name;
      return { index: entry.index, name, kind, declaredSize: entry.size, problem: problemOf(entry, kind) };
    });
    const declaredTotal = entries.reduce((sum, entry) => sum + (entry.kind === 'file' ? entry.declaredSize : 0), 0);
    if (declaredTotal > limits.maxTotalBytes)
      throw tooLarge(`the archive's files add up to ${declaredTotal} bytes; at most ${limits.maxTotalBytes} can be imported`);
    return {
      entries,
      readFiles: (indexes) => readFiles(archive, zipEntries, entries, indexes, limits),
    };
  }
}

async function readFiles(
  archive: Buffer,
  zipEntries: ZipEntry[],
  entries: FolderArchiveEntry[],
  indexes: readonly number[],
  limits: FolderArchiveLimits,
): Promise<Buffer[]> {
  const bodies: Buffer[] = [];
  let total = 0;
  for (const index of indexes) {
    const entry = zipEntries[index];
    if (!entry || entries[index]!.kind !== 'file' || entries[index]!.problem) throw new Error(`entry ${index} is not a readable file`);
    const name = JSON.stringify(entries[index]!.name);
    const perEntry = Math.max(limits.ratioFloorBytes, limits.maxExpansionRatio * entry.compressedSize);
    const remaining = limits.maxTotalBytes - total;
    const overTotal = () => tooLarge(`the archive's files add up to more than ${limits.maxTotalBytes} bytes, the most that can be imported`, entry);
    const overRatio = () =>
      tooLarge(`entry ${name} expands more than ${limits.maxExpansionRatio} times; an archive that expands this much is refused as a zip bomb`, entry);
    // The declared size is a claim to check early, not a fact to rely on.
    if (entry.size > remaining) throw overTotal();
    if (entry.size > perEntry) throw overRatio();
    const data = archive.subarray(entry.dataStart, entry.dataStart + entry.compressedSize);
    let body: Buffer;
    if (entry.method === STORED) {
      body = data;
    } else {
      try {
        body = await inflateAtMost(data, Math.min(remaining, perEntry));
      } catch (error) {
        if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw remaining <= perEntry ? overTotal() : overRatio();
        throw damaged(entry, name, `cannot be inflated (${(error as Error).message})`);
      }
    }
    if (body.length !== entry.size) throw damaged(entry, name, `holds ${body.length} bytes, not the ${entry.size} its header declares`);
    if (crc32(body) !== entry.crc) throw damaged(entry, name, 'fails its CRC-32 check');
    total += body.length;
    if (total > limits.ratioFloorBytes && total > limits.maxExpansionRatio * archive.length) {
      throw tooLarge(`the archive expands more than ${limits.maxExpansionRatio} times its size; an archive that expands this much is refused as a zip bomb`);
    }
    bodies.push(body);
  }
  return bodies;
}

function damaged(entry: ZipEntry, name: string, why: string): HubError {
  return new HubError('BAD_REQUEST', `the zip archive is damaged: entry ${name} ${why}`, [{ field: `entries[${entry.index}]`, message: why }]);
}
