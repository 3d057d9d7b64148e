import { screen, waitFor, within } from '@testing-library/react';
import { Outlet, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { DataSource } from '../../../api/data-browser';
import type { Project } from '../../../api/types';
import { fakeHub, ok } from '../../../test/fake-hub';
import { renderUi } from '../../../test/render';
import { DataHome } from './DataHome';
import { DataTab } from './DataTab';
import { SourcePage } from './SourcePage';

const PROJECT = { id: 'prj-1', name: 'Analytics', your_role: 'viewer' } as Project;
const BUCKET: DataSource = {
  id: 'intg-000000000000000b',
  type: 'objects',
  kind: 's3',
  name: 'Raw events',
  integration_id: 'intg-000000000000000b',
  notebook_id: null,
  usable: true,
  reason: null,
  bucket: 'raw-events',
  database: null,
};
const BILLING: DataSource = {
  ...BUCKET,
  id: 'intg-000000000000000d',
  type: 'database',
  kind: 'mysql',
  name: 'Billing',
  integration_id: 'intg-000000000000000d',
  usable: false,
  reason: 'Editors and above use integrations; you are a viewer.',
  bucket: null,
  database: 'billing',
};
const OBJECTS = `GET /api/v1/projects/prj-1/data/sources/${BUCKET.id}/objects`;

/** The address the page is at, for the tests to read. */
function Address() {
  const location = useLocation();
  return <output aria-label="address">{location.pathname + location.search}</output>;
}

function renderTab(at: string, sources: DataSource[]) {
  const hub = fakeHub();
  hub.on('GET /api/v1/capabilities', ok({ data_browser: { available: true, preview: true, query: true, ai_query: false } }));
  hub.on('GET /api/v1/projects/prj-1/data/sources', ok(sources));
  hub.on('GET /api/v1/projects/prj-1/notebooks', ok({ items: [{ id: 'nb-0000000000000001', title: 'Churn model', status: 'active' }], next_cursor: null }));
  const rendered = renderUi(
    <>
      <Routes>
        <Route element={<Outlet context={PROJECT} />}>
          <Route path="/projects/:pid/data" element={<DataTab />}>
            <Route index element={<DataHome />} />
            <Route path=":sourceId" element={<SourcePage />} />
          </Route>
        </Route>
      </Routes>
      <Address />
    </>,
    { at },
  );
  return { hub, ...rendered };
}

describe('the Data tab', () => {
  it('lists the usable sources as links, an unusable one greyed with its reason, and the notebooks’ workspaces', async () => {
    renderTab('/projects/prj-1/data', [BUCKET, BILLING]);
    const nav = await screen.findByRole('navigation', { name: 'Data sources' });
    const bucket = await within(nav).findByRole('link', { name: /Raw events/ });
    expect(bucket.getAttribute('href')).toBe(`/projects/prj-1/data/${BUCKET.id}`);
    expect(within(nav).queryByRole('link', { name: /Billing/ })).toBeNull();
    expect(within(nav).getByText('Billing').closest('[aria-disabled="true"]')).not.toBeNull();
    expect(within(nav).getByText(BILLING.reason!)).toBeTruthy();
    expect((await within(nav).findByRole('link', { name: 'Churn model' })).getAttribute('href')).toBe('/projects/prj-1/data/nb-0000000000000001');
  });

  it('says how to get a source while the project has no data integration', async () => {
    renderTab('/projects/prj-1/data', []);
    await screen.findByRole('heading', { name: 'No data integrations yet' });
    expect(screen.getByRole('link', { name: 'See the integrations' }).getAttribute('href')).toBe('/projects/prj-1/integrations');
  });

  it('pages through a folder with Load more, and filters it by the start of a name, kept in the address', async () => {
    const { hub, user } = renderTab(`/projects/prj-1/data/${BUCKET.id}?path=logs%2F`, [BUCKET]);
    hub.on(OBJECTS, (request) => {
      const query = new URL(request.path, 'http://hub').searchParams;
      const prefix = query.get('prefix');
      if (prefix === 'logs/2024')
        return ok({ bucket: 'raw-events', prefix, entries: [{ type: 'folder', prefix: 'logs/2024/', name: '2024' }], next_cursor: null });
      if (query.get('cursor') === 'page-2')
        return ok({
          bucket: 'raw-events',
          prefix,
          entries: [{ type: 'object', key: 'logs/b.json', name: 'b.json', size: 2048, modified: null, etag: null }],
          next_cursor: null,
        });
      return ok({
        bucket: 'raw-events',
        prefix,
        entries: [
          { type: 'folder', prefix: 'logs/2024/', name: '2024' },
          { type: 'object', key: 'logs/a.json', name: 'a.json', size: 10, modified: '2024-05-01T10:00:00Z', etag: '"x"' },
        ],
        next_cursor: 'page-2',
      });
    });

    const table = await screen.findByRole('table', { name: 'Folder logs/' });
    expect(within(table).getByRole('link', { name: '2024/' }).getAttribute('href')).toBe(`/projects/prj-1/data/${BUCKET.id}?path=logs%2F2024%2F`);
    expect(within(table).getByRole('link', { name: 'a.json' }).getAttribute('href')).toBe(`/projects/prj-1/data/${BUCKET.id}?path=logs%2Fa.json`);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await within(table).findByRole('link', { name: 'b.json' });
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(within(table).getByText('2.0 KB')).toBeTruthy();

    await user.type(screen.getByRole('textbox', { name: 'Filter by the start of a name' }), '2024');
    await waitFor(() => expect(screen.getByRole('status', { name: 'address' }).textContent).toContain('q=2024'), { timeout: 2000 });
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Folder logs/' })).queryByRole('link', { name: 'a.json' })).toBeNull());
    expect(hub.seen.some((request) => request.path.includes('prefix=logs%2F2024'))).toBe(true);
  });
});
