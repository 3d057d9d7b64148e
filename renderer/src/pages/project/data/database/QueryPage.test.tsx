import { screen, waitFor, within } from '@testing-library/react';
import { Outlet, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { DataSource } from '../../../../api/data-browser';
import type { Project } from '../../../../api/types';
import { fakeHub, ok, refused } from '../../../../test/fake-hub';
import { layOutElements } from '../../../../test/element-size';
import { renderUi } from '../../../../test/render';
import type { DataContext } from '../data-context';
import { QueryEditor } from './QueryPage';

const SOURCE: DataSource = {
  id: 'intg-0000000000000001',
  type: 'database',
  kind: 'postgres',
  name: 'Warehouse',
  integration_id: 'intg-0000000000000001',
  notebook_id: null,
  usable: true,
  reason: null,
  bucket: null,
  database: 'analytics',
};
const QUERIES = `POST /api/v1/projects/prj-1/data/sources/${SOURCE.id}/queries`;
const AI_QUERY = `POST /api/v1/projects/prj-1/data/sources/${SOURCE.id}/ai-query`;
const TABLES = `GET /api/v1/projects/prj-1/data/sources/${SOURCE.id}/tables`;
const INTEGRATIONS = 'GET /api/v1/projects/prj-1/integrations';
const page = (items: unknown[]) => ok({ items, next_cursor: null });

// The result grid draws the rows that fit its box.
layOutElements({ width: 800, height: 400 });

function renderEditor({ aiQuery = false }: { aiQuery?: boolean } = {}) {
  const context: DataContext = {
    project: { id: 'prj-1', name: 'Analytics', your_role: 'editor' } as Project,
    sources: [SOURCE],
    offers: { available: true, preview: true, query: true, ai_query: aiQuery },
  };
  return renderUi(
    <Routes>
      <Route element={<Outlet context={context} />}>
        <Route path="/projects/:pid/data/:sourceId/query" element={<QueryEditor source={SOURCE} />} />
      </Route>
    </Routes>,
    { at: `/projects/prj-1/data/${SOURCE.id}/query` },
  );
}

/** A hub that never answers a query: the request waits until the UI aborts it. */
function hangingHub() {
  const signals: AbortSignal[] = [];
  const bodies: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      signals.push(request.signal);
      bodies.push(JSON.parse(await request.text()));
      return new Promise<Response>((_, reject) => {
        request.signal.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
      });
    }),
  );
  return { signals, bodies };
}

const result = (rows: unknown[][], truncated: 'rows' | 'bytes' | null = null) => ({
  columns: [
    { name: 'id', type: 'integer' },
    { name: 'name', type: 'text' },
  ],
  rows,
  row_count: rows.length,
  truncated,
  duration_ms: 12,
});

describe('the query page', () => {
  it('cancels a running query: the request is aborted and the page says so', async () => {
    const hub = hangingHub();
    const { user } = renderEditor();
    await user.type(screen.getByRole('textbox', { name: 'SQL' }), 'SELECT pg_sleep(3600)');
    await user.click(screen.getByRole('button', { name: 'Run' }));

    await screen.findByText('Running…');
    expect(hub.bodies).toEqual([{ sql: 'SELECT pg_sleep(3600)' }]);
    expect(hub.signals[0]!.aborted).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(hub.signals[0]!.aborted).toBe(true);
    await screen.findByText(/Cancelled/);
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    expect(screen.queryByText('Running…')).toBeNull();
  });

  it('runs with Ctrl+Enter and shows the rows, their count and where the hub stopped reading', async () => {
    const hub = fakeHub();
    hub.on(
      QUERIES,
      ok(
        result(
          [
            [1, 'Ada'],
            [2, null],
          ],
          'rows',
        ),
      ),
    );
    const { user } = renderEditor();
    const editor = screen.getByRole('textbox', { name: 'SQL' });
    await user.type(editor, 'SELECT id, name FROM people');
    await user.keyboard('{Control>}{Enter}{/Control}');

    const grid = await screen.findByRole('grid', { name: 'Query result' });
    expect(within(grid).getByText('Ada')).toBeTruthy();
    expect(grid.getAttribute('aria-rowcount')).toBe('3');
    expect(screen.getByText(/2 rows · 2 columns · 12\sms/)).toBeTruthy();
    expect(screen.getByText('Truncated at 2 rows')).toBeTruthy();
    expect(hub.seen.filter((request) => request.method === 'POST')).toHaveLength(1);
  });

  it("shows the database server's own message when the query fails", async () => {
    const hub = fakeHub();
    hub.on(QUERIES, refused(422, 'VALIDATION_ERROR', 'cannot execute DELETE in a read-only transaction'));
    const { user } = renderEditor();
    await user.type(screen.getByRole('textbox', { name: 'SQL' }), 'DELETE FROM people');
    await user.click(screen.getByRole('button', { name: 'Run' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The query failed');
    expect(alert.textContent).toContain('cannot execute DELETE in a read-only transaction');
  });

  it('without an AI provider says why there is no question box, and offers no button for it', async () => {
    fakeHub();
    renderEditor({ aiQuery: false });
    expect(screen.getByText(/Asking in words is off on this hub/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Write SQL' })).toBeNull();

    const hub = fakeHub();
    hub.on(TABLES, ok({ tables: [] }));
    hub.on(INTEGRATIONS, page([{ id: 'intg-0000000000000009', kind: 'postgres', name: 'Warehouse' }]));
    renderEditor({ aiQuery: true });
    await screen.findByText(/this project has no OpenAI integration yet/);
    expect(screen.getByRole('link', { name: 'Integrations' }).getAttribute('href')).toBe('/projects/prj-1/integrations');
    expect(screen.queryByRole('button', { name: 'Write SQL' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: /Ask in words/ })).toBeNull();
  });

  it('puts the SQL written for a question into the editor, and runs nothing', async () => {
    const hub = fakeHub();
    hub.on(TABLES, ok({ tables: [{ schema: 'public', name: 'people', type: 'table', row_estimate: 2 }] }));
    hub.on(INTEGRATIONS, page([{ id: 'intg-0000000000000009', kind: 'openai', name: 'Assistant' }]));
    hub.on(AI_QUERY, ok({ sql: 'SELECT count(*) FROM public.people', model: 'fake-model', provider_id: 'intg-0000000000000009', sent_sample_rows: false }));
    const { user } = renderEditor({ aiQuery: true });
    await user.type(await screen.findByRole('textbox', { name: /Ask in words/ }), 'How many people are there?');
    await user.click(screen.getByRole('button', { name: 'Write SQL' }));

    await waitFor(() => expect((screen.getByRole('textbox', { name: 'SQL' }) as HTMLTextAreaElement).value).toBe('SELECT count(*) FROM public.people'));
    expect(screen.getByText(/Written by fake-model/)).toBeTruthy();
    expect(hub.seen.find((request) => request.path.endsWith('/ai-query'))?.body).toEqual({ question: 'How many people are there?' });
    expect(hub.seen.some((request) => request.path.endsWith('/queries'))).toBe(false);
    expect(screen.queryByRole('grid')).toBeNull();
  });
});
