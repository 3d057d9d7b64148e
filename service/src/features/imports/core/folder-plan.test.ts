import { describe, expect, it } from 'vitest';
import { HubError } from '../../../core/errors.js';
import type { FolderArchiveEntry } from '../../../core/ports/folder-archive.js';
import { planFolder } from './folder-plan.js';

const file = (index: number, name: string, problem: string | null = null): FolderArchiveEntry => ({ index, name, kind: 'file', declaredSize: 1, problem });
const folder = (index: number, name: string): FolderArchiveEntry => ({ index, name, kind: 'directory', declaredSize: 0, problem: null });

function refusal(entries: FolderArchiveEntry[]): HubError {
  try {
    planFolder(entries);
  } catch (error) {
    if (error instanceof HubError) return error;
    throw error;
  }
  throw new Error('the folder was accepted');
}

describe('planFolder', () => {
  it('keeps files and every folder, explicit or implied, and leaves operating-system clutter out', () => {
    const plan = planFolder([
      folder(0, 'project'),
      file(1, 'project/a.py'),
      file(2, 'project/data/b.csv'),
      folder(3, 'project/empty'),
      file(4, '__MACOSX/project/._a.py'),
      file(5, 'project/.DS_Store'),
      file(6, 'project/__pycache__/a.cpython-312.pyc'),
      file(7, 'project/Thumbs.db'),
    ]);
    expect(plan.files).toEqual([
      { index: 1, path: 'project/a.py' },
      { index: 2, path: 'project/data/b.csv' },
    ]);
    expect(plan.directories).toEqual(['project', 'project/data', 'project/empty']);
    expect(plan.ignoredCount).toBe(4);
  });

  it('normalizes names to NFC and keeps names that differ only in case apart, as workspaces do', () => {
    const plan = planFolder([file(0, 'Cafe\u0301.csv'), file(1, 'data.csv'), file(2, 'Data.csv')]);
    expect(plan.files.map((entry) => entry.path)).toEqual(['Caf\u00e9.csv', 'data.csv', 'Data.csv']);
  });

  it.each([
    ['../x', '. or .. segments'],
    ['a/../../x', '. or .. segments'],
    ['/etc/passwd', 'no leading /'],
    ['a\\b', 'backslash'],
    ['C:/x', 'drive'],
    ['c:x', 'drive'],
    ['a//b', 'empty segment'],
    ['a\u0000b', 'NUL'],
    ['a\u0007b', 'control character'],
    ['', 'empty name'],
    [`${'x'.repeat(256)}.csv`, 'longer than 255 bytes'],
  ])('refuses %j', (name, why) => {
    const error = refusal([file(0, 'ok.py'), file(1, name)]);
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.details).toEqual([{ field: 'entries[1]', message: expect.stringContaining(why) }]);
  });

  it('refuses duplicates (also across normalization), a file used as a folder, and entries the reader refused', () => {
    expect(refusal([file(0, 'a.csv'), file(1, 'a.csv')]).details).toEqual([
      { field: 'entries[1]', message: '"a.csv" appears twice in the archive (also entry 0)' },
    ]);
    expect(refusal([file(0, 'caf\u00e9'), file(1, 'cafe\u0301')]).details?.[0]?.field).toBe('entries[1]');
    expect(refusal([file(0, 'a'), folder(1, 'a')]).details?.[0]?.message).toContain('both a file and a folder');
    expect(refusal([file(0, 'a'), file(1, 'a/b/c.csv')]).details).toEqual([{ field: 'entries[1]', message: '"a/b/c.csv" lies inside "a", which is a file' }]);
    expect(refusal([file(0, 'link', 'is a symbolic link')]).details).toEqual([{ field: 'entries[0]', message: '"link" is a symbolic link' }]);
  });

  it('reports every problem, listing at most 50', () => {
    const entries = Array.from({ length: 60 }, (_, i) => file(i, `../${i}`));
    const error = refusal(entries);
    expect(error.message).toContain('60 entries');
    expect(error.details).toHaveLength(50);
  });
});
