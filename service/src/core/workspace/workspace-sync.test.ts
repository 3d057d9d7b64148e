import { describe, expect, it } from 'vitest';
import { planSandboxSync } from './workspace-sync.js';
import { WorkspaceTree } from './workspace-tree.js';

const file = (path: string, blob: string) => ({ path, blob, size: 1, modified_at: 0, mime_type: 'text/plain' });
const tree = () =>
  WorkspaceTree.of({
    files: [
      file('data/in.csv', 'a'.repeat(64)),
      file('big.bin', 'b'.repeat(64)),
      file('same.txt', 'c'.repeat(64)),
      file('__marimo__/x', 'd'.repeat(64)),
      file('gone.txt', 'e'.repeat(64)),
    ],
    directories: [],
  });

describe('planning a sandbox workspace sync', () => {
  it('writes what is new or changed, deletes only what the listing could have seen, and never touches the entry file', () => {
    const plan = planSandboxSync(tree(), 'notebook.py', {
      files: [
        { path: 'notebook.py', size: 10, sha256: 'f'.repeat(64) },
        { path: 'data/in.csv', size: 2, sha256: '1'.repeat(64) },
        { path: 'same.txt', size: 1, sha256: 'c'.repeat(64) },
        { path: 'results/out.csv', size: 3, sha256: '2'.repeat(64) },
        { path: 'bad\\name', size: 1, sha256: '3'.repeat(64) },
      ],
      skipped: [{ path: 'big.bin', reason: 'too_large' }],
      ignored_dirs: ['__marimo__', '__pycache__'],
    });
    expect(plan.writes.map((write) => write.path)).toEqual(['data/in.csv', 'results/out.csv']);
    expect(plan.deletions.map((deletion) => deletion.path)).toEqual(['gone.txt']);
    expect(plan.skipped.map((skipped) => skipped.path)).toEqual(['big.bin', 'bad\\name']);
  });

  it('takes names in the form the workspace keeps them (NFC)', () => {
    const plan = planSandboxSync(WorkspaceTree.of({ files: [file('caf\u00e9.txt', 'a'.repeat(64))], directories: [] }), 'notebook.py', {
      files: [{ path: 'cafe\u0301.txt', size: 1, sha256: 'a'.repeat(64) }],
      skipped: [],
      ignored_dirs: [],
    });
    expect(plan).toEqual({ writes: [], deletions: [], skipped: [] });
  });
});
