import { describe, expect, it } from 'vitest';
import type { ObjectEnds } from '../../../core/ports/data-objects.js';
import { PreviewError } from '../../../core/ports/data-preview.js';
import { MERGE_GAP, PreviewReads } from './preview-reads.js';

const SIZE = 4 * 1024 * 1024;
/** The object: byte i is i mod 251, so any slice tells where it came from. */
const object = Uint8Array.from({ length: SIZE }, (_, index) => index % 251);

function endsOf(head: number, tail: number): ObjectEnds {
  return {
    facts: { key: 'data.parquet', size: SIZE, modified: null, contentType: null, etag: 'e', versionId: null },
    head: object.subarray(0, head),
    tail: tail > 0 ? object.subarray(SIZE - tail) : new Uint8Array(0),
  };
}

/** The store's ranged reads, recorded. */
function store() {
  const fetched: [number, number][] = [];
  const fetch = async (offset: number, length: number) => {
    fetched.push([offset, length]);
    return object.subarray(offset, Math.min(SIZE, offset + length));
  };
  return { fetched, fetch };
}

const same = (bytes: Uint8Array, offset: number, length: number) => Buffer.from(bytes).equals(Buffer.from(object.subarray(offset, offset + length)));

describe("a preview's reads of an object", () => {
  it('serves what the ends hold without asking the store, and counts the ends as read', async () => {
    const { fetched, fetch } = store();
    const reads = new PreviewReads(endsOf(65_536, 262_144), fetch, 16 << 20);
    expect(reads.bytesRead).toBe(65_536 + 262_144);
    expect(same(await reads.read(0, 4096), 0, 4096)).toBe(true);
    expect(same(await reads.read(SIZE - 262_144, 262_144), SIZE - 262_144, 262_144)).toBe(true);
    expect(same(await reads.read(SIZE - 8, 8), SIZE - 8, 8)).toBe(true);
    expect(fetched).toEqual([]);
    // Past what the head holds: fetched.
    expect(same(await reads.read(60_000, 10_000), 60_000, 10_000)).toBe(true);
    expect(fetched).toEqual([[60_000, 10_000]]);
    expect(reads.bytesRead).toBe(65_536 + 262_144 + 10_000);
  });

  it('fetches the ranges asked for together in one request where they touch or nearly, apart where they are far', async () => {
    const { fetched, fetch } = store();
    const reads = new PreviewReads(endsOf(0, 0), fetch, 16 << 20);
    const asked: [number, number][] = [
      [1_000_000, 65_536],
      [100_000, 65_536],
      [165_536, 15_000],
      [180_536 + MERGE_GAP, 756],
      [2_000_000, 100],
    ];
    const answers = await Promise.all(asked.map(([offset, length]) => reads.read(offset, length)));
    answers.forEach((bytes, index) => expect(same(bytes, ...asked[index]!)).toBe(true));
    expect(fetched).toEqual([
      [100_000, 180_536 + MERGE_GAP + 756 - 100_000],
      [1_000_000, 65_536],
      [2_000_000, 100],
    ]);
    // The gap was read from the store: it counts.
    expect(reads.bytesRead).toBe(180_536 + MERGE_GAP + 756 - 100_000 + 65_536 + 100);
  });

  it('answers fewer bytes at the end of the object', async () => {
    const { fetch } = store();
    const reads = new PreviewReads(endsOf(0, 0), fetch, 16 << 20);
    const [before, last] = await Promise.all([reads.read(SIZE - 300, 200), reads.read(SIZE - 50, 100)]);
    expect(same(before, SIZE - 300, 200)).toBe(true);
    expect(last.byteLength).toBe(50);
    expect(same(last, SIZE - 50, 50)).toBe(true);
  });

  it('refuses a read past the byte budget, the ends counted, and merges no gap that would pass it', async () => {
    const { fetched, fetch } = store();
    const reads = new PreviewReads(endsOf(65_536, 262_144), fetch, 400_000);
    // 327,680 bytes of ends: 72,320 left.
    const [first, second] = await Promise.all([reads.read(100_000, 40_000), reads.read(150_000, 30_000)]);
    expect(same(first, 100_000, 40_000) && same(second, 150_000, 30_000)).toBe(true);
    // Merged they would be 80,000 bytes: fetched apart, the 10,000 between them never read.
    expect(fetched).toEqual([
      [100_000, 40_000],
      [150_000, 30_000],
    ]);
    const refused = await reads.read(1_000_000, 10_000).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(PreviewError);
    expect(refused).toMatchObject({ reason: 'byte-budget', message: expect.stringContaining('390.6 KiB') });
    expect(fetched).toHaveLength(2);
  });

  it("passes the store's failure to every read of the request", async () => {
    const failing = new PreviewReads(endsOf(0, 0), async () => Promise.reject(new Error('the store went away')), 16 << 20);
    const outcomes = await Promise.allSettled([failing.read(0, 10), failing.read(10, 10)]);
    expect(outcomes.map((outcome) => outcome.status === 'rejected' && (outcome.reason as Error).message)).toEqual([
      'the store went away',
      'the store went away',
    ]);
  });
});
