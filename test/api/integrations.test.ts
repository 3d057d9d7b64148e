import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectAudit, projectWithRoles, type ProjectWithRoles } from '../support/alert-fixtures.js';
import { filesHolding, recordingCalls } from '../support/integration-fixtures.js';
import { makeTempDir } from '../support/temp-dir.js';
import { startTestHub, type TestHub } from '../support/test-hub.js';

/** Secret values, each recognisable wherever it might leak. */
const PASSWORD = 'pg-password-5d1c8e9a3b7f';
const NEW_PASSWORD = 'pg-password-changed-0a4e2f';
const FROM_ENVIRONMENT = 'env-secret-value-7c3a91d2e8';
const FROM_FILE = 'file-secret-value-2b8e4c6f1a';
const SECRETS = [PASSWORD, NEW_PASSWORD, FROM_ENVIRONMENT, FROM_FILE];

const postgres = (name: string, extra: Record<string, unknown> = {}) => ({
  kind: 'postgres',
  name,
  config: { host: 'db.example.com', database: 'analytics', user: 'reader' },
  secrets: { password: { source: 'stored', value: PASSWORD } },
  ...extra,
});

describe('project integrations', () => {
  let t: TestHub;
  let p: ProjectWithRoles;
  let files: { dir: string; cleanup: () => Promise<void> };
  const { seen, call } = recordingCalls(() => t);
  const base = () => `/api/v1/projects/${p.id}/integrations`;

  beforeAll(async () => {
    files = await makeTempDir('secret-files');
    await mkdir(path.join(files.dir, 'mounted'));
    await writeFile(path.join(files.dir, 'mounted', 'db-password'), `${FROM_FILE}\n`);
    await writeFile(path.join(files.dir, 'outside'), 'not for integrations');
    process.env.TEST_INTEGRATIONS_DB_PASSWORD = FROM_ENVIRONMENT;
    process.env.TEST_INTEGRATIONS_EMPTY = '';
    t = await startTestHub({
      captureLogs: true,
      env: {
        SERVICE_INTEGRATIONS_MAX_PER_SCOPE: '5',
        SERVICE_SECRET_SOURCE_VARIABLES: 'TEST_INTEGRATIONS_*',
        SERVICE_SECRET_SOURCE_DIRS: path.join(files.dir, 'mounted'),
      },
    });
    p = await projectWithRoles(t, 'integrations');
  });
  afterAll(async () => {
    await t?.close();
    await files?.cleanup();
    delete process.env.TEST_INTEGRATIONS_DB_PASSWORD;
    delete process.env.TEST_INTEGRATIONS_EMPTY;
  });

  it('reports the capability and lists the kinds as a plain array, with the sources this hub offers', async () => {
    const caps = await call('/api/v1/capabilities', { token: p.tokens.viewer });
    expect(caps.json.data.integrations).toEqual({ available: true });
    const kinds = await call('/api/v1/integration-kinds', { token: p.tokens.outsider });
    expect(kinds.status).toBe(200);
    expect(kinds.json.data.map((kind: { kind: string }) => kind.kind)).toEqual(['postgres', 'mysql', 's3', 'http_api', 'openai', 'git', 'python_index']);
    const pg = kinds.json.data[0];
    expect(pg.secret_sources).toEqual(['stored', 'environment', 'file']);
    expect(pg.fields.find((field: { key: string }) => field.key === 'password')).toMatchObject({ secret: true, required: true, type: 'string' });
    expect(pg.fields.find((field: { key: string }) => field.key === 'port')).toMatchObject({ secret: false, type: 'integer', default: 5432 });
  });

  it('creates, reads with an ETag, replaces with If-Match and deletes; secrets read back only as set', async () => {
    const created = await call(base(), { method: 'POST', token: p.tokens.manager, body: postgres('Analytics DB') });
    expect(created.status, created.text).toBe(201);
    const etag = created.headers.get('etag');
    expect(etag).toBeTruthy();
    const integration = created.json.data;
    expect(integration).toEqual({
      id: expect.stringMatching(/^intg-[0-9a-z]{16}$/),
      scope: 'project',
      project_id: p.id,
      kind: 'postgres',
      name: 'Analytics DB',
      env_prefix: 'ANALYTICS_DB',
      description: '',
      config: { host: 'db.example.com', port: 5432, database: 'analytics', user: 'reader', sslmode: 'prefer', password_set: true },
      secrets: { password: { source: 'stored' } },
      version_id: expect.stringMatching(/^intv-/),
      version_number: 1,
      copied_from: null,
      created_at: expect.any(String),
      created_by: expect.stringMatching(/^usr-/),
      updated_at: expect.any(String),
      updated_by: expect.stringMatching(/^usr-/),
    });
    const one = `${base()}/${integration.id}`;

    const read = await call(one, { token: p.tokens.viewer });
    expect(read.status).toBe(200);
    expect(read.headers.get('etag')).toBe(etag);
    expect(read.json.data).toEqual(integration);
    expect((await call(one, { token: p.tokens.viewer, headers: { 'if-none-match': etag! } })).status).toBe(304);

    const replacement = { name: 'Analytics DB', config: { host: 'db2.example.com', database: 'analytics', user: 'reader', sslmode: 'require' } };
    const missing = await call(one, { method: 'PUT', token: p.tokens.manager, body: replacement });
    expect([missing.status, missing.json.error.code]).toEqual([428, 'PRECONDITION_REQUIRED']);
    const stale = await call(one, { method: 'PUT', token: p.tokens.manager, body: replacement, headers: { 'if-match': '"stale"' } });
    expect([stale.status, stale.json.error.code]).toEqual([412, 'PRECONDITION_FAILED']);

    const replaced = await call(one, { method: 'PUT', token: p.tokens.manager, body: replacement, headers: { 'if-match': etag! } });
    expect(replaced.status, replaced.text).toBe(200);
    const etag2 = replaced.headers.get('etag');
    expect(etag2).not.toBe(etag);
    // The password was left out: it keeps its source.
    expect(replaced.json.data).toMatchObject({ version_number: 2, config: { host: 'db2.example.com', sslmode: 'require', password_set: true } });
    // The first ETag is stale now: the write that still holds it fails and changes nothing.
    const lost = await call(one, { method: 'PUT', token: p.tokens.owner, body: { ...replacement, description: 'lost' }, headers: { 'if-match': etag! } });
    expect(lost.status).toBe(412);
    expect((await call(one, { token: p.tokens.viewer })).json.data.description).toBe('');

    const rotated = await call(one, {
      method: 'PUT',
      token: p.tokens.manager,
      body: { ...replacement, env_prefix: 'WAREHOUSE', secrets: { password: { source: 'stored', value: NEW_PASSWORD } } },
      headers: { 'if-match': etag2! },
    });
    expect(rotated.json.data).toMatchObject({ version_number: 3, env_prefix: 'WAREHOUSE' });
    const removed = await call(one, {
      method: 'PUT',
      token: p.tokens.manager,
      body: { ...replacement, secrets: { password: null } },
      headers: { 'if-match': rotated.headers.get('etag')! },
    });
    expect([removed.status, removed.json.error.details]).toEqual([422, [{ field: 'secrets.password', message: 'is required' }]]);

    const versions = await call(`${one}/versions`, { token: p.tokens.viewer });
    expect(
      versions.json.data.items.map((version: { number: number; changed_secrets: string[]; config: { host: string } }) => [
        version.number,
        version.changed_secrets,
        version.config.host,
      ]),
    ).toEqual([
      [3, ['password'], 'db2.example.com'],
      [2, [], 'db2.example.com'],
      [1, ['password'], 'db.example.com'],
    ]);
    const firstPage = await call(`${one}/versions?limit=2`, { token: p.tokens.viewer });
    const secondPage = await call(`${one}/versions?limit=2&cursor=${firstPage.json.data.next_cursor}`, { token: p.tokens.viewer });
    expect(secondPage.json.data).toEqual({
      items: [expect.objectContaining({ number: 1, config: expect.objectContaining({ password_set: true }) })],
      next_cursor: null,
    });

    const staleDelete = await call(one, { method: 'DELETE', token: p.tokens.manager, headers: { 'if-match': etag! } });
    expect(staleDelete.status).toBe(412);
    expect((await call(one, { method: 'DELETE', token: p.tokens.manager })).json).toEqual({ success: true });
    expect((await call(one, { token: p.tokens.viewer })).status).toBe(404);
    expect((await call(`${one}/versions`, { token: p.tokens.viewer })).status).toBe(404);
    expect((await t.hub.store.list(`integrations/${p.id}/${integration.id}`)).items).toEqual([]);

    const events = (await projectAudit(t, p.id)).filter((entry) => entry.event.startsWith('integration.'));
    expect(events.map((entry) => entry.event)).toEqual(['integration.create', 'integration.update', 'integration.update', 'integration.delete']);
    expect(events[2]!.metadata).toMatchObject({ integration_id: integration.id, changed_fields: [], changed_secrets: ['password'], env_prefix: 'WAREHOUSE' });
  });

  it('lists newest first a page at a time, and keeps names, prefixes and the capacity of the scope', async () => {
    const own = await projectWithRoles(t, 'integrations-list');
    const list = `/api/v1/projects/${own.id}/integrations`;
    const ids: string[] = [];
    for (const name of ['first', 'second', 'third']) {
      const created = await call(list, { method: 'POST', token: own.tokens.owner, body: postgres(name) });
      expect(created.status, created.text).toBe(201);
      ids.push(created.json.data.id);
    }
    const page1 = await call(`${list}?limit=2`, { token: own.tokens.viewer });
    expect(page1.json.data.items.map((item: { id: string }) => item.id)).toEqual([ids[2], ids[1]]);
    const page2 = await call(`${list}?limit=2&cursor=${page1.json.data.next_cursor}`, { token: own.tokens.viewer });
    expect(page2.json.data).toEqual({ items: [expect.objectContaining({ id: ids[0] })], next_cursor: null });
    expect((await call(`${list}?cursor=bm9wZQ`, { token: own.tokens.viewer })).json.error.code).toBe('VALIDATION_ERROR');

    const sameName = await call(list, { method: 'POST', token: own.tokens.owner, body: postgres('FIRST', { env_prefix: 'OTHER' }) });
    expect([sameName.status, sameName.json.error.details]).toEqual([409, [{ field: 'name', message: 'is taken' }]]);
    const samePrefix = await call(list, { method: 'POST', token: own.tokens.owner, body: postgres('fourth', { env_prefix: 'SECOND' }) });
    expect([samePrefix.status, samePrefix.json.error.details]).toEqual([409, [{ field: 'env_prefix', message: 'is taken' }]]);
    for (const name of ['fourth', 'fifth']) expect((await call(list, { method: 'POST', token: own.tokens.owner, body: postgres(name) })).status).toBe(201);
    const full = await call(list, { method: 'POST', token: own.tokens.owner, body: postgres('sixth') });
    expect([full.status, full.json.error.code]).toEqual([429, 'RESOURCE_EXHAUSTED']);
    // Refused creates leave nothing behind: five records, five indexed.
    const keys = (await t.hub.store.list(`integrations/${own.id}/`)).items.map((item) => item.key).filter((key) => /\/intg-[^/]+$/.test(key));
    expect(keys).toHaveLength(5);
  });

  it('refuses what a kind does not have, secrets given as config, and references it cannot read, saying what to fix', async () => {
    const refused = async (body: unknown) => {
      const answer = await call(base(), { method: 'POST', token: p.tokens.owner, body });
      expect(answer.status, answer.text).toBe(422);
      return answer.json.error.details as { field: string; message: string }[];
    };
    expect(await refused({ kind: 'snowflake', name: 'x' })).toEqual([{ field: 'kind', message: expect.stringContaining('integration-kinds') }]);
    expect(
      await refused({ kind: 'postgres', name: 'x', config: { host: 'db', database: 'd', user: 'u', password: 'plain', port: 70000, colour: 'blue' } }),
    ).toEqual(
      expect.arrayContaining([
        { field: 'config.password', message: 'is secret: give it in secrets, as a source' },
        { field: 'config.colour', message: 'is not a field of postgres integrations' },
        { field: 'config.port', message: 'must be at most 65535' },
      ]),
    );
    expect(await refused(postgres('no password', { secrets: {} }))).toEqual([{ field: 'secrets.password', message: 'is required' }]);
    expect(await refused(postgres('bad host', { config: { host: 'https://db/x', database: 'd', user: 'u' } }))).toEqual([
      { field: 'config.host', message: 'must be a host name or an IP address, without scheme, port or path' },
    ]);
    const source = (password: unknown) => refused(postgres('ref', { secrets: { password } }));
    expect(await source({ source: 'environment', variable: 'TEST_INTEGRATIONS_UNSET' })).toEqual([
      { field: 'secrets.password', message: "the variable TEST_INTEGRATIONS_UNSET is not set in the hub's environment" },
    ]);
    expect(await source({ source: 'environment', variable: 'TEST_INTEGRATIONS_EMPTY' })).toEqual([
      { field: 'secrets.password', message: "the variable TEST_INTEGRATIONS_EMPTY is not set in the hub's environment" },
    ]);
    // The hub's own variables are nobody's to read.
    expect(await source({ source: 'environment', variable: 'PATH' })).toEqual([
      { field: 'secrets.password', message: expect.stringContaining('the variable PATH is not one this hub lets integrations read') },
    ]);
    expect(await source({ source: 'file', path: path.join(files.dir, 'mounted', 'missing') })).toEqual([
      { field: 'secrets.password', message: `the file ${path.join(files.dir, 'mounted', 'missing')} does not exist or is not readable by the hub` },
    ]);
    expect(await source({ source: 'file', path: path.join(files.dir, 'outside') })).toEqual([
      { field: 'secrets.password', message: expect.stringContaining('is not in a directory this hub lets integrations read') },
    ]);
    expect(await source({ source: 'kubernetes_secret', secret: 'db', key: 'password' })).toEqual([
      { field: 'secrets.password', message: expect.stringContaining('SERVICE_SECRET_SOURCE_KUBERNETES=on') },
    ]);
  });

  it('takes secrets from the environment and mounted files, and shows only where they come from', async () => {
    const created = await call(base(), {
      method: 'POST',
      token: p.tokens.owner,
      body: {
        kind: 's3',
        name: 'Lake',
        config: { endpoint_url: 'https://s3.example.com', bucket: 'lake', path_style: true },
        secrets: {
          access_key_id: { source: 'environment', variable: 'TEST_INTEGRATIONS_DB_PASSWORD' },
          secret_access_key: { source: 'file', path: path.join(files.dir, 'mounted', 'db-password') },
        },
      },
    });
    expect(created.status, created.text).toBe(201);
    expect(created.json.data.secrets).toEqual({
      access_key_id: { source: 'environment', variable: 'TEST_INTEGRATIONS_DB_PASSWORD' },
      secret_access_key: { source: 'file', path: path.join(files.dir, 'mounted', 'db-password') },
    });
    expect(created.json.data.config).toMatchObject({ region: 'us-east-1', access_key_id_set: true, secret_access_key_set: true });
    // What a sandbox receives, as the workload environment reads it.
    const [rendered] = (await t.hub.services.integrationsForSandboxes.listForRendering(p.id)).filter((entry) => entry.instance.id === created.json.data.id);
    expect(rendered!.secrets).toEqual({ access_key_id: FROM_ENVIRONMENT, secret_access_key: FROM_FILE });
    expect(rendered!.kind.render(rendered!.config, rendered!.secrets, rendered!.instance.env_prefix).env).toEqual({
      LAKE_ENDPOINT_URL: 'https://s3.example.com',
      LAKE_BUCKET: 'lake',
      LAKE_REGION: 'us-east-1',
      LAKE_PATH_STYLE: 'true',
      LAKE_ACCESS_KEY_ID: FROM_ENVIRONMENT,
      LAKE_SECRET_ACCESS_KEY: FROM_FILE,
    });
  });

  it('lets viewers read, managers change, and nobody outside the project in', async () => {
    const { json } = await call(base(), { method: 'POST', token: p.tokens.owner, body: postgres('Roles DB') });
    const one = `${base()}/${json.data.id}`;
    const { headers } = await call(one, { token: p.tokens.viewer });
    const etag = headers.get('etag')!;
    const changes: [string, string, unknown?][] = [
      [base(), 'POST', postgres('Roles DB 2')],
      [one, 'PUT', { name: 'renamed', config: json.data.config }],
      [one, 'DELETE'],
      [`${one}/test`, 'POST'],
    ];
    for (const [url, method, body] of changes) {
      for (const who of ['viewer', 'editor'] as const) {
        const denied = await call(url, { method, token: p.tokens[who], body, headers: { 'if-match': etag } });
        expect([who, method, url, denied.status, denied.json.error.code]).toEqual([who, method, url, 403, 'FORBIDDEN']);
      }
      const outsider = await call(url, { method, token: p.tokens.outsider, body, headers: { 'if-match': etag } });
      expect([method, url, outsider.status]).toEqual([method, url, 404]);
    }
    for (const url of [base(), one, `${one}/versions`]) {
      expect((await call(url, { token: p.tokens.viewer })).status).toBe(200);
      expect((await call(url, { token: p.tokens.outsider })).status).toBe(404);
    }
  });

  it('never lets a secret value out: not in answers, logs, audit entries or the data directory', async () => {
    const answers = seen.join('\n');
    const logs = t.logs.map((line) => JSON.stringify(line)).join('\n');
    const audit = (await projectAudit(t, p.id)).map((entry) => entry.raw).join('\n');
    for (const secret of SECRETS) {
      expect(answers).not.toContain(secret);
      expect(logs).not.toContain(secret);
      expect(audit).not.toContain(secret);
    }
    expect(await filesHolding(t.dataDir, SECRETS)).toEqual([]);
  });
});

describe('integrations turned off', () => {
  let t: TestHub;
  beforeAll(async () => {
    t = await startTestHub({ env: { SERVICE_INTEGRATIONS: 'off' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('reports the capability as unavailable and answers its routes not found', async () => {
    const p = await projectWithRoles(t, 'off');
    expect((await t.call('/api/v1/capabilities', { token: p.tokens.owner })).json.data.integrations).toEqual({ available: false });
    for (const url of ['/api/v1/integration-kinds', `/api/v1/projects/${p.id}/integrations`, '/api/v1/integrations']) {
      const answer = await t.call(url, { token: p.tokens.owner });
      expect([answer.status, answer.json.error.message]).toEqual([404, expect.stringContaining('SERVICE_INTEGRATIONS=off')]);
    }
    expect(await t.hub.services.integrationsForSandboxes.listForRendering(p.id)).toEqual([]);
  });
});
