import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeHub, ok, refused } from '../../test/fake-hub';
import { HTTP_KIND, POSTGRES_KIND, WAREHOUSE } from '../../test/integration-fixtures';
import { renderUi } from '../../test/render';
import { IntegrationEditModal } from './IntegrationEditModal';
import { IntegrationFormModal } from './IntegrationFormModal';

const SCOPE = { kind: 'project', pid: 'proj-0000000000000001' } as const;
const ONE = `/api/v1/projects/${SCOPE.pid}/integrations/${WAREHOUSE.id}`;

describe('the integration form', () => {
  it('is generated from the kind: an input per field at its default, the secret as a value to store, and sends what was typed', async () => {
    const hub = fakeHub();
    hub.on(`POST /api/v1/projects/${SCOPE.pid}/integrations`, ok(WAREHOUSE, { etag: '"v1"' }));
    const onClose = vi.fn();
    const { user } = renderUi(<IntegrationFormModal scope={SCOPE} mode={{ type: 'create', kind: POSTGRES_KIND }} onClose={onClose} />);

    expect(screen.getByRole('dialog', { name: 'Add PostgreSQL integration' })).toBeTruthy();
    for (const label of ['Host', 'Database', 'User']) expect(screen.getByRole('textbox', { name: label })).toHaveProperty('value', '');
    expect(screen.getByRole('textbox', { name: 'Port' })).toHaveProperty('value', '5432');
    expect(screen.getByRole('textbox', { name: 'TLS' })).toHaveProperty('value', 'prefer');
    // The secret: not a plain field of the configuration, but a source to choose and a value to store.
    expect(screen.queryByRole('textbox', { name: 'Password' })).toBeNull();
    const sources = within(screen.getByRole('group', { name: /Password/ }));
    expect(sources.getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual(['stored', 'environment', 'file']);

    const type = async (field: HTMLElement, text: string) => {
      await user.clear(field);
      await user.click(field);
      await user.paste(text);
    };
    await type(screen.getByRole('textbox', { name: 'Name' }), 'Analytics DB');
    // The range is the kind's, as the hub describes it.
    expect(screen.getByText('The TCP port. From 1 to 65535.')).toBeTruthy();
    await type(screen.getByRole('textbox', { name: 'Host' }), 'db.internal');
    await type(screen.getByRole('textbox', { name: 'Port' }), '6543');
    await type(screen.getByRole('textbox', { name: 'Database' }), 'analytics');
    await type(screen.getByRole('textbox', { name: 'User' }), 'reader');
    await type(screen.getByLabelText('Password: value to store'), 'hunter2 with spaces ');
    await user.click(screen.getByRole('button', { name: 'Add integration' }));

    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    expect(hub.seen.at(-1)).toMatchObject({ method: 'POST' });
    expect(hub.seen.at(-1)!.body).toEqual({
      kind: 'postgres',
      name: 'Analytics DB',
      config: { host: 'db.internal', port: 6543, database: 'analytics', user: 'reader', sslmode: 'prefer' },
      secrets: { password: { source: 'stored', value: 'hunter2 with spaces ' } },
    });
  });

  it('gives a boolean a switch and a URL a URL input, and leaves out an optional secret left empty', async () => {
    const hub = fakeHub();
    hub.on(`POST /api/v1/projects/${SCOPE.pid}/integrations`, ok({ ...WAREHOUSE, kind: 'http_api' }, { etag: '"v1"' }));
    const onClose = vi.fn();
    const { user } = renderUi(<IntegrationFormModal scope={SCOPE} mode={{ type: 'create', kind: HTTP_KIND }} onClose={onClose} />);

    const verify = screen.getByRole('switch', { name: /Check certificates/ });
    expect(verify).toHaveProperty('checked', true);
    expect(screen.getByRole('textbox', { name: /Base URL/ }).getAttribute('type')).toBe('url');
    // One source only: no choice to make.
    expect(within(screen.getByRole('group', { name: /Token/ })).queryAllByRole('radio')).toEqual([]);

    await user.click(screen.getByRole('textbox', { name: 'Name' }));
    await user.paste('Status API');
    await user.click(screen.getByRole('textbox', { name: /Base URL/ }));
    await user.paste('https://status.example.com/api');
    await user.click(verify);
    await user.click(screen.getByRole('button', { name: 'Add integration' }));

    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    expect(hub.seen.at(-1)!.body).toEqual({ kind: 'http_api', name: 'Status API', config: { base_url: 'https://status.example.com/api', verify: false } });
  });
});

describe('what the hub refuses', () => {
  it('shows each of its messages at its field, the fields of a secret included, and only points to them above the buttons', async () => {
    const hub = fakeHub();
    hub.on(
      `POST /api/v1/projects/${SCOPE.pid}/integrations`,
      refused(422, 'VALIDATION_ERROR', 'the request is invalid', [
        { field: 'name', message: 'must NOT have more than 100 characters' },
        { field: 'config.host', message: 'must be a host name or an IP address, without scheme, port or path' },
        { field: 'config.port', message: 'must be at most 65535' },
        { field: 'secrets.password.value', message: 'must NOT have fewer than 1 characters' },
      ]),
    );
    const { user } = renderUi(<IntegrationFormModal scope={SCOPE} mode={{ type: 'create', kind: POSTGRES_KIND }} onClose={vi.fn()} />);
    // The form holds no rules of its own: what it is given goes to the hub as typed.
    for (const [label, text] of [
      ['Name', 'N'.repeat(101)],
      ['Host', 'https://db.internal/analytics'],
      ['Database', 'analytics'],
      ['User', 'reader'],
    ] as const) {
      await user.click(screen.getByRole('textbox', { name: label }));
      await user.paste(text);
    }
    await user.clear(screen.getByRole('textbox', { name: 'Port' }));
    await user.click(screen.getByRole('textbox', { name: 'Port' }));
    await user.paste('70000');
    await user.click(screen.getByLabelText('Password: value to store'));
    await user.paste('x');
    await user.click(screen.getByRole('button', { name: 'Add integration' }));

    await screen.findByText('must be a host name or an IP address, without scheme, port or path');
    expect(hub.seen.at(-1)!.body).toMatchObject({ name: 'N'.repeat(101), config: { host: 'https://db.internal/analytics', port: 70000 } });
    const invalid = (name: string) => screen.getByRole('textbox', { name }).getAttribute('aria-invalid');
    expect([invalid('Name'), invalid('Host'), invalid('Port')]).toEqual(['true', 'true', 'true']);
    expect(screen.getByLabelText('Password: value to store').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('must NOT have fewer than 1 characters')).toBeTruthy();
    // The first field it marked has the focus, and the message above the buttons repeats none.
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Name' }));
    expect(screen.getByRole('alert').textContent).toBe('Check the fields marked above.');
  });
});

describe('a saved secret', () => {
  it('shows only that it is set and where it comes from, never a value; a change that keeps it sends nothing for it', async () => {
    const hub = fakeHub();
    hub.on('GET /api/v1/integration-kinds', ok([POSTGRES_KIND]));
    hub.on(`GET ${ONE}`, ok(WAREHOUSE, { etag: '"v3"' }));
    hub.on(`PUT ${ONE}`, ok({ ...WAREHOUSE, host: 'db2.internal' }, { etag: '"v4"' }));
    const onClose = vi.fn();
    const { user } = renderUi(<IntegrationEditModal scope={SCOPE} iid={WAREHOUSE.id} onClose={onClose} />);

    const password = within(await screen.findByRole('group', { name: /Password/ }));
    expect(password.getByText('set')).toBeTruthy();
    expect(password.getByText(/Stored value/)).toBeTruthy();
    // No input of the secret at all until Replace, and then an empty one.
    expect(password.queryByLabelText(/value to store/)).toBeNull();
    await user.click(password.getByRole('button', { name: 'Replace Password' }));
    expect(password.getByLabelText('Password: value to store')).toHaveProperty('value', '');
    await user.click(password.getByRole('button', { name: 'Keep the saved Password' }));
    for (const input of screen.getAllByRole('textbox')) expect((input as HTMLInputElement).value).not.toMatch(/hunter|secret/i);

    const host = screen.getByRole('textbox', { name: 'Host' });
    await user.clear(host);
    await user.paste('db2.internal');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    const put = hub.seen.find((request) => request.method === 'PUT')!;
    expect(put.headers['if-match']).toBe('"v3"');
    expect(put.body).toEqual({
      name: 'Warehouse',
      env_prefix: 'WAREHOUSE',
      description: 'The analytics warehouse',
      config: { host: 'db2.internal', port: 5432, database: 'analytics', user: 'reader', sslmode: 'require' },
    });
  });

  it('shows a reference (not secret) and sends a replacement with its new source', async () => {
    const hub = fakeHub();
    const referenced = { ...WAREHOUSE, secrets: { password: { source: 'environment' as const, variable: 'TEAM_WAREHOUSE_PASSWORD' } } };
    hub.on('GET /api/v1/integration-kinds', ok([POSTGRES_KIND]));
    hub.on(`GET ${ONE}`, ok(referenced, { etag: '"v3"' }));
    hub.on(`PUT ${ONE}`, ok(referenced, { etag: '"v4"' }));
    const onClose = vi.fn();
    const { user } = renderUi(<IntegrationEditModal scope={SCOPE} iid={WAREHOUSE.id} onClose={onClose} />);

    const password = within(await screen.findByRole('group', { name: /Password/ }));
    expect(password.getByText('TEAM_WAREHOUSE_PASSWORD')).toBeTruthy();
    await user.click(password.getByRole('button', { name: 'Replace Password' }));
    // The reference is offered as it is to change; a value to store starts empty.
    expect(password.getByLabelText('Password: environment variable of the hub')).toHaveProperty('value', 'TEAM_WAREHOUSE_PASSWORD');
    await user.click(password.getByRole('radio', { name: 'Stored value' }));
    await user.click(password.getByLabelText('Password: value to store'));
    await user.paste('new-password');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    expect(hub.seen.find((request) => request.method === 'PUT')!.body).toMatchObject({ secrets: { password: { source: 'stored', value: 'new-password' } } });
  });
});

describe('a change someone else saved first', () => {
  it('says so and reloads their version, whose ETag the next save sends', async () => {
    const hub = fakeHub();
    let current = { integration: WAREHOUSE, etag: '"v3"' };
    hub.on('GET /api/v1/integration-kinds', ok([POSTGRES_KIND]));
    hub.on(`GET ${ONE}`, () => ok(current.integration, { etag: current.etag }));
    hub.on(`PUT ${ONE}`, (request) =>
      request.headers['if-match'] === current.etag
        ? ok(current.integration, { etag: '"v5"' })
        : refused(412, 'PRECONDITION_FAILED', 'the integration changed since it was read'),
    );
    const onClose = vi.fn();
    const { user } = renderUi(<IntegrationEditModal scope={SCOPE} iid={WAREHOUSE.id} onClose={onClose} />);

    const name = await screen.findByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.paste('My warehouse');
    // Meanwhile, someone else saves.
    current = { integration: { ...WAREHOUSE, name: 'Their warehouse', version_number: 4 }, etag: '"v4"' };
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Someone else saved this integration; reload to see their changes.');
    expect(alert.textContent).not.toContain('changed since it was read');
    expect(onClose).not.toHaveBeenCalled();

    await user.click(within(alert).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Name' })).toHaveProperty('value', 'Their warehouse'));
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    expect(hub.seen.filter((request) => request.method === 'PUT').map((request) => request.headers['if-match'])).toEqual(['"v3"', '"v4"']);
  });
});
