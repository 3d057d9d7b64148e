import { Type } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { HubError } from '../../service/src/core/errors.js';
import { openValue } from '../../service/src/core/secrets/sealed-values.js';
import type { HubApp } from '../../service/src/http/types.js';
import { startTestHub, type CallResult, type TestHub } from '../support/test-hub.js';

/** Routes that exist only in this test, to exercise the shared mechanics. */
function probeRoutes(app: HubApp): void {
  let created = 0;
  app.post(
    '/api/v1/probe/things',
    {
      config: { idempotent: true },
      schema: { body: Type.Object({ name: Type.String(), fail: Type.Optional(Type.Boolean()) }, { additionalProperties: false }) },
    },
    async (request, reply) => {
      if (request.body.fail) throw new HubError('CONFLICT', 'asked to fail');
      await new Promise((resolve) => setTimeout(resolve, 150));
      return reply.code(201).send({ success: true, data: { id: ++created, name: request.body.name } });
    },
  );
  app.get('/api/v1/probe/explode', async () => {
    throw new Error('database password is hunter2');
  });
}

describe('API platform', () => {
  let t: TestHub;
  let token: string;
  let admin: string;
  beforeAll(async () => {
    t = await startTestHub({
      env: {
        SERVICE_MAX_REQUEST_BYTES: '4096',
        SERVICE_MAX_PAGE_SIZE: '5',
        SERVICE_DEFAULT_PAGE_SIZE: '3',
        SERVICE_COMPUTE_PROFILES: '[{"name":"small","cpu":0.5,"memory_bytes":1073741824},{"name":"gpu","cpu":8,"gpu":"a100"}]',
        SERVICE_DEFAULT_ROLE: 'viewer',
        SERVICE_OIDC_CLIENT_SECRET: 'not-shown-anywhere',
      },
      routes: [probeRoutes],
    });
    token = await t.tokenFor('user@example.com');
    admin = await t.tokenFor('admin@example.com', { superAdmin: true });
  });
  afterAll(() => t.close());

  describe('envelope and errors', () => {
    it('puts a request id on every response and error', async () => {
      const ok = await t.call('/api/health');
      expect(ok.headers.get('x-request-id')).toMatch(/^req_[0-9a-f]{32}$/);
      const missing = await t.call('/api/v1/nothing-here', { token });
      expect(missing.status).toBe(404);
      expect(missing.json).toEqual({
        success: false,
        error: { code: 'NOT_FOUND', message: expect.any(String), request_id: missing.headers.get('x-request-id') },
      });
      expect(missing.headers.get('cache-control')).toBe('private, no-store');
    });

    it('answers UNAUTHORIZED without a credential and for a bad one', async () => {
      expect((await t.call('/api/v1/me')).json.error.code).toBe('UNAUTHORIZED');
      expect((await t.call('/api/v1/me', { token: 'svc_pat_nope' })).status).toBe(401);
      expect((await t.call('/api/v1/me', { headers: { authorization: 'Basic abc' } })).status).toBe(401);
      expect((await t.call('/api/v1/me', { cookie: 'forged-session' })).status).toBe(401);
    });

    it('reports malformed JSON as BAD_REQUEST and field problems as VALIDATION_ERROR', async () => {
      const malformed = await t.call('/api/v1/probe/things', { method: 'POST', token, body: '{"name": ' });
      expect(malformed.status).toBe(400);
      expect(malformed.json.error.code).toBe('BAD_REQUEST');
      const media = await t.call('/api/v1/probe/things', {
        method: 'POST',
        token,
        body: 'name=x',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      // An unsupported media type keeps HTTP's 415 (docs/errors.md).
      expect(media.status).toBe(415);
      expect(media.json.error.code).toBe('BAD_REQUEST');
      const invalid = await t.call('/api/v1/probe/things', { method: 'POST', token, body: { name: 7, colour: 'red' } });
      expect(invalid.status).toBe(422);
      expect(invalid.json.error.code).toBe('VALIDATION_ERROR');
      expect(invalid.json.error.details).toEqual(
        expect.arrayContaining([
          { field: 'name', message: expect.any(String) },
          { field: 'colour', message: 'is not a known field' },
        ]),
      );
      const query = await t.call('/api/v1/admin/users?limit=0', { token: admin });
      expect(query.json.error.details).toEqual([{ field: 'query.limit', message: expect.any(String) }]);
    });

    it('refuses bodies over limits.max_request_bytes with PAYLOAD_TOO_LARGE', async () => {
      const large = await t.call('/api/v1/probe/things', { method: 'POST', token, body: { name: 'x'.repeat(5000) } });
      expect(large.status).toBe(413);
      expect(large.json.error.code).toBe('PAYLOAD_TOO_LARGE');
    });

    it('hides the cause of an unexpected failure behind INTERNAL_ERROR', async () => {
      const failure = await t.call('/api/v1/probe/explode', { token });
      expect(failure.status).toBe(500);
      expect(failure.json.error.code).toBe('INTERNAL_ERROR');
      expect(failure.text).not.toMatch(/hunter2|at .*\.ts/);
    });
  });

  describe('reads', () => {
    it('carries an ETag and answers a matching If-None-Match with 304', async () => {
      const first = await t.call('/api/v1/capabilities', { token });
      const etag = first.headers.get('etag')!;
      expect(etag).toMatch(/^".+"$/);
      expect(first.headers.get('cache-control')).toBe('private, no-cache');
      const again = await t.call('/api/v1/capabilities', { token, headers: { 'if-none-match': etag } });
      expect(again.status).toBe(304);
      expect(again.text).toBe('');
      const other = await t.call('/api/v1/capabilities', { token, headers: { 'if-none-match': '"stale"' } });
      expect(other.status).toBe(200);
    });

    it('pages newest first with opaque cursors, capped at max_page_size', async () => {
      for (let i = 0; i < 6; i++) await t.tokenFor(`pager-${i}@example.com`);
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const page: Awaited<ReturnType<TestHub['call']>> = await t.call(`/api/v1/admin/users${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`, {
          token: admin,
        });
        expect(page.json.data.items.length).toBeLessThanOrEqual(3);
        seen.push(...page.json.data.items.map((user: { id: string }) => user.id));
        cursor = page.json.data.next_cursor;
        pages++;
      } while (cursor);
      expect(seen.length).toBeGreaterThanOrEqual(8);
      expect(pages).toBe(Math.ceil(seen.length / 3));
      expect([...seen].sort().reverse()).toEqual(seen);
      expect((await t.call('/api/v1/admin/users?limit=1000', { token: admin })).json.data.items).toHaveLength(5);
      const bad = await t.call('/api/v1/admin/users?cursor=garbage', { token: admin });
      expect(bad.status).toBe(422);
      expect(bad.json.error.details).toEqual([{ field: 'cursor', message: 'invalid cursor' }]);
    });
  });

  describe('idempotency keys on create routes', () => {
    const create = (key: string, body: object) => t.call('/api/v1/probe/things', { method: 'POST', token, body, headers: { 'idempotency-key': key } });

    it('replays the first result for a retry with the same key', async () => {
      const first = await create('k-replay', { name: 'a' });
      const retry = await create('k-replay', { name: 'a' });
      expect(first.status).toBe(201);
      expect(retry.status).toBe(201);
      expect(retry.json).toEqual(first.json);
      expect(retry.headers.get('idempotent-replayed')).toBe('true');
      const fresh = await create('k-other', { name: 'a' });
      expect(fresh.json.data.id).not.toBe(first.json.data.id);
    });

    it('refuses the same key for a different request, and a concurrent duplicate', async () => {
      await create('k-diff', { name: 'a' });
      const different = await create('k-diff', { name: 'b' });
      expect(different.status).toBe(422);
      const [one, two] = await Promise.all([create('k-race', { name: 'r' }), create('k-race', { name: 'r' })]);
      expect([one.status, two.status].sort()).toEqual([201, 409]);
    });

    it('lets a failed request be retried, and refuses a key older than the replay window with 422', async () => {
      expect((await create('k-fail', { name: 'x', fail: true })).status).toBe(409);
      expect((await create('k-fail', { name: 'x', fail: true })).status).toBe(409);

      await create('k-old', { name: 'old' });
      const { store } = t.hub;
      const records = await store.list('idempotency/');
      for (const item of records.items) {
        const object = (await store.get(item.key))!;
        const record = JSON.parse(object.body.toString());
        // The replayable result is stored sealed (docs/secrets-at-rest.md).
        if (record.body && openValue(t.hub.services.secrets, record.body, item.key, 'body').includes('"old"')) {
          await store.put(item.key, JSON.stringify({ ...record, created_at: new Date(Date.now() - 2 * 86_400_000).toISOString() }));
        }
      }
      const stale = await create('k-old', { name: 'old' });
      expect(stale.status).toBe(422);
      expect(stale.json.error.message).toMatch(/replay window/);
    });
  });

  describe('system routes', () => {
    it('reports capabilities from configuration', async () => {
      const { data } = (await t.call('/api/v1/capabilities', { token })).json;
      expect(Object.keys(data).sort()).toEqual(
        [
          'federation',
          'integrations',
          'source_control',
          'project_alerts',
          'jobs',
          'data_browser',
          'viewer_mode',
          'viewer_session_modes',
          'editor_sandbox_sharing',
          'default_role',
          'limits',
          'sandbox_images',
          'sandbox_startup_timeout_seconds',
          'compute_profiles',
          'compute_profile_override',
          'surfaces',
        ].sort(),
      );
      expect(data.limits).toEqual({
        max_concurrent_sessions_per_user: null,
        max_apps_per_project: null,
        max_request_bytes: 4096,
        max_versions_per_notebook: 100,
        default_page_size: 3,
        max_page_size: 5,
      });
      expect(data.compute_profiles).toEqual([
        { name: 'small', cpu: 0.5, memory_bytes: 1073741824 },
        { name: 'gpu', cpu: 8, gpu: 'a100' },
      ]);
      expect(data.default_role).toBe('viewer');
      expect(data.project_alerts.selectable_kinds).toContain('job.run.failed');
    });

    it('reports the deployment version, backends and start time', async () => {
      const { data } = (await t.call('/api/v1/version', { token })).json;
      expect(data).toMatchObject({ version: 'dev', backends: { storage: 'fs', compute: 'local', auth: 'local' } });
      expect(Date.parse(data.started_at)).toBeLessThanOrEqual(Date.now());
    });

    it('serves the OpenAPI document: authenticated under /api/v1/doc, open at /openapi.yaml', async () => {
      expect((await t.call('/api/v1/doc')).status).toBe(401);
      const doc = await t.call('/api/v1/doc', { token });
      expect(doc.headers.get('content-type')).toMatch(/yaml/);
      expect(parse(doc.text).info.version).toBe('1.0.0');
      const open = await t.call('/openapi.yaml');
      expect(open.status).toBe(200);
      expect(open.text).toBe(doc.text);
    });

    it('runs the deep health checks only for an authenticated caller', async () => {
      expect((await t.call('/api/health?deep=true')).status).toBe(401);
      const deep = await t.call('/api/health?deep=true', { token });
      expect(deep.status).toBe(200);
      expect(deep.json.status).toBe('ok');
      expect(deep.json.checks.map((check: { name: string }) => check.name)).toEqual(expect.arrayContaining(['storage', 'identity']));
      expect(deep.json.checks.find((check: { name: string }) => check.name === 'storage').status).toBe('ok');
    });
  });

  describe('users and administration', () => {
    it('resolves and searches users', async () => {
      await t.tokenFor('Alice.Smith@Example.com');
      const found = await t.call('/api/v1/users/search?q=alice', { token });
      expect(found.json.data).toEqual([{ id: expect.stringMatching(/^usr-/), email: 'alice.smith@example.com', name: null, picture_url: null }]);
      const byEmail = await t.call('/api/v1/users/resolve?email=ALICE.SMITH@example.com', { token });
      expect(byEmail.json.data.email).toBe('alice.smith@example.com');
      const byId = await t.call(`/api/v1/users/resolve?id=${byEmail.json.data.id}`, { token });
      expect(byId.json.data).toEqual(byEmail.json.data);
      expect((await t.call('/api/v1/users/resolve?email=nobody@example.com', { token })).status).toBe(404);
      expect((await t.call('/api/v1/users/resolve', { token })).status).toBe(422);
    });

    it('keeps admin routes to super admins and never shows a secret', async () => {
      expect((await t.call('/api/v1/admin/users', { token })).status).toBe(403);
      expect((await t.call('/api/v1/admin/config', { token })).status).toBe(403);
      const config = await t.call('/api/v1/admin/config', { token: admin });
      expect(config.status).toBe(200);
      expect(config.text).not.toContain('not-shown-anywhere');
      const auth = config.json.data.groups.find((group: { name: string }) => group.name === 'auth');
      expect(auth.backend).toBe('local');
      expect(auth.settings.find((setting: { key: string }) => setting.key === 'SERVICE_OIDC_CLIENT_SECRET')).toEqual({
        key: 'SERVICE_OIDC_CLIENT_SECRET',
        name: expect.any(String),
        value: null,
        secret: true,
        set: true,
      });
      expect(config.json.data.policy).toEqual({ default_role: 'viewer', super_admins: expect.arrayContaining(['admin@example.com']) });
      expect(config.json.data.deployment.backends).toEqual({ storage: 'fs', compute: 'local', auth: 'local' });
    });
  });
});

describe('pagination boundaries', () => {
  // A hub of its own: every list below holds exactly SIX entries, so pages come out exactly full.
  let t: TestHub;
  let admin: string;
  let owner: string;
  beforeAll(async () => {
    t = await startTestHub({ env: { SERVICE_MAX_PAGE_SIZE: '5', SERVICE_DEFAULT_PAGE_SIZE: '3', SERVICE_RUN_MAINTENANCE: 'false' } });
    admin = await t.tokenFor('admin@example.com', { superAdmin: true });
    owner = await t.tokenFor('owner@example.com');
    for (let i = 0; i < 4; i++) await t.tokenFor(`member-${i}@example.com`);
    for (let i = 0; i < 6; i++) {
      expect((await t.call('/api/v1/projects', { method: 'POST', token: owner, body: { name: `project ${i}` } })).status).toBe(201);
    }
  });
  afterAll(() => t.close());

  /** Page sizes and cursors, following next_cursor until it is null. */
  async function walk(route: string, token: string, limit?: number): Promise<{ sizes: number[]; ids: string[] }> {
    const sizes: number[] = [];
    const ids: string[] = [];
    let cursor: string | null = null;
    do {
      const query = [limit === undefined ? '' : `limit=${limit}`, cursor ? `cursor=${encodeURIComponent(cursor)}` : ''].filter(Boolean).join('&');
      const page: CallResult = await t.call(`${route}${query ? `?${query}` : ''}`, { token });
      expect(page.status).toBe(200);
      sizes.push(page.json.data.items.length);
      ids.push(...page.json.data.items.map((item: { id: string }) => item.id));
      cursor = page.json.data.next_cursor;
      if (sizes.length > 10) throw new Error('the cursor never ends');
    } while (cursor);
    return { sizes, ids };
  }

  for (const [label, route, token] of [
    ['projects', '/api/v1/projects', () => owner],
    ['admin users', '/api/v1/admin/users', () => admin],
  ] as const) {
    it(`ends ${label} with next_cursor null on a last page that is exactly full`, async () => {
      const byDefault = await walk(route, token());
      expect(byDefault.sizes).toEqual([3, 3]);
      expect(new Set(byDefault.ids).size).toBe(6);
      expect((await walk(route, token(), 2)).sizes).toEqual([2, 2, 2]);
      expect((await walk(route, token(), 1)).sizes).toEqual([1, 1, 1, 1, 1, 1]);
      // 6 is capped at max_page_size (5): one full page, then the rest.
      expect((await walk(route, token(), 6)).sizes).toEqual([5, 1]);
      expect((await walk(route, token(), 2)).ids).toEqual(byDefault.ids);
    });
  }

  it('answers an empty list with no cursor', async () => {
    const stranger = await t.tokenFor('stranger@example.com');
    expect((await t.call('/api/v1/projects', { token: stranger })).json.data).toEqual({ items: [], next_cursor: null });
  });
});
