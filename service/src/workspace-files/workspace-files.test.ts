import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import fs from 'fs-extra';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { layout } from '../core/storage-layout.js';
import type { WorkspaceFile } from '../core/workspace/workspace-model.js';
import { collectWorkspace } from './collect.js';
import { materializeWorkspace } from './materialize.js';

const sha256 = (body: Buffer) => createHash('sha256').update(body).digest('hex');

/** An in-memory stand-in for the store: only blob reads are needed here. */
function blobStore(contents: Record<string, string>) {
  const blobs = new Map<string, Buffer>();
  const files: WorkspaceFile[] = [];
  for (const [filePath, text] of Object.entries(contents)) {
    const body = Buffer.from(text);
    blobs.set(layout.blob(sha256(body)), body);
    files.push({ path: filePath, blob: sha256(body), size: body.length, modified_at: Date.UTC(2024, 0, 2, 3, 4, 5), mime_type: 'text/plain' });
  }
  return { files, store: { get: async (key: string) => (blobs.has(key) ? { body: blobs.get(key)!, etag: 'x' } : null) } };
}

describe('materializing and collecting workspaces', () => {
  let temp: string;
  let outside: string;
  beforeEach(async () => {
    temp = await mkdtemp(path.join(os.tmpdir(), 'notebook-hub-wsfiles-'));
    outside = path.join(temp, 'outside');
    await fs.outputFile(path.join(outside, 'secret.txt'), 'outside secret');
  });
  afterEach(() => rm(temp, { recursive: true, force: true }));

  it('writes files with their times and empty folders, and collects them back', async () => {
    const { files, store } = blobStore({ 'a.txt': 'A', 'deep/er/b c.txt': 'B', 'Café/ü.md': 'ü' });
    const target = path.join(temp, 'sandbox');
    const report = await materializeWorkspace({ files, directories: ['empty/inner'] }, store, target);
    expect(report.skipped).toEqual([]);
    expect(await fs.readFile(path.join(target, 'deep/er/b c.txt'), 'utf8')).toBe('B');
    expect((await fs.stat(path.join(target, 'a.txt'))).mtimeMs).toBe(Date.UTC(2024, 0, 2, 3, 4, 5));
    expect((await fs.stat(path.join(target, 'empty/inner'))).isDirectory()).toBe(true);

    const collected = await collectWorkspace(target);
    expect(collected.skipped).toEqual([]);
    expect(collected.entries.map((entry) => `${entry.kind}:${entry.path}`).sort()).toEqual(
      ['directory:Café', 'directory:deep', 'directory:deep/er', 'directory:empty', 'directory:empty/inner', 'file:Café/ü.md', 'file:a.txt', 'file:deep/er/b c.txt'].sort(),
    );
    const b = collected.entries.find((entry) => entry.path === 'deep/er/b c.txt');
    expect(b?.kind === 'file' && (await b.read()).toString()).toBe('B');
  });

  it('never writes through a symlink left in the target, inside or outside', async () => {
    const target = path.join(temp, 'sandbox');
    await fs.ensureDir(path.join(target, 'real'));
    await fs.symlink(outside, path.join(target, 'escape'));
    await fs.symlink(path.join(outside, 'secret.txt'), path.join(target, 'overwrite.txt'));
    await fs.symlink(path.join(target, 'real'), path.join(target, 'inner-link'));
    const { files, store } = blobStore({ 'escape/secret.txt': 'pwned', 'overwrite.txt': 'pwned', 'inner-link/x.txt': 'x', 'ok.txt': 'fine' });
    const report = await materializeWorkspace({ files: [...files, { ...files[3]!, path: '../evil.txt' }], directories: ['escape/new'] }, store, target);
    expect(report.written).toEqual(['ok.txt']);
    expect(report.skipped.map((entry) => entry.path).sort()).toEqual(['../evil.txt', 'escape/new', 'escape/secret.txt', 'inner-link/x.txt', 'overwrite.txt']);
    expect(await fs.readFile(path.join(outside, 'secret.txt'), 'utf8')).toBe('outside secret');
    expect(await fs.pathExists(path.join(outside, 'new'))).toBe(false);
    expect(await fs.pathExists(path.join(temp, 'evil.txt'))).toBe(false);
    expect(await fs.pathExists(path.join(target, 'real', 'x.txt'))).toBe(false);
  });

  it('skips and reports symlinks (even pointing inside), special files and invalid names when collecting', async () => {
    const source = path.join(temp, 'sandbox');
    await fs.outputFile(path.join(source, 'keep.txt'), 'keep');
    await fs.outputFile(path.join(source, 'dir/inner.txt'), 'inner');
    await fs.symlink(path.join(outside, 'secret.txt'), path.join(source, 'leak.txt'));
    await fs.symlink(outside, path.join(source, 'leakdir'));
    await fs.symlink(path.join(source, 'keep.txt'), path.join(source, 'inside-link.txt'));
    await fs.outputFile(path.join(source, 'back\\slash.txt'), 'x');
    await fs.outputFile(path.join(source, 'ctl\u0001.txt'), 'x');
    await fs.outputFile(path.join(source, 'Cafe\u0301.txt'), 'nfd');
    let fifo = false;
    try {
      execFileSync('mkfifo', [path.join(source, 'pipe')]);
      fifo = true;
    } catch {
      // No mkfifo on this system: the special-file case is not exercised.
    }
    const report = await collectWorkspace(source);
    expect(report.entries.map((entry) => entry.path).sort()).toEqual(['Caf\u00e9.txt', 'dir', 'dir/inner.txt', 'keep.txt']);
    const skipped = Object.fromEntries(report.skipped.map((entry) => [entry.path, entry.reason]));
    expect(skipped).toMatchObject({ 'leak.txt': 'symlink', leakdir: 'symlink', 'inside-link.txt': 'symlink' });
    expect(skipped['back\\slash.txt']).toMatch(/not a valid workspace path/);
    expect(skipped['ctl\u0001.txt']).toMatch(/not a valid workspace path/);
    if (fifo) expect(skipped.pipe).toMatch(/special file/);
  });

  it('refuses to read a collected file that was swapped for a symlink, or whose folder was', async () => {
    const source = path.join(temp, 'sandbox');
    await fs.outputFile(path.join(source, 'a.txt'), 'a');
    await fs.outputFile(path.join(source, 'sub/secret.txt'), 'mine');
    const report = await collectWorkspace(source);
    const fileOf = (p: string) => {
      const entry = report.entries.find((candidate) => candidate.path === p);
      if (entry?.kind !== 'file') throw new Error(`no file ${p}`);
      return entry;
    };
    await fs.remove(path.join(source, 'a.txt'));
    await fs.symlink(path.join(outside, 'secret.txt'), path.join(source, 'a.txt'));
    await expect(fileOf('a.txt').read()).rejects.toThrow(/symlink|replaced/);
    await fs.remove(path.join(source, 'sub'));
    await fs.symlink(outside, path.join(source, 'sub'));
    await expect(fileOf('sub/secret.txt').read()).rejects.toThrow(/replaced/);
  });
});
