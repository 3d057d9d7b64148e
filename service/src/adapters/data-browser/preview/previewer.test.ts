// The previewer's budgets against hostile files, in real worker threads: each failure comes with
// its reason, the bytes served stay within the byte budget, and the previewer serves the next
// request afterwards.
import { Worker } from 'node:worker_threads';
import { parquetWriteBuffer } from 'hyparquet-writer';
import { afterAll, describe, expect, it } from 'vitest';
import { PreviewError, type PreviewResult } from '../../../core/ports/data-preview.js';
import { concatenated, gzipBomb, previewRequest, repeated, whole } from '../../../../../test/support/preview-fixtures.js';
import { WorkerPreviewer } from './previewer.js';

const MiB = 1024 * 1024;
const previewer = new WorkerPreviewer({ workers: 2, memoryMb: 128 });
afterAll(() => previewer.close());

async function failure(promise: Promise<PreviewResult>): Promise<PreviewError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(PreviewError);
  return error as PreviewError;
}

/** The previewer still answers: a small CSV previews normally. */
async function stillServes(target = previewer): Promise<void> {
  const preview = await target.preview(previewRequest('a,b\n1,2\n', 'ok.csv'));
  expect(preview).toMatchObject({ kind: 'table', rows: [[1, 2]] });
}

describe('hostile files', () => {
  it('a CSV whose first row is 100 MB long: byte-budget, reading no more than the budget', async () => {
    const file = concatenated(whole('name,notes\nalpha,'), repeated('x', 100 * MiB), whole('\nbeta,short\n'));
    const request = previewRequest(file, 'long-line.csv', { budgets: { maxBytes: 4 * MiB } });
    const error = await failure(previewer.preview(request));
    expect(error.reason).toBe('byte-budget');
    expect(error.message).toMatch(/byte budget of 4 MiB/);
    expect(request.served()).toBeLessThanOrEqual(4 * MiB);
    await stillServes();
  });

  it('rows before a long one are still shown, with a note', async () => {
    const file = concatenated(whole('a,b\n1,2\n3,4\n'), repeated('y', 10 * MiB), whole('\n'));
    const preview = await previewer.preview(previewRequest(file, 'partly.csv', { budgets: { maxBytes: MiB } }));
    expect(preview).toMatchObject({
      kind: 'table',
      rows: [
        [1, 2],
        [3, 4],
      ],
      truncated: true,
    });
    expect((preview as { notes: string[] }).notes.join(' ')).toMatch(/byte-budget/);
  });

  it('a gzip bomb named .csv: expansion, after reading little', async () => {
    const bomb = await gzipBomb(64 * MiB);
    const request = previewRequest(bomb, 'innocent.csv', { budgets: { maxBytes: 4 * MiB } });
    const error = await failure(previewer.preview(request));
    expect(error.reason).toBe('expansion');
    expect(error.message).toMatch(/expands past the preview's limit of 4 MiB/);
    expect(request.served()).toBeLessThan(bomb.length);
    await stillServes();
  });

  it('JSON nested 100 000 levels deep: malformed, not a crash', async () => {
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    const error = await failure(previewer.preview(previewRequest(deep, 'deep.json')));
    expect(error.reason).toBe('malformed');
    expect(error.message).toMatch(/nested more than 64 levels/);
    const line = await failure(previewer.preview(previewRequest(`{"a":1}\n${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}\n`, 'deep.ndjson')));
    expect(line.reason).toBe('malformed');
    await stillServes();
  });

  it('a JSON string larger than the memory budget: memory-budget, and the worker is replaced', async () => {
    const file = concatenated(whole('[{"text": "'), repeated('z', 400 * MiB), whole('"}]'));
    const request = previewRequest(file, 'huge-string.json', { budgets: { maxBytes: 512 * MiB, memoryMb: 32 } });
    const error = await failure(previewer.preview(request));
    expect(error.reason).toBe('memory-budget');
    expect(error.message).toMatch(/32 MiB/);
    await stillServes();
  });

  it('invalid UTF-8 in a CSV: shown with replacement characters and a note', async () => {
    const bytes = Buffer.concat([Buffer.from('name\n'), Buffer.from([0x61, 0xc3, 0x28, 0x62]), Buffer.from('\n')]);
    const preview = await previewer.preview(previewRequest(bytes, 'latin.csv'));
    expect(preview).toMatchObject({ kind: 'table', rows: [['a\uFFFD(b']] });
    expect((preview as { notes: string[] }).notes.join(' ')).toMatch(/not valid UTF-8/);
  });
});

describe('time, abort and the byte budget held by the main thread', () => {
  it('a source that never answers: time-budget', async () => {
    const request = previewRequest('a,b\n', 'slow.csv', { budgets: { timeoutMs: 300 }, read: () => new Promise<Uint8Array>(() => {}) });
    expect((await failure(previewer.preview(request))).reason).toBe('time-budget');
    await stillServes();
  });

  it('a parser that never ends is stopped at the time budget and its worker replaced', async () => {
    // A stand-in worker that spins forever on any preview: what a parser stuck in a loop does.
    const spinning = new WorkerPreviewer({ workers: 1, memoryMb: 32, spawn: fakeSpinningWorker });
    try {
      const error = await failure(spinning.preview(previewRequest('a\n1\n', 'loop.csv', { budgets: { timeoutMs: 300, memoryMb: 32 } })));
      expect(error.reason).toBe('time-budget');
      expect(spawned).toBeGreaterThanOrEqual(2);
    } finally {
      await spinning.close();
    }
  });

  it('refuses reads past the byte budget even when a worker asks for them', async () => {
    const greedy = new WorkerPreviewer({ workers: 1, memoryMb: 32, spawn: fakeGreedyWorker });
    try {
      const request = previewRequest(repeated('a', 10 * MiB), 'greedy.csv', { budgets: { maxBytes: MiB, memoryMb: 32 } });
      const error = await failure(greedy.preview(request));
      expect(error.reason).toBe('byte-budget');
      expect(request.served()).toBeLessThanOrEqual(MiB);
    } finally {
      await greedy.close();
    }
  });

  it('an aborted request rejects with the signal reason', async () => {
    const controller = new AbortController();
    const request = previewRequest('a,b\n', 'aborted.csv', { signal: controller.signal, read: () => new Promise<Uint8Array>(() => {}) });
    const pending = previewer.preview(request);
    controller.abort(new Error('the client went away'));
    await expect(pending).rejects.toThrow('the client went away');
    await stillServes();
  });

  it('serves more previews at once than it has workers, in turn', async () => {
    const results = await Promise.all(Array.from({ length: 6 }, (_, index) => previewer.preview(previewRequest(`n\n${index}\n`, `n${index}.csv`))));
    expect(results.map((result) => (result as { rows: unknown[][] }).rows[0]![0])).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('a failing source rejects with the source error', async () => {
    const request = previewRequest('a\n', 'gone.csv', { read: () => Promise.reject(new Error('NoSuchKey')) });
    await expect(previewer.preview(request)).rejects.toThrow('NoSuchKey');
    await stillServes();
  });
});

describe('the first reads a caller may fetch beforehand', () => {
  it("are a Parquet preview's first two reads: the start of the file, then its footer", async () => {
    const file = new Uint8Array(parquetWriteBuffer({ columnData: [{ name: 'n', data: Array.from({ length: 100_000 }, (_, index) => index), type: 'INT32' }] }));
    const { head, tail } = previewer.firstReads('parquet');
    const reads: [number, number][] = [];
    const request = previewRequest(file, 'numbers.parquet', {
      read: async (offset, length) => {
        reads.push([offset, length]);
        return file.subarray(offset, offset + length);
      },
    });
    expect(await previewer.preview(request)).toMatchObject({ kind: 'table', totalRows: 100_000 });
    expect(file.length).toBeGreaterThan(head + tail);
    expect(reads.slice(0, 2)).toEqual([
      [0, head],
      [file.length - tail, tail],
    ]);
    expect(previewer.firstReads('csv')).toEqual({ head, tail: 0 });
    expect(previewer.firstReads(null)).toEqual({ head, tail: 0 });
  });
});

let spawned = 0;

function fakeSpinningWorker(): Worker {
  spawned++;
  return new Worker(`require('node:worker_threads').parentPort.on('message', () => { for (;;) {} });`, { eval: true });
}

/** Asks for 4 MiB in 512 KiB reads at once, then reports what it got: the main thread must refuse past the budget. */
function fakeGreedyWorker(): Worker {
  return new Worker(
    `require('node:worker_threads').parentPort.on('message', ({ port }) => {
      const answers = [];
      port.on('message', (answer) => {
        answers.push(answer);
        if (answers.length < 8) return;
        const refused = answers.find((a) => a.type === 'refused');
        port.postMessage(refused ? { type: 'failed', reason: 'malformed', message: 'gave up', format: null } : { type: 'done', preview: { kind: 'text', format: 'text', text: '', truncated: false, invalidUtf8: false, notes: [] } });
      });
      for (let id = 0; id < 8; id++) port.postMessage({ type: 'read', id, offset: id * 524288, length: 524288 });
    });`,
    { eval: true },
  );
}
