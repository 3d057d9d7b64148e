import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { EnvironmentCacheOverview } from '../../../api/admin-types';
import { renderUi } from '../../../test/render';
import { EnvironmentCacheView } from './EnvironmentsTab';

const overview: EnvironmentCacheOverview = {
  enabled: true,
  bytes: 3 * 1024 ** 2,
  max_bytes: 20 * 1024 ** 3,
  starts: { hits: 6, builds: 2, waits: 0 },
  hit_rate: 0.75,
  since: '2026-03-02T08:00:00.000Z',
  environments: [
    {
      id: `env-${'1'.repeat(40)}`,
      bytes: 2 * 1024 ** 2,
      built_at: '2026-03-02T09:00:00.000Z',
      last_used_at: '2026-03-02T10:00:00.000Z',
      running_sandboxes: 1,
      notebooks: [
        { project_id: 'proj-1', notebook_id: 'nb-1', title: 'Sales forecast', versions: 3 },
        { project_id: 'proj-2', notebook_id: 'nb-2', title: 'Churn', versions: 1 },
      ],
    },
    {
      id: `env-${'2'.repeat(40)}`,
      bytes: 1024 ** 2,
      built_at: '2026-03-02T08:30:00.000Z',
      last_used_at: '2026-03-02T08:31:00.000Z',
      running_sandboxes: 0,
      notebooks: [],
    },
  ],
  notebooks_complete: true,
};

describe('the environments admin page', () => {
  it('shows the size against its budget, the hit rate and each environment with its notebooks', () => {
    renderUi(<EnvironmentCacheView overview={overview} />);
    expect(screen.getByText('3.0 MB')).toBeTruthy();
    expect(screen.getByText('of a 20 GB budget')).toBeTruthy();
    expect(screen.getByText('75%')).toBeTruthy();
    expect(screen.getByText(/8 starts since .*: 6 found, 0 waited, 2 built/)).toBeTruthy();
    const rows = within(screen.getByRole('table', { name: 'Built environments' }))
      .getAllByRole('row')
      .slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain(overview.environments[0]!.id);
    expect(within(rows[0]!).getByRole('link', { name: 'Sales forecast' }).getAttribute('href')).toBe('/projects/proj-1/notebooks/nb-1');
    expect(rows[0]!.textContent).toContain('(3 versions)');
    expect(rows[1]!.textContent).toContain('None any more');
  });

  it('says when locked environments are off, and when nothing was started yet', () => {
    const { unmount } = renderUi(<EnvironmentCacheView overview={{ ...overview, enabled: false, environments: [] }} />);
    expect(screen.getByRole('heading', { name: 'Locked environments are not on' })).toBeTruthy();
    unmount();
    renderUi(<EnvironmentCacheView overview={{ ...overview, hit_rate: null, starts: { hits: 0, builds: 0, waits: 0 }, environments: [] }} />);
    expect(screen.getByText('No starts yet')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'No environment built yet' })).toBeTruthy();
  });
});
