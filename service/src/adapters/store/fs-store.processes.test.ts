import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTempDir } from '../../../../test/support/temp-dir.js';
import { ABANDONED_TEMPORARY_MS, FsObjectStore } from './fs-store.js';

const WORKER = path.resolve(import.meta.dirname, '../../../../test/support/fs-store-worker.ts');

function startWorker(args: string[]) {
  return spawn(process.execPath, ['--import', 'tsx', WORKER, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
}

function isWhole(body: Buffer): boolean {
  const newline = body.indexOf(10);
  return newline === 64 && createHash('sha256').update(body.subarray(65)).digest('hex') === body.subarray(0, 64).toString();
}

describe('fs store across processes', () => {
  let root: string;
  let cleanup: () => Promise<void>;
  beforeEach(async () => {
    const temp = await makeTempDir('fs-processes');
    root = temp.dir;
    cleanup = temp.cleanup;
  });
  afterEach(() => cleanup());

  it('never leaves a torn object when a writer is killed mid-write', async () => {
    const store = new FsObjectStore(root, { staleLockMs: 2000 });
    const key = 'crash/object';
    let observedVersions = 0;
    let previousEtag: string | null = null;
    for (let round = 0; round < 8; round++) {
      const worker = startWorker(['churn', root, key]);
      await new Promise<void>((resolve) => worker.stdout.once('data', () => resolve()));
      await new Promise((resolve) => setTimeout(resolve, 150 + Math.random() * 400));
      const exited = new Promise((resolve) => worker.once('exit', resolve));
      worker.kill('SIGKILL');
      await exited;
      const object = await store.get(key);
      if (!object) continue;
      expect(isWhole(object.body), `round ${round}: object is torn`).toBe(true);
      if (object.etag !== previousEtag) observedVersions++;
      previousEtag = object.etag;
    }
    expect(observedVersions).toBeGreaterThan(2);

    // A killed writer is usually mid-write and leaves its temporary file behind (on a busy machine
    // the kills may all land between writes: one is then left as such a writer leaves it). Aged
    // past the limit they are removed by the next store's first write; a fresh one (a writer that
    // may still be running) is kept.
    const staging = path.join(root, '.tmp');
    if ((await readdir(staging)).length === 0) await writeFile(path.join(staging, 'left-by-a-killed-writer'), 'part of an obj');
    const abandoned = await readdir(staging);
    const aged = new Date(Date.now() - 2 * ABANDONED_TEMPORARY_MS);
    for (const name of abandoned) await utimes(path.join(staging, name), aged, aged);
    await writeFile(path.join(staging, 'in-progress'), 'a live writer');
    expect((await store.list('')).items.map((item) => item.key)).toEqual([key]);

    // The killed writer may have held the key's lock: the next conditional write still succeeds
    // once the abandoned lock goes stale.
    const reopened = new FsObjectStore(root, { staleLockMs: 2000 });
    const current = await reopened.get(key);
    await reopened.put(key, 'after the crashes', current ? { ifMatch: current.etag } : { ifNoneMatch: '*' });
    expect((await reopened.get(key))?.body.toString()).toBe('after the crashes');
    expect(await readdir(staging)).toEqual(['in-progress']);
  }, 120_000);

  it('loses no update between writer processes sharing the directory', async () => {
    const workers = Array.from({ length: 4 }, () => startWorker(['increment', root, 'shared/counter', '20']));
    const codes = await Promise.all(workers.map((worker) => new Promise((resolve) => worker.once('exit', resolve))));
    expect(codes).toEqual([0, 0, 0, 0]);
    const counter = await new FsObjectStore(root).get('shared/counter');
    expect(JSON.parse(counter!.body.toString()).n).toBe(80);
  }, 120_000);

  it('lets only the matching ETag delete an object when processes race for it', async () => {
    const workers = Array.from({ length: 4 }, () => startWorker(['mutex', root, 'mutex', '25']));
    const codes = await Promise.all(workers.map((worker) => new Promise((resolve) => worker.once('exit', resolve))));
    expect(codes).toEqual([0, 0, 0, 0]);
    const store = new FsObjectStore(root);
    expect((await store.get('mutex/counter'))?.body.toString()).toBe('100');
    expect(await store.get('mutex/holder')).toBeNull();
  }, 120_000);
});
