import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { tokensQuery, type TokenInfo } from '../../api/tokens';
import { fakeHub, ok } from '../../test/fake-hub';
import { renderUi, testQueryClient } from '../../test/render';
import { TokensSection } from './TokensSection';

const CI_TOKEN: TokenInfo = {
  id: 'tok-1',
  name: 'CI deploys',
  scope: { actions: ['notebook.write'], projects: '*' },
  created_at: '2026-01-05T10:00:00.000Z',
  expires_at: null,
  expired: false,
};

describe('TokensSection', () => {
  it('lists the tokens with what each may do', () => {
    const client = testQueryClient();
    client.setQueryData(tokensQuery.queryKey, [
      CI_TOKEN,
      { ...CI_TOKEN, id: 'tok-2', name: 'Old laptop', scope: { actions: '*', projects: ['p1', 'p2'] }, expired: true, expires_at: '2026-01-01T00:00:00.000Z' },
    ]);
    renderUi(<TokensSection />, { client });
    const table = screen.getByRole('table', { name: 'Personal access tokens' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]!.textContent).toContain('in all projects');
    expect(rows[0]!.textContent).toContain('Never');
    expect(rows[1]!.textContent).toContain('All actions in 2 projects');
    expect(rows[1]!.textContent).toContain('expired');
  });

  it('revokes a token after asking, then shows the list as the hub has it', async () => {
    const hub = fakeHub();
    let tokens = [CI_TOKEN];
    hub.on('DELETE /api/v1/me/tokens/tok-1', () => {
      tokens = [];
      return ok({});
    });
    hub.on('GET /api/v1/me/tokens', () => ok(tokens));
    const client = testQueryClient();
    client.setQueryData(tokensQuery.queryKey, tokens);
    const { user } = renderUi(<TokensSection />, { client });

    await user.click(screen.getByRole('button', { name: 'Revoke CI deploys' }));
    const dialog = screen.getByRole('dialog', { name: 'Revoke token' });
    expect(dialog.textContent).toContain('Scripts using “CI deploys” stop working at once.');
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));

    await screen.findByRole('heading', { name: 'No tokens' });
    expect(hub.seen.map((request) => `${request.method} ${request.path}`)).toEqual(['DELETE /api/v1/me/tokens/tok-1', 'GET /api/v1/me/tokens']);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('offers the first token where the list would be', () => {
    const client = testQueryClient();
    client.setQueryData(tokensQuery.queryKey, []);
    renderUi(<TokensSection />, { client });
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getAllByRole('button', { name: 'Create token' })).toHaveLength(1);
  });
});
