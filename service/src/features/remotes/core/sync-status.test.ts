import { describe, expect, it } from 'vitest';
import type { LinkedNotebook, RemoteLink } from './remote-link.js';
import { projectSyncStatus, syncState, type LocalNotebookHead } from './sync-status.js';

function linked(notebookId: string, fields: Partial<LinkedNotebook> = {}): LinkedNotebook {
  return {
    notebook_id: notebookId,
    remote_notebook_id: `r-${notebookId}`,
    remote_title: `team ${notebookId}`,
    base_remote_version_id: 'rv1',
    base_local_version_id: 'lv1',
    base_remote_manifest_id: 'rm1',
    base_local_manifest_id: 'lm1',
    remote_head: { version_id: 'rv1', manifest_id: 'rm1', fetched_at: '2026-01-01T00:00:00.000Z' },
    remote_deleted: false,
    conflict: null,
    versions: [],
    ...fields,
  };
}

function linkOf(notebooks: LinkedNotebook[], remoteOnly: RemoteLink['remote_only'] = []): RemoteLink {
  return {
    schema_version: 1,
    project_id: 'proj-0000000000000001',
    remote: 'team',
    hub_id: 'hub-team',
    remote_project_id: 'proj-team',
    remote_project_name: 'Team project',
    readme: null,
    integrations: [],
    notebooks,
    remote_only: remoteOnly,
    fetched_at: '2026-01-01T00:00:00.000Z',
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
  };
}

const head = (notebookId: string, versionId: string | null, manifestId: string | null = 'lm1'): LocalNotebookHead => ({
  notebook_id: notebookId,
  title: notebookId,
  version_id: versionId,
  manifest_id: manifestId,
});

describe('the sync state of one side against the other', () => {
  const base = { local: 'l1', remote: 'r1' };

  it('is in step while neither head moved past its base', () => {
    expect(syncState(base, { local: 'l1', remote: 'r1' })).toBe('in_step');
  });

  it('is ahead when the local head moved, behind when the team head did, diverged when both did', () => {
    expect(syncState(base, { local: 'l2', remote: 'r1' })).toBe('ahead');
    expect(syncState(base, { local: 'l1', remote: 'r2' })).toBe('behind');
    expect(syncState(base, { local: 'l2', remote: 'r2' })).toBe('diverged');
  });

  it('takes a team head never heard of to be where the bases left it', () => {
    expect(syncState(base, { local: 'l1' })).toBe('in_step');
    expect(syncState(base, { local: 'l2' })).toBe('ahead');
  });

  it('counts a first write to a workspace that had none as a move', () => {
    expect(syncState({ local: null, remote: null }, { local: 'm1', remote: null })).toBe('ahead');
    expect(syncState({ local: null, remote: null }, { local: null, remote: 'm9' })).toBe('behind');
  });
});

describe('the status of a project against its team project', () => {
  it('reads every state from the link and the local heads', () => {
    const link = linkOf(
      [
        linked('nb-in-step'),
        linked('nb-ahead'),
        linked('nb-behind', { remote_head: { version_id: 'rv2', manifest_id: 'rm1', fetched_at: '2026-01-02T00:00:00.000Z' } }),
        linked('nb-diverged', {
          remote_head: { version_id: 'rv2', manifest_id: 'rm1', fetched_at: '2026-01-02T00:00:00.000Z' },
          conflict: { detected_at: 'x', code: true, workspace: false },
        }),
        linked('nb-gone-there', { remote_deleted: true }),
        linked('nb-deleted-here'),
      ],
      [{ remote_notebook_id: 'r-new', title: 'New on the team hub', version_id: 'rv7' }],
    );
    const status = projectSyncStatus(link, [
      head('nb-in-step', 'lv1'),
      head('nb-ahead', 'lv2', 'lm2'),
      head('nb-behind', 'lv1'),
      head('nb-diverged', 'lv2'),
      head('nb-gone-there', 'lv1'),
      head('nb-local', 'lv9'),
    ]);
    const byTitle = Object.fromEntries(status.notebooks.map((notebook) => [notebook.title, notebook]));
    expect(byTitle['nb-in-step']).toMatchObject({ state: 'in_step', workspace: 'in_step', conflict: false });
    expect(byTitle['nb-ahead']).toMatchObject({ state: 'ahead', workspace: 'ahead', local_version_id: 'lv2', base_local_version_id: 'lv1' });
    expect(byTitle['nb-behind']).toMatchObject({ state: 'behind', remote_version_id: 'rv2', remote_fetched_at: '2026-01-02T00:00:00.000Z' });
    expect(byTitle['nb-diverged']).toMatchObject({ state: 'diverged', conflict: true });
    expect(byTitle['nb-gone-there']).toMatchObject({ state: 'local_only', workspace: null });
    expect(byTitle['nb-local']).toMatchObject({ state: 'local_only', remote_notebook_id: null });
    expect(byTitle['team nb-deleted-here']).toMatchObject({ state: 'remote_only', notebook_id: null, remote_notebook_id: 'r-nb-deleted-here' });
    expect(byTitle['New on the team hub']).toMatchObject({ state: 'remote_only', remote_version_id: 'rv7' });
    expect(status.summary).toEqual({ in_step: 1, ahead: 1, behind: 1, diverged: 1, local_only: 2, remote_only: 2, conflicts: 1 });
  });

  it('shows every notebook of an unlinked project as local only', () => {
    const status = projectSyncStatus(null, [head('nb-a', 'lv1'), head('nb-b', null, null)]);
    expect(status.notebooks.map((notebook) => notebook.state)).toEqual(['local_only', 'local_only']);
    expect(status.summary.local_only).toBe(2);
  });

  it('computes 100 notebooks offline from recorded bases alone', () => {
    const entries = Array.from({ length: 100 }, (_, i) =>
      linked(
        `nb-${String(i).padStart(3, '0')}`,
        i % 4 === 2 ? { remote_head: { version_id: 'rv2', manifest_id: 'rm1', fetched_at: '2026-01-02T00:00:00.000Z' } } : {},
      ),
    );
    const heads = entries.map((entry, i) => head(entry.notebook_id, i % 4 === 1 || i % 4 === 3 ? 'lv2' : 'lv1'));
    const status = projectSyncStatus(linkOf(entries), heads);
    expect(status.notebooks).toHaveLength(100);
    expect(status.summary).toMatchObject({ in_step: 25, ahead: 50, behind: 25, diverged: 0 });
  });
});
