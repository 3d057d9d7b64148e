import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { layout } from '../../service/src/core/storage-layout.js';
import { alertApi, logLine, projectAudit, type ProjectWithRoles } from '../support/alert-fixtures.js';
import { startAlertReceiver, type AlertReceiver } from '../support/alert-receiver.js';
import { unusedPort } from '../support/unused-port.js';
import { startTestHub, type CallOptions, type TestHub } from '../support/test-hub.js';

const SECRET = 'whsec-7f3a9c1e5b2d4f60a8e1';
const SLACK_PATH = '/services/T0001/B0001/slack-path-credential';

describe('project alert destinations', () => {
  let t: TestHub;
  let receiver: AlertReceiver;
  let p: ProjectWithRoles;
  const { seen, projects, project, call, alerts, webhook, create, addMember } = alertApi(
    () => t,
    () => receiver,
    SECRET,
  );

  beforeAll(async () => {
    receiver = await startAlertReceiver();
    t = await startTestHub({
      captureLogs: true,
      env: {
        SERVICE_ALERT_ALLOW_HTTP: 'true',
        SERVICE_ALERT_MAX_DESTINATIONS: '4',
        SERVICE_ALERT_RETRY_DELAY_MS: '20',
        SERVICE_ALERT_DELIVERY_TIMEOUT_SECONDS: '5',
      },
    });
    p = await project('main');
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  it('reports the capability with the configured capacity', async () => {
    const caps = await call('/api/v1/capabilities', { token: p.tokens.viewer });
    expect(caps.json.data.project_alerts).toMatchObject({ available: true, destination_types: ['slack', 'webhook'], max_destinations: 4 });
  });

  it('creates, lists, reads, updates and deletes destinations; secrets are write-only', async () => {
    const hook = await call(alerts(p), { method: 'POST', token: p.tokens.owner, body: webhook('/crud', ['member.added']) });
    expect(hook.status).toBe(201);
    expect(hook.json.data).toEqual({
      id: expect.stringMatching(/^alert-[0-9a-z]{16}$/),
      type: 'webhook',
      name: 'hook /crud',
      kinds: ['member.added'],
      enabled: true,
      verified_at: null,
      endpoint_host: new URL(receiver.url('/')).host,
      created_by: expect.stringMatching(/^usr-/),
      created_at: expect.any(String),
      updated_at: expect.any(String),
      url_set: true,
      signing_secret_set: true,
    });
    const slack = await create(p, { type: 'slack', name: 'chat', kinds: ['project.deleted'], webhook_url: receiver.url(SLACK_PATH) });
    expect(slack).toMatchObject({ type: 'slack', webhook_url_set: true });

    const first = await call(`${alerts(p)}?limit=1`, { token: p.tokens.manager });
    expect(first.json.data.items.map((item: { id: string }) => item.id)).toEqual([slack.id]);
    const second = await call(`${alerts(p)}?limit=1&cursor=${first.json.data.next_cursor}`, { token: p.tokens.owner });
    expect(second.json.data).toEqual({ items: [expect.objectContaining({ id: hook.json.data.id })], next_cursor: null });
    expect((await call(`${alerts(p)}?cursor=bm9wZQ`, { token: p.tokens.owner })).json.error.code).toBe('VALIDATION_ERROR');

    const path = `${alerts(p)}/${hook.json.data.id}`;
    expect((await call(path, { token: p.tokens.owner })).json.data.name).toBe('hook /crud');
    const patched = await call(path, {
      method: 'PATCH',
      token: p.tokens.owner,
      body: { name: '  renamed  ', enabled: false, kinds: ['member.removed', 'member.removed'] },
    });
    expect(patched.json.data).toMatchObject({ name: 'renamed', enabled: false, kinds: ['member.removed'] });
    expect((await call(path, { method: 'PATCH', token: p.tokens.owner, body: { webhook_url: receiver.url('/x') } })).json.error.details).toEqual([
      { field: 'webhook_url', message: 'does not apply to webhook destinations' },
    ]);
    expect((await call(path, { method: 'PATCH', token: p.tokens.owner, body: { type: 'slack' } })).status).toBe(422);

    expect((await call(path, { method: 'DELETE', token: p.tokens.owner })).json).toEqual({ success: true });
    expect((await call(path, { token: p.tokens.owner })).status).toBe(404);
    expect((await call(path, { method: 'DELETE', token: p.tokens.owner })).json.error.code).toBe('NOT_FOUND');
    await call(`${alerts(p)}/${slack.id}`, { method: 'DELETE', token: p.tokens.owner });
  });

  it('lets only project managers and the admin manage destinations', async () => {
    const { id } = await create(p, webhook('/roles', ['member.added']));
    const one = `${alerts(p)}/${id}`;
    const attempts: [string, CallOptions][] = [
      [alerts(p), {}],
      [alerts(p), { method: 'POST', body: webhook('/roles-2', ['member.added']) }],
      [one, {}],
      [one, { method: 'PATCH', body: { name: 'x' } }],
      [one, { method: 'DELETE' }],
      [`${one}/verify`, { method: 'POST' }],
    ];
    for (const [path, options] of attempts) {
      for (const [who, status, code] of [
        ['viewer', 403, 'FORBIDDEN'],
        ['editor', 403, 'FORBIDDEN'],
        ['outsider', 404, 'NOT_FOUND'],
      ] as const) {
        const denied = await call(path, { ...options, token: p.tokens[who] });
        expect([who, path, options.method, denied.status, denied.json.error.code]).toEqual([who, path, options.method, status, code]);
      }
    }
    expect((await call(one, { token: p.tokens.manager })).status).toBe(200);
    expect((await call('/api/v1/projects/proj-0000000000000000/alerts', { token: p.tokens.owner })).status).toBe(404);
    await call(one, { method: 'DELETE', token: p.tokens.manager });
  });

  it('keeps unknown kinds as given but reads them as unknown', async () => {
    const created = await create(p, webhook('/kinds', ['member.added', 'future.kind', 'other.future', 'member.added']));
    expect(created).toMatchObject({ kinds: ['member.added', 'unknown'] });
    const stored = JSON.parse((await t.hub.store.get(layout.alertDestinations(p.id)))!.body.toString('utf8'));
    expect(stored.destinations.find((d: { id: string }) => d.id === created.id).kinds).toEqual(['member.added', 'future.kind', 'other.future']);
    await call(`${alerts(p)}/${created.id}`, { method: 'DELETE', token: p.tokens.owner });
  });

  it('refuses bodies with unknown fields, bad names, short secrets, refused schemes and addresses', async () => {
    const refused = async (body: Record<string, unknown>, field: string) => {
      const answer = await call(alerts(p), { method: 'POST', token: p.tokens.owner, body });
      expect([answer.status, answer.json.error.code, answer.json.error.details.map((d: { field: string }) => d.field)]).toEqual([
        422,
        'VALIDATION_ERROR',
        expect.arrayContaining([field]),
      ]);
    };
    const bad = (url: string) => webhook('/x', ['member.added'], { url });
    await refused(webhook('/x', ['member.added'], { colour: 'red' }), 'colour');
    await refused(webhook('/x', ['member.added'], { name: '   ' }), 'name');
    await refused(webhook('/x', ['member.added'], { name: 'n'.repeat(101) }), 'name');
    await refused(webhook('/x', ['member.added'], { signing_secret: 'short' }), 'signing_secret');
    await refused(webhook('/x', []), 'kinds');
    await refused({ type: 'slack', name: 's', kinds: ['member.added'], url: receiver.url('/s') }, 'webhook_url');
    await refused({ type: 'unknown', name: 's', kinds: ['member.added'] }, 'type');
    for (const url of [
      'http://example.com/hook',
      'ftp://127.0.0.1/hook',
      'https://169.254.169.254/latest/meta-data',
      'https://[::ffff:169.254.169.254]/',
      'https://[fe80::1]/',
      'https://0.0.0.0/',
      'https://10.1.2.3/hook',
      'https://192.168.1.1/hook',
      'https://user:password@example.com/hook',
      'not a url',
    ]) {
      await refused(bad(url), 'url');
    }
    expect((await call(alerts(p), { token: p.tokens.owner })).json.data.items).toEqual([]);
  });

  it('enforces the per-project capacity, also under concurrent creates', async () => {
    const q = await project('capacity');
    const answers = await Promise.all(
      Array.from({ length: 7 }, (_, i) => call(alerts(q), { method: 'POST', token: q.tokens.owner, body: webhook(`/cap-${i}`, ['member.added']) })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 201, 201, 201, 429, 429, 429]);
    expect(answers.find((answer) => answer.status === 429)!.json.error.code).toBe('RESOURCE_EXHAUSTED');
    expect((await call(alerts(q), { token: q.tokens.owner })).json.data.items).toHaveLength(4);
  });

  it('replays a create retried with the same Idempotency-Key', async () => {
    const q = await project('idempotent');
    const options = { method: 'POST', token: q.tokens.owner, body: webhook('/idem', ['member.added']), headers: { 'idempotency-key': 'create-hook-1' } };
    const first = await call(alerts(q), options);
    const again = await call(alerts(q), options);
    expect([first.status, again.status, again.headers.get('idempotent-replayed')]).toEqual([201, 201, 'true']);
    expect(again.json.data.id).toBe(first.json.data.id);
    expect((await call(alerts(q), { token: q.tokens.owner })).json.data.items).toHaveLength(1);
  });

  describe('verification', () => {
    let q: ProjectWithRoles;
    beforeAll(async () => {
      q = await project('verify');
    });
    const verify = (id: string) => call(`${alerts(q)}/${id}/verify`, { method: 'POST', token: q.tokens.owner });

    it('sends a signed test delivery and sets verified_at; a new URL clears it', async () => {
      receiver.expectSecret('/verify-ok', SECRET);
      const { id } = await create(q, webhook('/verify-ok', ['member.added']));
      const verified = await verify(id);
      expect(verified.status, verified.text).toBe(200);
      expect(verified.json.data.verified_at).toEqual(expect.any(String));
      const [delivery] = receiver.at('/verify-ok');
      expect(delivery!.signatureValid).toBe(true);
      expect(delivery!.json).toMatchObject({ kind: 'alert.test', project_id: q.id, project_name: q.name, data: { destination_id: id } });
      const renamed = await call(`${alerts(q)}/${id}`, { method: 'PATCH', token: q.tokens.owner, body: { name: 'kept' } });
      expect(renamed.json.data.verified_at).toBe(verified.json.data.verified_at);
      const moved = await call(`${alerts(q)}/${id}`, { method: 'PATCH', token: q.tokens.owner, body: { url: receiver.url('/verify-moved') } });
      expect(moved.json.data.verified_at).toBeNull();
    });

    it('answers BAD_REQUEST when the receiver refuses and SERVICE_UNAVAILABLE when it fails; verified_at stays', async () => {
      receiver.script('/verify-404', 404);
      receiver.script('/verify-500', 500);
      receiver.script('/verify-redirect', { status: 302, headers: { location: receiver.url('/redirect-target') } });
      const closedPort = await unusedPort();
      const cases: [Record<string, unknown>, number, string][] = [
        [webhook('/verify-404', ['member.added']), 400, 'BAD_REQUEST'],
        [webhook('/verify-500', ['member.added']), 503, 'SERVICE_UNAVAILABLE'],
        [webhook('/verify-redirect', ['member.added']), 400, 'BAD_REQUEST'],
        [webhook('/closed', ['member.added'], { url: `http://127.0.0.1:${closedPort}/hook` }), 503, 'SERVICE_UNAVAILABLE'],
      ];
      for (const [body, status, code] of cases) {
        const { id } = await create(q, body);
        const failed = await verify(id);
        expect([failed.status, failed.json.error.code]).toEqual([status, code]);
        expect((await call(`${alerts(q)}/${id}`, { token: q.tokens.owner })).json.data.verified_at).toBeNull();
        await call(`${alerts(q)}/${id}`, { method: 'DELETE', token: q.tokens.owner });
      }
      expect(receiver.at('/redirect-target')).toEqual([]);
    });
  });

  describe('deliveries', () => {
    let d: ProjectWithRoles;
    beforeAll(async () => {
      d = await project('delivery');
    });

    it('delivers a member.added event, signed, only to enabled destinations subscribed to it', async () => {
      for (const path of ['/sub', '/other', '/off']) receiver.expectSecret(path, SECRET);
      const subscribed = await create(d, webhook('/sub', ['member.added', 'member.removed']));
      const other = await create(d, webhook('/other', ['member.removed']));
      const disabled = await create(d, webhook('/off', ['member.added'], { enabled: false }));
      const slack = await create(d, { type: 'slack', name: 'chat', kinds: ['member.added'], webhook_url: receiver.url(SLACK_PATH) });

      await addMember(d, 'new-member@example.com');
      const [delivery] = await receiver.waitFor('/sub', 1);
      expect(delivery!.signatureValid).toBe(true);
      expect(delivery!.headers).toMatchObject({ 'content-type': 'application/json', 'x-hub-event': 'member.added', 'x-hub-delivery': delivery!.json.id });
      expect(delivery!.json).toEqual({
        id: expect.stringMatching(/^aev-[0-9a-z]{16}$/),
        kind: 'member.added',
        project_id: d.id,
        project_name: d.name,
        actor: d.ownerId,
        occurred_at: expect.any(String),
        data: { user_id: expect.stringMatching(/^usr-/), email: 'new-member@example.com', role: 'viewer' },
      });
      const [chat] = await receiver.waitFor(SLACK_PATH, 1);
      expect(chat!.json.text).toContain(`*Member added* in project *${d.name}*`);
      const dispatch = await logLine(t, (line) => line.event === 'alert_dispatch' && line.event_id === delivery!.json.id);
      expect(dispatch.destination_ids).toEqual(expect.arrayContaining([subscribed.id, slack.id]));
      expect(dispatch.destination_ids).not.toContain(other.id);
      expect(dispatch.destination_ids).not.toContain(disabled.id);
      await logLine(
        t,
        (line) => line.event === 'alert_delivery' && line.event_id === delivery!.json.id && line.destination_id === slack.id && line.status === 'delivered',
      );
      expect([receiver.at('/other'), receiver.at('/off')]).toEqual([[], []]);
      for (const destination of [subscribed, other, disabled, slack]) await call(`${alerts(d)}/${destination.id}`, { method: 'DELETE', token: d.tokens.owner });
    });

    it('retries a receiver that fails twice and delivers on the third attempt', async () => {
      receiver.expectSecret('/flaky', SECRET);
      receiver.script('/flaky', 500, { status: 503, headers: { 'retry-after': '0' } });
      const flaky = await create(d, webhook('/flaky', ['member.added']));
      await addMember(d, 'retry-member@example.com');
      const attempts = await receiver.waitFor('/flaky', 3);
      expect(attempts.map((attempt) => attempt.signatureValid)).toEqual([true, true, true]);
      expect(new Set(attempts.map((attempt) => attempt.json.id)).size).toBe(1);
      const done = await logLine(t, (line) => line.event === 'alert_delivery' && line.destination_id === flaky.id && line.status === 'delivered');
      expect(done.attempt).toBe(3);
      const retries = t.logs.filter((line) => line.event === 'alert_delivery' && line.destination_id === flaky.id && line.status === 'retrying');
      expect(retries.map((line) => [line.attempt, line.http_status])).toEqual([
        [1, 500],
        [2, 503],
      ]);
      await call(`${alerts(d)}/${flaky.id}`, { method: 'DELETE', token: d.tokens.owner });
    });

    it('never holds up the request that caused the event, however slow the receiver', async () => {
      const slow = await create(d, webhook('/slow', ['member.added']));
      const release = receiver.hold('/slow');
      const user = await t.hub.services.users.ensureByEmail('slow-member@example.com', { name: null, superAdmin: false }, 'test');
      const stuck = new Promise<'stuck'>((resolve) => setTimeout(() => resolve('stuck'), 4000).unref());
      const added = call(`/api/v1/projects/${d.id}/members`, { method: 'POST', token: d.tokens.owner, body: { user_id: user.id, role: 'viewer' } });
      const answer = await Promise.race([added, stuck]);
      expect(answer === 'stuck' ? 'stuck' : answer.status).toBe(201);
      await receiver.waitFor('/slow', 1);
      release();
      await logLine(t, (line) => line.event === 'alert_delivery' && line.destination_id === slow.id && line.status === 'delivered');
      await call(`${alerts(d)}/${slow.id}`, { method: 'DELETE', token: d.tokens.owner });
    });

    it('delivers project.deleted after the project is gone', async () => {
      receiver.expectSecret('/deleted', SECRET);
      await create(d, webhook('/deleted', ['project.deleted']));
      expect((await call(`/api/v1/projects/${d.id}`, { method: 'DELETE', token: d.tokens.owner })).status).toBe(200);
      const [delivery] = await receiver.waitFor('/deleted', 1);
      expect([delivery!.signatureValid, delivery!.json.kind, delivery!.json.project_id]).toEqual([true, 'project.deleted', d.id]);
    });
  });

  it('never shows a URL or secret in responses, the audit log or the server log', async () => {
    const audit = (await Promise.all(projects.map((project) => projectAudit(t, project.id)))).flat();
    expect(audit.map((entry) => entry.event)).toEqual(expect.arrayContaining(['alert.create', 'alert.update', 'alert.delete', 'alert.verify']));
    expect(audit.find((entry) => entry.event === 'alert.verify')!.metadata).toEqual({
      destination_id: expect.any(String),
      http_status: 200,
      type: 'webhook',
      name: 'hook /verify-ok',
      kinds: ['member.added'],
      enabled: true,
    });
    const everything = [...seen, ...audit.map((entry) => entry.raw), ...t.logs.map((line) => JSON.stringify(line))].join('\n');
    for (const secret of [SECRET, SLACK_PATH, 'slack-path-credential', receiver.url('/')]) expect(everything).not.toContain(secret);
  });
});
