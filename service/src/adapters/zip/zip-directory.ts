import { crc32 } from 'node:zlib';
import { HubError } from '../../core/errors.js';

/** One central-directory record, with the facts needed to judge and read the entry. */
export interface ZipEntry {
  index: number;
  nameBytes: Buffer;
  /** The decoded name (folders keep their trailing `/`), or a printable rendering of the bytes. */
  name: string;
  nameProblem: string | null;
  flags: number;
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  madeBy: number;
  externalAttributes: number;
  localOffset: number;
  /** Where the compressed bytes start, from the local header. */
  dataStart: number;
}

const END_OF_DIRECTORY = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_END_OF_DIRECTORY = 0x06064b50;
const DIRECTORY_HEADER = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const UTF8_FLAG = 0x800;
const ZIP64_EXTRA = 0x0001;
const UNICODE_PATH_EXTRA = 0x7075;
const MAX_COMMENT = 0xffff;

const notAZip = (why: string) => new HubError('BAD_REQUEST', `the body is not a readable zip archive: ${why}`);
const corrupt = (entry: Pick<ZipEntry, 'index' | 'name'>, why: string) =>
  new HubError('BAD_REQUEST', `the zip archive is damaged: entry ${JSON.stringify(entry.name)} ${why}`, [{ field: `entries[${entry.index}]`, message: why }]);

function decodesAsUtf8(bytes: Buffer): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** Printable ASCII as is, every other byte as `\xNN`: how an undecodable name is shown in errors. */
export function escapedName(bytes: Buffer): string {
  return [...bytes]
    .map((byte) => (byte >= 0x20 && byte < 0x7f && byte !== 0x5c ? String.fromCharCode(byte) : `\\x${byte.toString(16).padStart(2, '0')}`))
    .join('');
}

function extraFields(extra: Buffer): Map<number, Buffer> {
  const fields = new Map<number, Buffer>();
  for (let at = 0; at + 4 <= extra.length;) {
    const id = extra.readUInt16LE(at);
    const length = extra.readUInt16LE(at + 2);
    fields.set(id, extra.subarray(at + 4, Math.min(extra.length, at + 4 + length)));
    at += 4 + length;
  }
  return fields;
}

/**
 * The entry's name. With the UTF-8 flag the bytes must be UTF-8. Without it, ASCII is taken as is,
 * then an Info-ZIP Unicode Path field that matches the name, then bytes that are valid UTF-8 (what
 * macOS's Archive Utility writes, without setting the flag). Anything else is a legacy code page
 * whose characters cannot be known, and is refused.
 */
function decodeName(bytes: Buffer, flags: number, extras: Map<number, Buffer>): { name: string; problem: string | null } {
  const asUtf8 = decodesAsUtf8(bytes);
  if (flags & UTF8_FLAG) return asUtf8 === null ? { name: escapedName(bytes), problem: 'has a name that is not valid UTF-8' } : { name: asUtf8, problem: null };
  if (bytes.every((byte) => byte < 0x80)) return { name: bytes.toString('latin1'), problem: null };
  const unicodePath = extras.get(UNICODE_PATH_EXTRA);
  if (unicodePath && unicodePath.length > 5 && unicodePath[0] === 1 && unicodePath.readUInt32LE(1) === crc32(bytes)) {
    const name = decodesAsUtf8(unicodePath.subarray(5));
    if (name !== null) return { name, problem: null };
  }
  if (asUtf8 !== null) return { name: asUtf8, problem: null };
  return { name: escapedName(bytes), problem: 'has a name that is not UTF-8 (a legacy code page); create the archive with UTF-8 file names' };
}

function safeNumber(value: bigint, what: string): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw notAZip(`${what} is out of range`);
  return Number(value);
}

/** Where the central directory is and how many records it holds, from the (zip64) end record. */
function locateDirectory(archive: Buffer): { count: number; offset: number; size: number; end: number } {
  if (archive.length < 22) throw notAZip('it is too short');
  let end = -1;
  for (let at = archive.length - 22; at >= Math.max(0, archive.length - 22 - MAX_COMMENT); at--) {
    if (archive.readUInt32LE(at) === END_OF_DIRECTORY && at + 22 + archive.readUInt16LE(at + 20) <= archive.length) {
      end = at;
      break;
    }
  }
  if (end < 0) throw notAZip('it has no end-of-directory record');
  if (archive.readUInt16LE(end + 4) !== 0 || archive.readUInt16LE(end + 6) !== 0 || archive.readUInt16LE(end + 8) !== archive.readUInt16LE(end + 10)) {
    throw notAZip('split (multi-part) archives are not supported');
  }
  let count = archive.readUInt16LE(end + 10);
  let size = archive.readUInt32LE(end + 12);
  let offset = archive.readUInt32LE(end + 16);
  let directoryEnd = end;
  if (count === 0xffff || size === 0xffffffff || offset === 0xffffffff) {
    const locator = end - 20;
    if (locator < 0 || archive.readUInt32LE(locator) !== ZIP64_LOCATOR) throw notAZip('its zip64 end-of-directory locator is missing');
    const record = safeNumber(archive.readBigUInt64LE(locator + 8), 'the zip64 end-of-directory offset');
    if (record + 56 > locator || archive.readUInt32LE(record) !== ZIP64_END_OF_DIRECTORY) throw notAZip('its zip64 end-of-directory record is missing');
    count = safeNumber(archive.readBigUInt64LE(record + 32), 'the entry count');
    size = safeNumber(archive.readBigUInt64LE(record + 40), 'the directory size');
    offset = safeNumber(archive.readBigUInt64LE(record + 48), 'the directory offset');
    directoryEnd = record;
  }
  if (offset + size > directoryEnd) throw notAZip('its central directory lies outside the archive');
  return { count, offset, size, end: directoryEnd };
}

/** The number of entries the archive declares, read before anything else. */
export function declaredEntryCount(archive: Buffer): number {
  return locateDirectory(archive).count;
}

/**
 * Parses the central directory and checks each entry's local header against it: same name, data
 * inside the archive and before the directory, no two entries sharing bytes (overlapping entries
 * are how some zip bombs multiply one compressed stream). Structural damage is BAD_REQUEST.
 */
export function readDirectory(archive: Buffer): ZipEntry[] {
  const directory = locateDirectory(archive);
  const entries: ZipEntry[] = [];
  let at = directory.offset;
  const limit = directory.offset + directory.size;
  for (let index = 0; index < directory.count; index++) {
    if (at + 46 > limit || archive.readUInt32LE(at) !== DIRECTORY_HEADER) throw notAZip(`central directory record ${index} is damaged`);
    const nameLength = archive.readUInt16LE(at + 28);
    const extraLength = archive.readUInt16LE(at + 30);
    const commentLength = archive.readUInt16LE(at + 32);
    const next = at + 46 + nameLength + extraLength + commentLength;
    if (next > limit) throw notAZip(`central directory record ${index} runs past the directory`);
    const nameBytes = archive.subarray(at + 46, at + 46 + nameLength);
    const extras = extraFields(archive.subarray(at + 46 + nameLength, at + 46 + nameLength + extraLength));
    const flags = archive.readUInt16LE(at + 8);
    let size = archive.readUInt32LE(at + 24);
    let compressedSize = archive.readUInt32LE(at + 20);
    let localOffset = archive.readUInt32LE(at + 42);
    const zip64 = extras.get(ZIP64_EXTRA);
    let cursor = 0;
    const wide = (value: number, what: string) => {
      if (value !== 0xffffffff) return value;
      if (!zip64 || cursor + 8 > zip64.length) throw notAZip(`central directory record ${index} lacks its zip64 ${what}`);
      cursor += 8;
      return safeNumber(zip64.readBigUInt64LE(cursor - 8), `the ${what} of record ${index}`);
    };
    size = wide(size, 'size');
    compressedSize = wide(compressedSize, 'compressed size');
    localOffset = wide(localOffset, 'offset');
    const { name, problem } = decodeName(nameBytes, flags, extras);
    entries.push({
      index,
      nameBytes,
      name,
      nameProblem: problem,
      flags,
      method: archive.readUInt16LE(at + 10),
      crc: archive.readUInt32LE(at + 16),
      compressedSize,
      size,
      madeBy: archive.readUInt16LE(at + 4),
      externalAttributes: archive.readUInt32LE(at + 38),
      localOffset,
      dataStart: 0,
    });
    at = next;
  }
  for (const entry of entries) entry.dataStart = checkLocalHeader(archive, entry, directory.offset);
  const byOffset = [...entries].sort((a, b) => a.localOffset - b.localOffset);
  for (let i = 1; i < byOffset.length; i++) {
    const previous = byOffset[i - 1]!;
    if (byOffset[i]!.localOffset < previous.dataStart + previous.compressedSize) throw corrupt(byOffset[i]!, `overlaps entry ${JSON.stringify(previous.name)}`);
  }
  return entries;
}

function checkLocalHeader(archive: Buffer, entry: ZipEntry, directoryOffset: number): number {
  const at = entry.localOffset;
  if (at + 30 > directoryOffset || archive.readUInt32LE(at) !== LOCAL_HEADER) throw corrupt(entry, 'has no local header where the directory says');
  const nameLength = archive.readUInt16LE(at + 26);
  const dataStart = at + 30 + nameLength + archive.readUInt16LE(at + 28);
  if (!archive.subarray(at + 30, at + 30 + nameLength).equals(entry.nameBytes)) throw corrupt(entry, 'has another name in its local header');
  if (dataStart + entry.compressedSize > directoryOffset) throw corrupt(entry, 'has data running past the end of the files');
  return dataStart;
}
