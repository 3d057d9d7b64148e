import { describe, expect, it } from 'vitest';
import { HubError } from '../../../core/errors.js';
import { followedRef, previewKeyOf, previewTarget } from './preview-model.js';

const codeOf = (work: () => unknown) => {
  try {
    work();
  } catch (error) {
    return error instanceof HubError ? error.code : 'other';
  }
  return null;
};

describe('previewTarget', () => {
  it('reads a branch, a commit and a change request on each provider', () => {
    expect(previewTarget({ branch: ' feature/x ' }, { provider: null })).toEqual({
      kind: 'branch',
      ref: 'feature/x',
      branch: 'feature/x',
      change_request: null,
      title: 'Branch feature/x',
    });
    const commit = 'A'.repeat(40);
    expect(previewTarget({ commit, title: 'Release' }, { provider: null })).toMatchObject({ kind: 'commit', ref: 'a'.repeat(40), title: 'Release' });
    expect(previewTarget({ change_request: 7 }, { provider: 'github' })).toMatchObject({
      ref: 'refs/pull/7/head',
      change_request: 7,
      title: 'Pull request #7',
    });
    expect(previewTarget({ change_request: 3 }, { provider: 'gitlab' })).toMatchObject({ ref: 'refs/merge-requests/3/head', title: 'Merge request !3' });
  });

  it('refuses anything but exactly one valid ref', () => {
    expect(codeOf(() => previewTarget({}, { provider: null }))).toBe('VALIDATION_ERROR');
    expect(codeOf(() => previewTarget({ branch: 'a', commit: 'b'.repeat(40) }, { provider: null }))).toBe('VALIDATION_ERROR');
    for (const branch of ['has space', 'a..b', '-', '/lead', 'trail/', 'x.lock', 'ctl\u0001', 'star*'])
      expect(
        codeOf(() => previewTarget({ branch }, { provider: null })),
        branch,
      ).toBe(branch === '-' ? null : 'VALIDATION_ERROR');
    expect(codeOf(() => previewTarget({ commit: 'abc123' }, { provider: null }))).toBe('VALIDATION_ERROR');
    expect(codeOf(() => previewTarget({ change_request: 0 }, { provider: 'github' }))).toBe('VALIDATION_ERROR');
    expect(codeOf(() => previewTarget({ change_request: 2 }, { provider: null }))).toBe('SYNC_NOT_CONFIGURED');
    expect(codeOf(() => previewTarget({ branch: 'main', title: 'x'.repeat(201) }, { provider: null }))).toBe('VALIDATION_ERROR');
  });
});

describe('followedRef and previewKeyOf', () => {
  it('follows branches and change requests, never commits', () => {
    expect(followedRef({ kind: 'branch', ref: 'main' })).toBe('refs/heads/main');
    expect(followedRef({ kind: 'change_request', ref: 'refs/pull/7/head' })).toBe('refs/pull/7/head');
    expect(followedRef({ kind: 'commit', ref: 'a'.repeat(40) })).toBeNull();
  });

  it('tells preview records from the other keys under git/', () => {
    expect(previewKeyOf('git/proj-1/previews/nb-1/prv-0123456789abcdef')).toEqual({
      projectId: 'proj-1',
      notebookId: 'nb-1',
      previewId: 'prv-0123456789abcdef',
    });
    expect(previewKeyOf('git/proj-1/preview-snapshots/nb-1/prv-0123456789abcdef/abc')).toBeNull();
    expect(previewKeyOf('git/proj-1/sync-state/nb-1')).toBeNull();
  });
});
