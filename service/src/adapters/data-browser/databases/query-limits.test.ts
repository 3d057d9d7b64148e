import { describe, expect, it } from 'vitest';
import { RowCollector } from './query-limits.js';

describe('RowCollector', () => {
  it('writes the kept rows as the JSON text JSON.stringify would, once, and stops at the byte cap', () => {
    const rows: unknown[][] = [[1, 'plain', null, true], ['ünïcödé ✓ "quoted" \\ back\nslash', 2.5, '12345678901234567890', { nested: [1, 2] }], []];
    const collector = new RowCollector({ maxRows: 10, maxBytes: 1 << 20 });
    for (const row of rows) expect(collector.add(row)).toBe(true);
    expect(collector.json).toBe(JSON.stringify(rows));
    expect(JSON.parse(collector.json)).toEqual(rows);

    // The byte cap counts the same text: a row that would pass it is not kept, nor written.
    const capped = new RowCollector({ maxRows: 10, maxBytes: Buffer.byteLength(JSON.stringify([rows[0]])) + 1 });
    expect(capped.add(rows[0]!)).toBe(true);
    expect(capped.add(rows[1]!)).toBe(false);
    expect(capped.truncated).toBe('bytes');
    expect(capped.json).toBe(JSON.stringify([rows[0]]));
    expect(new RowCollector({ maxRows: 1, maxBytes: 100 }).json).toBe('[]');
  });
});

describe('RowCollector batches', () => {
  it('asks for the first batch until the rows’ size is known, then for what the byte cap holds, within the row cap and the most', () => {
    const collector = new RowCollector({ maxRows: 100_000, maxBytes: 1_000_002 });
    expect(collector.nextBatch(500, 10_000)).toBe(500);
    // Rows of 9 bytes of JSON plus a comma: room for about 100,000; the most caps it.
    for (let i = 0; i < 500; i++) collector.add(['abcde']);
    expect(collector.nextBatch(500, 10_000)).toBe(10_000);
    // Wide rows: the byte cap's room decides, never below the first batch.
    const wide = new RowCollector({ maxRows: 100_000, maxBytes: 2_000_000 });
    for (let i = 0; i < 10; i++) wide.add(['x'.repeat(99_990)]);
    expect(wide.nextBatch(500, 10_000)).toBe(500);
    // Near the row cap: one more than may be kept.
    const few = new RowCollector({ maxRows: 12, maxBytes: 1 << 20 });
    for (let i = 0; i < 10; i++) few.add([i]);
    expect(few.nextBatch(500, 10_000)).toBe(3);
  });
});
