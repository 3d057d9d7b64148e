import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectAudit } from '../support/alert-fixtures.js';
import { filesContaining } from '../support/data-dir-grep.js';
import { startTestHub, type CallOptions, type CallResult, type TestHub } from '../support/test-hub.js';

/** Values recognisable in any byte of any file or answer. */
const VALUE = 'pg-password-9f3c1e7a-do-not-leak';
const REPLACED = 'pg-password-replaced-0b5d2a44-do-not-leak';

describe('project secrets (the Secrets routes)', () => {
  let t: TestHub;
  let pid: string;
  const tokens: Record<'admin' | 'manager' | 'editor' | 'viewer' | 'outsider', string> = {} as never;
  /** Every answer seen, to prove no value ever leaves the hub. */
  const seen: string[] = [];
  const api = async (path: string, who: keyof typeof tokens, options: Omit<CallOptions, 'token'> = {}): Promise<CallResult> => {
    const result = await t.call(`/api/v1/projects/${pid}${path}`, { ...options, token: tokens[who] });
    seen.push(result.text, JSON.stringify([...result.headers]));
    return result;
  };

  beforeAll(async () => {
    t = await startTestHub({ captureLogs: true });
    for (const who of ['admin', 'manager', 'editor', 'viewer', 'outsider'] as const) tokens[who] = await t.tokenFor(`${who}@secrets.test`);
    const project = await t.call('/api/v1/projects', { method: 'POST', token: tokens.admin, body: { name: 'Secrets' } });
    expect(project.status, project.text).toBe(201);
    pid = project.json.data.id;
    for (const role of ['manager', 'editor', 'viewer'] as const) {
      const me = await t.call('/api/v1/me', { token: tokens[role] });
      const added = await api('/members', 'admin', { method: 'POST', body: { user_id: me.json.data.id, role } });
      expect(added.status, added.text).toBeLessThan(300);
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  it('stores a value sealed and answers only its name and source, with an ETag', async () => {
    const created = await api('/secrets', 'manager', {
      method: 'POST',
      body: { name: 'WAREHOUSE_PASSWORD', description: 'the warehouse', source: 'stored', value: VALUE },
    });
    expect(created.status, created.text).toBe(201);
    expect(created.headers.get('etag')).toMatch(/^".+"$/);
    expect(created.headers.get('cache-control')).toContain('no-store');
    expect(created.json.data).toMatchObject({ name: 'WAREHOUSE_PASSWORD', description: 'the warehouse', source: 'stored', value_set: true });
    expect(created.json.data).not.toHaveProperty('value');

    const list = await api('/secrets', 'viewer');
    expect(list.status).toBe(200);
    expect(list.json.data.map((secret: { name: string }) => secret.name)).toEqual(['WAREHOUSE_PASSWORD']);

    const read = await api('/secrets/WAREHOUSE_PASSWORD', 'viewer');
    expect(read.status).toBe(200);
    expect(read.headers.get('etag')).toBe(created.headers.get('etag'));
    const again = await api('/secrets/WAREHOUSE_PASSWORD', 'viewer', { headers: { 'if-none-match': read.headers.get('etag')! } });
    expect(again.status).toBe(304);

    expect(await t.hub.services.projectSecrets.values(pid)).toEqual({ values: { WAREHOUSE_PASSWORD: VALUE }, unavailable: [] });
    const check = await api('/secrets/WAREHOUSE_PASSWORD/test', 'manager', { method: 'POST' });
    expect(check.json.data).toMatchObject({ ok: true, message: expect.stringMatching(/opens/) });
  });

  it('replaces a secret only with the ETag it was read with: 428 without If-Match, 412 when stale', async () => {
    const read = await api('/secrets/WAREHOUSE_PASSWORD', 'manager');
    const etag = read.headers.get('etag')!;

    const missing = await api('/secrets/WAREHOUSE_PASSWORD', 'manager', { method: 'PUT', body: { source: 'stored', value: REPLACED } });
    expect([missing.status, missing.json.error.code]).toEqual([428, 'PRECONDITION_REQUIRED']);

    const renamed = await api('/secrets/WAREHOUSE_PASSWORD', 'manager', {
      method: 'PUT',
      headers: { 'if-match': etag },
      body: { source: 'stored', description: 'kept value' },
    });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.json.data.description).toBe('kept value');
    const next = renamed.headers.get('etag')!;
    expect(next).not.toBe(etag);
    // The value left out is the one stored.
    expect((await t.hub.services.projectSecrets.values(pid)).values.WAREHOUSE_PASSWORD).toBe(VALUE);

    const stale = await api('/secrets/WAREHOUSE_PASSWORD', 'manager', {
      method: 'PUT',
      headers: { 'if-match': etag },
      body: { source: 'stored', value: REPLACED },
    });
    expect([stale.status, stale.json.error.code]).toEqual([412, 'PRECONDITION_FAILED']);
    expect((await t.hub.services.projectSecrets.values(pid)).values.WAREHOUSE_PASSWORD).toBe(VALUE);

    const replaced = await api('/secrets/WAREHOUSE_PASSWORD', 'manager', {
      method: 'PUT',
      headers: { 'if-match': next },
      body: { source: 'stored', value: REPLACED },
    });
    expect(replaced.status, replaced.text).toBe(200);
    expect((await t.hub.services.projectSecrets.values(pid)).values.WAREHOUSE_PASSWORD).toBe(REPLACED);
  });

  it('refuses bad names, taken names, references this hub cannot read and values it cannot hold, writing nothing', async () => {
    const create = (body: Record<string, unknown>) => api('/secrets', 'manager', { method: 'POST', body });
    const refusals = await Promise.all([
      create({ name: 'PATH', source: 'stored', value: 'x' }),
      create({ name: 'PYTHONPATH', source: 'stored', value: 'x' }),
      create({ name: 'lower_case', source: 'stored', value: 'x' }),
      create({ name: 'NUL_VALUE', source: 'stored', value: 'a\u0000b' }),
      create({ name: 'EMPTY', source: 'stored', value: '' }),
      create({ name: 'FROM_ENV', source: 'environment', variable: 'HOME' }),
      create({ name: 'NO_VALUE', source: 'stored' }),
    ]);
    for (const refused of refusals) expect([refused.status, refused.json.error.code], refused.text).toEqual([422, 'VALIDATION_ERROR']);
    expect(refusals[0]!.json.error.message).toMatch(/PATH is a variable the sandbox relies on/);
    expect(refusals[5]!.json.error.message).toMatch(/environment references are not opened on this hub/);

    const taken = await create({ name: 'WAREHOUSE_PASSWORD', source: 'stored', value: 'other' });
    expect([taken.status, taken.json.error.code]).toEqual([409, 'CONFLICT']);
    expect((await api('/secrets/NOT_THERE', 'manager')).status).toBe(404);
    expect((await api('/secrets/not-a-name', 'manager')).status).toBe(422);
    expect((await api('/secrets', 'manager')).json.data.map((secret: { name: string }) => secret.name)).toEqual(['WAREHOUSE_PASSWORD']);
  });

  it('lets viewers read names, only managers write, and hides the project from others', async () => {
    const body = { name: 'SOMETHING', source: 'stored', value: 'v' };
    for (const who of ['editor', 'viewer'] as const) {
      const refused = await api('/secrets', who, { method: 'POST', body });
      expect([refused.status, refused.json.error.code]).toEqual([403, 'FORBIDDEN']);
      expect((await api('/secrets/WAREHOUSE_PASSWORD/test', who, { method: 'POST' })).status).toBe(403);
      expect((await api('/secrets/WAREHOUSE_PASSWORD', who, { method: 'DELETE' })).status).toBe(403);
    }
    expect((await api('/secrets', 'outsider')).status).toBe(404);
    expect((await api('/secrets/WAREHOUSE_PASSWORD', 'outsider')).status).toBe(404);
  });

  it('deletes with or without If-Match, never a version it was not shown', async () => {
    const created = await api('/secrets', 'manager', { method: 'POST', body: { name: 'TEMPORARY', source: 'stored', value: 'short-lived' } });
    const stale = await api('/secrets/TEMPORARY', 'manager', { method: 'DELETE', headers: { 'if-match': '"not-its-etag"' } });
    expect([stale.status, stale.json.error.code]).toEqual([412, 'PRECONDITION_FAILED']);
    const deleted = await api('/secrets/TEMPORARY', 'manager', { method: 'DELETE', headers: { 'if-match': created.headers.get('etag')! } });
    expect(deleted.status, deleted.text).toBe(200);
    expect((await api('/secrets/TEMPORARY', 'manager')).status).toBe(404);
    await api('/secrets', 'manager', { method: 'POST', body: { name: 'TEMPORARY', source: 'stored', value: 'again' } });
    expect((await api('/secrets/TEMPORARY', 'admin', { method: 'DELETE' })).status).toBe(200);
  });

  it('audits every change by name and source, and leaves no value in answers, the audit log, the log or the store', async () => {
    const audit = await projectAudit(t, pid);
    const secretEvents = audit.filter((entry) => entry.event.startsWith('secret.'));
    expect(secretEvents.map((entry) => entry.event)).toEqual([
      'secret.create',
      'secret.update',
      'secret.update',
      'secret.create',
      'secret.delete',
      'secret.create',
      'secret.delete',
    ]);
    expect(secretEvents[0]!.metadata).toEqual({ name: 'WAREHOUSE_PASSWORD', source: 'stored' });
    expect(secretEvents[1]!.metadata).toEqual({ name: 'WAREHOUSE_PASSWORD', source: 'stored', value_changed: false });
    const everything = [...seen, ...audit.map((entry) => entry.raw), ...t.logs.map((line) => JSON.stringify(line))].join('\n');
    for (const value of [VALUE, REPLACED]) expect(everything).not.toContain(value);
    expect(await filesContaining(t.dataDir, [VALUE, REPLACED, 'short-lived'])).toEqual([]);
    // The search reads the store: the secret's record is there, by name.
    expect((await filesContaining(t.dataDir, ['WAREHOUSE_PASSWORD'])).map((found) => found.file)).toEqual(
      expect.arrayContaining([expect.stringContaining(`secrets/${pid}/WAREHOUSE_PASSWORD`)]),
    );
  });
});

describe('project secrets that reference what an administrator opened', () => {
  const VARIABLE = 'NOTEBOOK_HUB_TEST_WAREHOUSE_TOKEN';
  let t: TestHub;
  let pid: string;
  let token: string;

  beforeAll(async () => {
    // The hub reads referenced variables from its own environment: this process's.
    process.env[VARIABLE] = 'referenced-value-5d1e-do-not-leak';
    t = await startTestHub({ env: { SERVICE_SECRET_SOURCE_VARIABLES: 'NOTEBOOK_HUB_TEST_*' } });
    token = await t.tokenFor('admin@references.test');
    const project = await t.call('/api/v1/projects', { method: 'POST', token, body: { name: 'References' } });
    pid = project.json.data.id;
  });
  afterAll(async () => {
    delete process.env[VARIABLE];
    await t?.close();
  });

  it('accepts a reference to an opened variable, reads it for sandboxes, and refuses one that is not opened', async () => {
    const call = (path: string, options: Omit<CallOptions, 'token'> = {}) => t.call(`/api/v1/projects/${pid}${path}`, { ...options, token });
    const created = await call('/secrets', { method: 'POST', body: { name: 'WAREHOUSE_TOKEN', source: 'environment', variable: VARIABLE } });
    expect(created.status, created.text).toBe(201);
    expect(created.json.data).toMatchObject({ name: 'WAREHOUSE_TOKEN', source: 'environment', variable: VARIABLE });
    expect(created.text).not.toContain('referenced-value');
    expect(await t.hub.services.projectSecrets.values(pid)).toEqual({ values: { WAREHOUSE_TOKEN: 'referenced-value-5d1e-do-not-leak' }, unavailable: [] });

    const closed = await call('/secrets', { method: 'POST', body: { name: 'HOME_DIR', source: 'environment', variable: 'HOME' } });
    expect(closed.status, closed.text).toBe(422);
    expect(closed.json.error.message).toContain('the variable HOME is not one this hub lets integrations read');
  });
});
