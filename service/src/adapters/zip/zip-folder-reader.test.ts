import { crc32 } from 'node:zlib';
import { Zip, ZipDeflate, strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { rawZip } from '../../../../test/support/notebook-folders.js';
import { HubError } from '../../core/errors.js';
import type { FolderArchiveLimits } from '../../core/ports/folder-archive.js';
import { ZipFolderReader } from './zip-folder-reader.js';

const LIMITS: FolderArchiveLimits = { maxEntries: 100, maxTotalBytes: 1024 * 1024, maxExpansionRatio: 100, ratioFloorBytes: 64 * 1024 };
const reader = new ZipFolderReader();

async function failure(run: () => unknown): Promise<HubError> {
  try {
    await run();
  } catch (error) {
    if (error instanceof HubError) return error;
    throw error;
  }
  throw new Error('the archive was accepted');
}

/** A zip written as a stream: sizes and CRC come after the data, in data descriptors. */
function streamedZip(files: Record<string, string>): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Uint8Array[] = [];
    const zip = new Zip((error, chunk, final) => {
      if (error) return reject(error);
      chunks.push(chunk);
      if (final) resolve(Buffer.concat(chunks));
    });
    for (const [name, content] of Object.entries(files)) {
      const entry = new ZipDeflate(name, { level: 6 });
      zip.add(entry);
      entry.push(strToU8(content), true);
    }
    zip.end();
  });
}

/** One stored file whose sizes and offset live only in zip64 fields, as large-archive writers put them. */
function zip64(name: string, content: Buffer): Buffer {
  const nameBytes = Buffer.from(name);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(45, 4);
  local.writeUInt32LE(crc32(content), 14);
  local.writeUInt32LE(content.length, 18);
  local.writeUInt32LE(content.length, 22);
  local.writeUInt16LE(nameBytes.length, 26);
  const extra = Buffer.alloc(28);
  extra.writeUInt16LE(0x0001, 0);
  extra.writeUInt16LE(24, 2);
  extra.writeBigUInt64LE(BigInt(content.length), 4);
  extra.writeBigUInt64LE(BigInt(content.length), 12);
  extra.writeBigUInt64LE(0n, 20);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(45, 4);
  central.writeUInt16LE(45, 6);
  central.writeUInt32LE(crc32(content), 16);
  central.writeUInt32LE(0xffffffff, 20);
  central.writeUInt32LE(0xffffffff, 24);
  central.writeUInt16LE(nameBytes.length, 28);
  central.writeUInt16LE(extra.length, 30);
  central.writeUInt32LE(0xffffffff, 42);
  const directoryOffset = local.length + nameBytes.length + content.length;
  const directory = Buffer.concat([central, nameBytes, extra]);
  const record = Buffer.alloc(56);
  record.writeUInt32LE(0x06064b50, 0);
  record.writeBigUInt64LE(44n, 4);
  record.writeBigUInt64LE(1n, 24);
  record.writeBigUInt64LE(1n, 32);
  record.writeBigUInt64LE(BigInt(directory.length), 40);
  record.writeBigUInt64LE(BigInt(directoryOffset), 48);
  const locator = Buffer.alloc(20);
  locator.writeUInt32LE(0x07064b50, 0);
  locator.writeBigUInt64LE(BigInt(directoryOffset + directory.length), 8);
  locator.writeUInt32LE(1, 16);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(0xffff, 8);
  end.writeUInt16LE(0xffff, 10);
  end.writeUInt32LE(0xffffffff, 12);
  end.writeUInt32LE(0xffffffff, 16);
  return Buffer.concat([local, nameBytes, content, directory, record, locator, end]);
}

describe('ZipFolderReader', () => {
  it('lists files and folders and reads their content', async () => {
    const archive = Buffer.from(zipSync({ 'top/a.txt': strToU8('hello'), 'top/empty/': new Uint8Array(0), 'top/データ.csv': strToU8('1,2') }));
    const opened = reader.open(archive, LIMITS);
    expect(opened.entries.map(({ name, kind, problem }) => [name, kind, problem])).toEqual([
      ['top/a.txt', 'file', null],
      ['top/empty', 'directory', null],
      ['top/データ.csv', 'file', null],
    ]);
    const bodies = await opened.readFiles([0, 2]);
    expect(bodies.map((body) => body.toString())).toEqual(['hello', '1,2']);
  });

  it('reads archives written as streams (data descriptors) and zip64 archives', async () => {
    const streamed = reader.open(await streamedZip({ 'a.txt': 'streamed '.repeat(100) }), LIMITS);
    expect((await streamed.readFiles([0]))[0]!.toString()).toBe('streamed '.repeat(100));
    const wide = reader.open(zip64('big.csv', Buffer.from('a,b\n')), LIMITS);
    expect(wide.entries[0]).toMatchObject({ name: 'big.csv', declaredSize: 4 });
    expect((await wide.readFiles([0]))[0]!.toString()).toBe('a,b\n');
  });

  it('takes a name from an Info-ZIP Unicode Path field that matches the raw name', async () => {
    const raw = Buffer.from('caf\x82.csv', 'latin1');
    const utf8 = Buffer.from('café.csv');
    const field = Buffer.alloc(9 + utf8.length);
    field.writeUInt16LE(0x7075, 0);
    field.writeUInt16LE(5 + utf8.length, 2);
    field.writeUInt8(1, 4);
    field.writeUInt32LE(crc32(raw), 5);
    utf8.copy(field, 9);
    // Splice the field into the central record of a one-entry archive.
    const archive = Buffer.from(rawZip([{ name: raw, data: Buffer.from('1') }]));
    const central = archive.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    const nameEnd = central + 46 + raw.length;
    archive.writeUInt16LE(field.length, central + 30);
    const patched = Buffer.concat([archive.subarray(0, nameEnd), field, archive.subarray(nameEnd)]);
    const end = patched.length - 22;
    patched.writeUInt32LE(patched.readUInt32LE(end + 12) + field.length, end + 12);
    expect(reader.open(patched, LIMITS).entries[0]).toMatchObject({ name: 'café.csv', problem: null });
  });

  it('refuses structural damage: overlapping entries, names that differ between headers, bad CRCs', async () => {
    const one = Buffer.from(rawZip([{ name: 'a.txt', data: Buffer.from('abc') }]));
    const central = one.subarray(one.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])), one.length - 22);
    const localPart = one.subarray(0, one.length - 22 - central.length);
    const end = Buffer.from(one.subarray(one.length - 22));
    end.writeUInt16LE(2, 8);
    end.writeUInt16LE(2, 10);
    end.writeUInt32LE(central.length * 2, 12);
    const overlapping = Buffer.concat([localPart, central, central, end]);
    expect((await failure(() => reader.open(overlapping, LIMITS))).message).toContain('overlaps');

    const renamed = Buffer.from(one);
    renamed[30] = 'b'.charCodeAt(0);
    expect((await failure(() => reader.open(renamed, LIMITS))).message).toContain('another name in its local header');

    const badCrc = Buffer.from(one);
    badCrc[30 + 5] = 'x'.charCodeAt(0);
    const error = await failure(() => reader.open(badCrc, LIMITS).readFiles([0]));
    expect(error.code).toBe('BAD_REQUEST');
    expect(error.message).toContain('CRC-32');
  });

  it('refuses too many entries and too much declared content before inflating anything', async () => {
    const many = Buffer.from(rawZip(Array.from({ length: 101 }, (_, i) => ({ name: `f${i}.txt` }))));
    expect(await failure(() => reader.open(many, LIMITS))).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    const declared = Buffer.from(rawZip([{ name: 'a.bin', data: Buffer.from('x'), declaredSize: 2 * 1024 * 1024 }]));
    expect((await failure(() => reader.open(declared, LIMITS))).message).toContain('add up to 2097152 bytes');
  });
});
