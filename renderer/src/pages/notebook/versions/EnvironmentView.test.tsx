import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { VersionEnvironment } from '../../../api/notebook-versions';
import { renderUi } from '../../../test/render';
import { EnvironmentView } from './EnvironmentView';

const base: VersionEnvironment = {
  version_id: 'ver-0000000000000002',
  status: 'locked',
  environment_id: `env-${'1'.repeat(40)}`,
  python: 'CPython 3.11.7 on linux-x86_64, glibc-2.36',
  packages: [
    { name: 'polars', version: '1.2.0' },
    { name: 'altair', version: '5.3.0' },
  ],
  lock_sha256: 'a'.repeat(64),
  locked_at: '2026-03-02T10:00:00.000Z',
  reused_from: null,
  error: null,
  unlocked_reason: null,
};

describe("a version's environment", () => {
  it('lists the locked packages, the identity and where the lock is', () => {
    renderUi(<EnvironmentView environment={base} lockUrl="/lock" />);
    const table = screen.getByRole('table', { name: 'Locked packages' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['PackageVersion', 'polars1.2.0', 'altair5.3.0']);
    expect(screen.getByText(base.environment_id!)).toBeTruthy();
    expect(screen.getByText(/CPython 3\.11\.7/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View the lock' }).getAttribute('href')).toBe('/lock');
  });

  it('says why the dependencies of an unlocked version are installed at each start', () => {
    const unlocked = { ...base, status: 'unlocked' as const, environment_id: null, packages: [], lock_sha256: null, locked_at: null };
    const reason = 'its [tool.uv] settings "extra-index-url" are not carried by a lock: its dependencies are installed at each start';
    renderUi(<EnvironmentView environment={{ ...unlocked, unlocked_reason: reason }} lockUrl="/lock" />);
    expect(
      screen.getByText(
        'The dependencies this version declares are installed each time it starts: its [tool.uv] settings "extra-index-url" are not carried by a lock.',
      ),
    ).toBeTruthy();
  });

  it("shows uv's reason when the dependencies could not be resolved", () => {
    const message = '× No solution found when resolving dependencies:\n╰─▶ Because polars>=9 was not found, your requirements are unsatisfiable.';
    renderUi(<EnvironmentView environment={{ ...base, status: 'failed', environment_id: null, packages: [], error: { message } }} lockUrl="/lock" />);
    expect(screen.getByText('The dependencies could not be resolved')).toBeTruthy();
    expect(screen.getByLabelText('What uv said').textContent).toBe(message);
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says while the lock is being resolved, and when there is nothing to lock', () => {
    const { unmount } = renderUi(<EnvironmentView environment={{ ...base, status: 'pending', environment_id: null, packages: [] }} lockUrl="/lock" />);
    expect(screen.getByRole('status').textContent).toMatch(/Resolving/);
    unmount();
    renderUi(<EnvironmentView environment={{ ...base, status: 'none', environment_id: null, packages: [] }} lockUrl="/lock" />);
    expect(screen.getByText(/declares no dependencies/)).toBeTruthy();
  });
});
