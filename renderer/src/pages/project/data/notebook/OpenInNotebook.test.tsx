import { screen, within } from '@testing-library/react';
import { Outlet, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { DataSource } from '../../../../api/data-browser';
import { meQuery } from '../../../../api/queries';
import type { Me, Project } from '../../../../api/types';
import { fakeHub, ok, refused } from '../../../../test/fake-hub';
import { renderUi, testQueryClient } from '../../../../test/render';
import type { DataContext } from '../data-context';
import { OpenInNotebookButton } from './OpenInNotebook';

const SOURCE: DataSource = {
  id: 'intg-0000000000000002',
  type: 'database',
  kind: 'postgres',
  name: 'Warehouse',
  integration_id: 'intg-0000000000000002',
  notebook_id: null,
  usable: true,
  reason: null,
  bucket: null,
  database: 'analytics',
};
const NOTEBOOK = { id: 'nb-0000000000000001', title: 'Churn model', status: 'active' };
const CELLS = 'POST /api/v1/projects/prj-1/data/cells';
const PREVIEW = 'POST /api/v1/projects/prj-1/data/cells/preview';
const added = (hub: ReturnType<typeof fakeHub>) => hub.seen.find((request) => request.method === 'POST' && request.path.endsWith('/data/cells'));
const CODE =
  '@app.cell\ndef _(mo, warehouse_engine):\n    orders = mo.sql(f"""SELECT * FROM "sales"."orders" LIMIT 100""", engine=warehouse_engine)\n    return (orders,)';

function renderButton(sessions: unknown[]) {
  const hub = fakeHub();
  hub.on('GET /api/v1/projects/prj-1/sessions', ok({ items: sessions, next_cursor: null }));
  hub.on('GET /api/v1/projects/prj-1/notebooks', ok({ items: [NOTEBOOK], next_cursor: null }));
  const client = testQueryClient();
  client.setQueryData(meQuery.queryKey, { id: 'usr-me', email: 'me@example.com' } as Me);
  const context: DataContext = {
    project: { id: 'prj-1', name: 'Analytics', your_role: 'editor' } as Project,
    sources: [SOURCE],
    offers: { available: true, preview: true, query: true, ai_query: false },
  };
  const rendered = renderUi(
    <Routes>
      <Route element={<Outlet context={context} />}>
        <Route path="*" element={<OpenInNotebookButton source={SOURCE} data={{ table: { schema: 'sales', name: 'orders' } }} what="sales.orders" />} />
      </Route>
    </Routes>,
    { client },
  );
  return { hub, ...rendered };
}

const session = (id: string, userId: string, state = 'running') => ({
  id,
  notebook_id: NOTEBOOK.id,
  mode: 'edit',
  user_id: userId,
  state,
  created_at: '2024-05-01T10:00:00Z',
  url: `/s/${id}/`,
});

describe('Open in notebook', () => {
  it('shows the cells for my running edit session, adds them there by default, then shows the code the hub added', async () => {
    const { hub, user } = renderButton([session('ses-other', 'usr-someone'), session('ses-mine', 'usr-me'), session('ses-old', 'usr-me', 'stopped')]);
    hub.on(PREVIEW, ok({ code: CODE, dependencies: ['sqlalchemy'], variable: 'orders' }));
    hub.on(CELLS, {
      status: 201,
      ...ok({ notebook_id: NOTEBOOK.id, version_id: null, session_id: 'ses-mine', code: CODE, dependencies: ['sqlalchemy'], variable: 'orders' }),
    });
    await user.click(screen.getByRole('button', { name: 'Open in notebook' }));
    const dialog = await screen.findByRole('dialog', { name: 'Open sales.orders in a notebook' });
    expect(within(dialog).getByText(/query the first rows of sales\.orders/)).toBeTruthy();
    expect((await within(dialog).findByRole('radio', { name: 'My open editor session' })).hasAttribute('disabled')).toBe(false);
    await within(dialog).findByDisplayValue(/Churn model — since/);
    expect((within(dialog).getByRole('radio', { name: 'My open editor session' }) as HTMLInputElement).checked).toBe(true);
    expect((await within(dialog).findByRole('region', { name: 'The cells to add' })).textContent).toBe(CODE);
    expect(hub.seen.filter((request) => request.path.endsWith('/cells/preview')).map((request) => request.body)).toEqual([
      { source_id: SOURCE.id, table: { schema: 'sales', name: 'orders' }, target: { session_id: 'ses-mine' } },
    ]);
    expect(added(hub)).toBeUndefined();

    await user.click(within(dialog).getByRole('button', { name: 'Add the cells' }));
    const done = await screen.findByRole('dialog', { name: 'sales.orders is in “Churn model”' });
    expect(within(done).getByRole('region', { name: 'The cells added' }).textContent).toBe(CODE);
    expect(within(done).getByText(/in your editor session/)).toBeTruthy();
    expect(within(done).getByRole('link', { name: 'Open the editor' }).getAttribute('href')).toBe(`/projects/prj-1/notebooks/${NOTEBOOK.id}/edit`);
    expect(added(hub)?.body).toEqual({
      source_id: SOURCE.id,
      table: { schema: 'sales', name: 'orders' },
      target: { session_id: 'ses-mine' },
    });
  });

  it('without a session of mine, offers a notebook or a new one, asks for a title, and shows the hub’s refusal', async () => {
    const { hub, user } = renderButton([session('ses-other', 'usr-someone')]);
    hub.on(CELLS, refused(409, 'EDIT_SESSION_OWNED', 'Someone is editing this notebook: add the cells to their session or to a new notebook.'));
    hub.on(PREVIEW, refused(422, 'VALIDATION_ERROR', 'this notebook has no version yet: open it in the editor first'));
    await user.click(screen.getByRole('button', { name: 'Open in notebook' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('You have no notebook of this project open in the editor.');
    expect(within(dialog).getByRole('radio', { name: 'My open editor session' }).hasAttribute('disabled')).toBe(true);

    await user.click(within(dialog).getByRole('radio', { name: 'A new notebook' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add the cells' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Give the new notebook a title.');
    expect(added(hub)).toBeUndefined();

    await user.click(within(dialog).getByRole('radio', { name: 'A notebook of this project, as a new version' }));
    await within(dialog).findByText('Choose a notebook to see the cells.');
    await user.click(within(dialog).getByRole('textbox', { name: 'Notebook' }));
    await user.click(await screen.findByRole('option', { name: 'Churn model' }));
    await within(dialog).findByText('The cells cannot be written: this notebook has no version yet: open it in the editor first');
    await user.click(within(dialog).getByRole('button', { name: 'Add the cells' }));
    await within(dialog).findByText(/Someone is editing this notebook/);
    expect(added(hub)?.body).toMatchObject({ target: { notebook_id: NOTEBOOK.id } });
  });
});
