import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectAudit, projectWithRoles, type ProjectWithRoles } from '../support/alert-fixtures.js';
import { filesHolding, recordingCalls } from '../support/integration-fixtures.js';
import { startTestHub, type TestHub } from '../support/test-hub.js';

const KEY = 'org-openai-key-9b2e7d4a1c';
const TOKEN = 'org-env-token-5f0c3a8e6d';

/**
 * Organization integrations: managed by super admins, seen (without where their secrets come
 * from) by anyone signed in, and copied into a project by its managers.
 */
describe('organization integrations', () => {
  let t: TestHub;
  let admin: string;
  let p: ProjectWithRoles;
  const { seen, call } = recordingCalls(() => t);

  beforeAll(async () => {
    process.env.TEST_ORG_INTEGRATIONS_TOKEN = TOKEN;
    t = await startTestHub({ captureLogs: true, env: { SERVICE_SECRET_SOURCE_VARIABLES: 'TEST_ORG_INTEGRATIONS_TOKEN' } });
    admin = await t.tokenFor('integrations-admin@example.com', { superAdmin: true });
    p = await projectWithRoles(t, 'org-copy');
  });
  afterAll(async () => {
    await t?.close();
    delete process.env.TEST_ORG_INTEGRATIONS_TOKEN;
  });

  it('lets super admins manage them, and everyone signed in see them without their references', async () => {
    const created = await call('/api/v1/integrations', {
      method: 'POST',
      token: admin,
      body: {
        kind: 'http_api',
        name: 'Company API',
        config: { base_url: 'https://api.example.com' },
        secrets: { token: { source: 'environment', variable: 'TEST_ORG_INTEGRATIONS_TOKEN' } },
      },
    });
    expect(created.status, created.text).toBe(201);
    expect(created.json.data).toMatchObject({
      scope: 'organization',
      project_id: null,
      secrets: { token: { source: 'environment', variable: 'TEST_ORG_INTEGRATIONS_TOKEN' } },
    });
    const one = `/api/v1/integrations/${created.json.data.id}`;

    const asMember = await call(one, { token: p.tokens.viewer });
    expect(asMember.status).toBe(200);
    expect(asMember.json.data.secrets).toEqual({ token: { source: 'environment' } });
    expect(asMember.json.data.config).toMatchObject({ base_url: 'https://api.example.com', token_set: true, password_set: false });
    expect((await call('/api/v1/integrations', { token: p.tokens.outsider })).json.data.items.map((item: { id: string }) => item.id)).toContain(
      created.json.data.id,
    );
    expect((await call(`${one}/versions`, { token: p.tokens.outsider })).json.data.items[0].secrets).toEqual({ token: { source: 'environment' } });

    const etag = asMember.headers.get('etag')!;
    const replacement = { name: 'Company API', config: { base_url: 'https://api2.example.com' } };
    for (const [url, method, body] of [
      ['/api/v1/integrations', 'POST', { kind: 'http_api', name: 'Mine', config: { base_url: 'https://x.example.com', auth: 'none' } }],
      [one, 'PUT', replacement],
      [one, 'DELETE', undefined],
      [`${one}/test`, 'POST', undefined],
    ] as const) {
      const denied = await call(url, { method, token: p.tokens.owner, body, headers: { 'if-match': etag } });
      expect([method, url, denied.status, denied.json.error.code]).toEqual([method, url, 403, 'FORBIDDEN']);
    }
    const replaced = await call(one, { method: 'PUT', token: admin, body: replacement, headers: { 'if-match': etag } });
    expect(replaced.json.data).toMatchObject({ version_number: 2, config: { base_url: 'https://api2.example.com', token_set: true } });
  });

  it('copies one into a project: its settings and secrets, stored values sealed for the project', async () => {
    const source = await call('/api/v1/integrations', {
      method: 'POST',
      token: admin,
      body: { kind: 'openai', name: 'Company AI', config: { model: 'small' }, secrets: { api_key: { source: 'stored', value: KEY } } },
    });
    const from = source.json.data.id as string;
    const list = `/api/v1/projects/${p.id}/integrations`;
    for (const who of ['editor', 'viewer'] as const)
      expect((await call(list, { method: 'POST', token: p.tokens[who], body: { copy_from: from } })).status).toBe(403);
    const mixed = await call(list, { method: 'POST', token: p.tokens.manager, body: { copy_from: from, config: { model: 'other' } } });
    expect([mixed.status, mixed.json.error.details]).toEqual([422, [{ field: 'config', message: 'does not go with copy_from' }]]);
    expect((await call(list, { method: 'POST', token: p.tokens.manager, body: { copy_from: 'intg-0000000000000000' } })).status).toBe(404);

    const copied = await call(list, { method: 'POST', token: p.tokens.manager, body: { copy_from: from, name: 'Team AI' } });
    expect(copied.status, copied.text).toBe(201);
    expect(copied.json.data).toMatchObject({
      scope: 'project',
      project_id: p.id,
      kind: 'openai',
      name: 'Team AI',
      env_prefix: 'COMPANY_AI',
      config: { base_url: 'https://api.openai.com/v1', model: 'small', api_key_set: true },
      copied_from: { integration_id: from, version_id: source.json.data.version_id },
    });
    const [rendered] = await t.hub.services.integrationsForSandboxes.listForRendering(p.id);
    expect(rendered!.secrets).toEqual({ api_key: KEY });
    expect(rendered!.kind.render(rendered!.config, rendered!.secrets, rendered!.instance.env_prefix).env).toEqual({
      COMPANY_AI_BASE_URL: 'https://api.openai.com/v1',
      COMPANY_AI_API_KEY: KEY,
      COMPANY_AI_MODEL: 'small',
    });
    // A second copy under the same prefix is refused: variable names stay unique in the project.
    expect((await call(list, { method: 'POST', token: p.tokens.manager, body: { copy_from: from } })).status).toBe(409);
    // The organization's sealed value does not open in the project's record: it was sealed anew.
    const orgRecord = (await t.hub.store.get(`integrations/organization/${from}`))!.body.toString();
    const projectRecord = (await t.hub.store.get(`integrations/${p.id}/${copied.json.data.id}`))!.body.toString();
    expect(JSON.parse(orgRecord).secrets.api_key.value.data).not.toBe(JSON.parse(projectRecord).secrets.api_key.value.data);

    const events = (await projectAudit(t, p.id)).filter((entry) => entry.event.startsWith('integration.'));
    expect(events.map((entry) => entry.event)).toEqual(['integration.copy']);
    expect(events[0]!.metadata).toMatchObject({ integration_id: copied.json.data.id, copied_from: { integration_id: from } });
  });

  it('keeps every value out of answers, logs and the data directory', async () => {
    for (const secret of [KEY, TOKEN]) {
      expect(seen.join('\n')).not.toContain(secret);
      expect(t.logs.map((line) => JSON.stringify(line)).join('\n')).not.toContain(secret);
    }
    expect(await filesHolding(t.dataDir, [KEY, TOKEN])).toEqual([]);
  });
});
