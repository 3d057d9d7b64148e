import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DependencyUpdate } from '../../../api/notebook-versions';
import { fakeHub, ok, refused } from '../../../test/fake-hub';
import { renderUi } from '../../../test/render';
import { UpdateDependencies } from './UpdateDependencies';

const PATH = '/api/v1/projects/proj-0000000000000001/notebooks/nb-0000000000000001/environment/update';
const props = { pid: 'proj-0000000000000001', nid: 'nb-0000000000000001', versionId: 'ver-0000000000000001', current: true };
const environment: DependencyUpdate['environment'] = {
  version_id: 'ver-0000000000000002',
  status: 'locked',
  environment_id: `env-${'2'.repeat(40)}`,
  python: 'CPython 3.11.7 on linux-x86_64, glibc-2.36',
  packages: [{ name: 'polars', version: '1.3.0' }],
  lock_sha256: 'b'.repeat(64),
  locked_at: '2026-03-02T10:00:00.000Z',
  reused_from: null,
  error: null,
  unlocked_reason: null,
};

describe('update dependencies', () => {
  it('saves a new version and shows what changed, with a link to it', async () => {
    const hub = fakeHub();
    const result: DependencyUpdate = {
      updated: true,
      version: {
        version_id: 'ver-0000000000000002',
        notebook_id: props.nid,
        saved_at: '2026-03-02T10:00:00.000Z',
        author: 'u1',
        message: 'Updated dependencies: polars 1.2.0 → 1.3.0',
        parent_id: props.versionId,
      },
      environment,
      changes: [
        { name: 'polars', from: '1.2.0', to: '1.3.0' },
        { name: 'narwhals', from: null, to: '1.0.0' },
      ],
    };
    hub.on(`POST ${PATH}`, { status: 201, ...ok(result) });
    const { user } = renderUi(<UpdateDependencies {...props} />);
    await user.click(screen.getByRole('button', { name: 'Update dependencies' }));
    const done = await screen.findByRole('status', { name: 'Dependencies updated' });
    expect(hub.seen.find((request) => request.method === 'POST')?.body).toEqual({ base_version_id: props.versionId });
    expect(within(done).getByRole('link', { name: 'ver-0000000000000002' }).getAttribute('href')).toBe(
      `/projects/${props.pid}/notebooks/${props.nid}/versions/ver-0000000000000002?view=environment`,
    );
    expect(
      within(done)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['PackageWasNow', 'polars1.2.01.3.0', 'narwhals—1.0.0']);
  });

  it('says when the index gives the same lock, and nothing was saved', async () => {
    const hub = fakeHub();
    hub.on(`POST ${PATH}`, ok({ updated: false, version: null, environment, changes: [] }));
    const { user } = renderUi(<UpdateDependencies {...props} />);
    await user.click(screen.getByRole('button', { name: 'Update dependencies' }));
    expect((await screen.findByRole('status', { name: 'Already up to date' })).textContent).toContain('Nothing was saved');
  });

  it("shows uv's reason when the block cannot be resolved now, and another refusal as it came", async () => {
    const hub = fakeHub();
    const reason = '× No solution found when resolving dependencies:\n╰─▶ Because polars>=9 was not found, your requirements are unsatisfiable.';
    hub.on(
      `POST ${PATH}`,
      refused(422, 'PYTHON_ENV_SETUP_FAILED', `uv could not resolve the dependencies of version ${props.versionId} now; nothing was saved:\n${reason}`),
    );
    const { user, unmount } = renderUi(<UpdateDependencies {...props} />);
    await user.click(screen.getByRole('button', { name: 'Update dependencies' }));
    await screen.findByRole('alert', { name: 'The dependencies could not be updated' });
    expect(screen.getByLabelText('What uv said').textContent).toBe(reason);
    unmount();

    hub.on(`POST ${PATH}`, refused(409, 'EDIT_SESSION_OWNED', 'edit session ses-1 is editing this notebook; save from that session, or stop it first'));
    const again = renderUi(<UpdateDependencies {...props} />);
    await again.user.click(screen.getByRole('button', { name: 'Update dependencies' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Edit session ses-1 is editing this notebook');
  });

  it('offers nothing on a version that is not the current one', () => {
    renderUi(<UpdateDependencies {...props} current={false} />);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
