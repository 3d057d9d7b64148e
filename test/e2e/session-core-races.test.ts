import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectAudit } from '../support/alert-fixtures.js';
import type { CallResult } from '../support/test-hub.js';
import { eventually, sandboxRuntime } from '../support/session-world.js';
import { GATED, startCoreWorld, type CoreWorld } from './session-core-world.js';

const codesOf = (results: CallResult[]) =>
  results.map((result) => (result.status < 300 ? result.status : `${result.status} ${result.json?.error?.code}`)).sort();

describe.skipIf(sandboxRuntime === null)('editor claims under concurrent starts and takeovers', () => {
  let w: CoreWorld;
  beforeAll(async () => {
    w = await startCoreWorld();
  });
  afterAll(() => w?.close());

  const sessions = () => `/api/v1/projects/${w.pid}/sessions`;
  const asEditor2 = (path: string, body: Record<string, unknown>) => w.t.call(path, { method: 'POST', token: w.editor2.token, body });
  const liveOf = async (nid: string) =>
    ((await w.api(`${sessions()}?limit=100`, 'admin')).json.data.items as { id: string; notebook_id: string; state: string }[]).filter(
      (item) => item.notebook_id === nid && ['provisioning', 'running'].includes(item.state),
    );
  const stopAll = async (nid: string) => {
    for (const live of await liveOf(nid)) await w.api(`${sessions()}/${live.id}/stop`, 'admin', { method: 'POST', body: { save: false } });
  };

  it('gives a notebook to exactly one of several editors starting at once', async () => {
    const nid = await w.notebook('Contested');
    const body = { notebook_id: nid, mode: 'edit', wait: false };
    const results = await Promise.all([
      w.api(sessions(), 'editor', { method: 'POST', body }),
      w.api(sessions(), 'manager', { method: 'POST', body }),
      w.api(sessions(), 'admin', { method: 'POST', body }),
      asEditor2(sessions(), body),
    ]);
    expect(codesOf(results)).toEqual([201, '409 EDIT_SESSION_OWNED', '409 EDIT_SESSION_OWNED', '409 EDIT_SESSION_OWNED']);
    const winner = results.find((result) => result.status === 201)!.json.data;
    expect((await liveOf(nid)).map((item) => item.id)).toEqual([winner.id]);
    expect((await w.claimOf(nid))?.session_id).toBe(winner.id);
    // Only the winner started a session; a start that lost a race for the claim says so.
    const starts = (await projectAudit(w.t, w.pid)).filter((entry) => entry.event === 'session.start' && entry.metadata?.notebook_id === nid);
    expect(starts.map((entry) => entry.metadata?.session_id)).toEqual([winner.id]);
    const lines = w.provisionLines().filter((line) => line.notebook_id === nid);
    for (const line of lines.filter((candidate) => candidate.session_id !== winner.id)) {
      expect(line).toMatchObject({ editor_claim_lost: true, editor_claim_lost_phase: 'claim', provision_error_code: 'EDIT_SESSION_OWNED' });
      expect(line).not.toHaveProperty('session_id');
    }
    await stopAll(nid);
  }, 120_000);

  it('lets exactly one of two racing takeovers through', async () => {
    const nid = await w.notebook('Raced takeover');
    const first = await w.start('editor', { notebook_id: nid, mode: 'edit' });
    expect(first.status, first.text).toBe(201);
    const body = { notebook_id: nid, mode: 'edit', takeover_from: first.json.data.id, wait: false };
    const results = await Promise.all([w.api(sessions(), 'manager', { method: 'POST', body }), w.api(sessions(), 'admin', { method: 'POST', body })]);

    const winners = results.filter((result) => result.status === 201);
    expect(winners, results.map((result) => result.text).join('\n')).toHaveLength(1);
    const loser = results.find((result) => result.status !== 201)!;
    expect(loser.status).toBe(409);
    expect(['TAKEOVER_IN_PROGRESS', 'EDIT_SESSION_CHANGED']).toContain(loser.json.error.code);
    expect((await w.api(`${sessions()}/${first.json.data.id}`, 'editor')).json.data).toMatchObject({ state: 'stopped', stop_reason: 'takeover' });
    expect((await liveOf(nid)).map((item) => item.id)).toEqual([winners[0]!.json.data.id]);
    const takeovers = (await projectAudit(w.t, w.pid)).filter((entry) => entry.event === 'session.takeover' && entry.metadata?.notebook_id === nid);
    expect(takeovers).toHaveLength(1);
    await stopAll(nid);
  }, 120_000);

  it('refuses a takeover while another one is under way, and one naming a session that is gone', async () => {
    const nid = await w.notebook('Held takeover');
    const first = await w.start('editor', { notebook_id: nid, mode: 'edit' });
    expect(first.status, first.text).toBe(201);
    const sid = first.json.data.id as string;
    await w.writeNotebook(sid, GATED);
    const body = { notebook_id: nid, mode: 'edit', takeover_from: sid, wait: false };
    const winning = w.api(sessions(), 'manager', { method: 'POST', body });
    // The first takeover is saving the session it stops; the gate holds it there.
    await eventually(
      () => w.claimOf(nid),
      (claim) => claim?.state === 'retiring',
      60_000,
    );
    const second = await w.api(sessions(), 'admin', { method: 'POST', body });
    expect(second.status, second.text).toBe(409);
    expect(second.json.error.code).toBe('TAKEOVER_IN_PROGRESS');

    await w.t.hub.services.sandboxes.writeFile(await w.sandboxOf(sid), 'release.flag', '');
    const won = await winning;
    expect(won.status, won.text).toBe(201);
    const late = await w.api(sessions(), 'admin', { method: 'POST', body });
    expect(late.status, late.text).toBe(409);
    expect(late.json.error.code).toBe('EDIT_SESSION_CHANGED');
    expect((await liveOf(nid)).map((item) => item.id)).toEqual([won.json.data.id]);
    await stopAll(nid);
  }, 120_000);

  it("lets the notebook's author take over though not a manager, and refuses an editor who is neither", async () => {
    const created = await w.api(`/api/v1/projects/${w.pid}/notebooks`, 'editor', { method: 'POST', body: { title: "The editor's own" } });
    expect(created.status, created.text).toBe(201);
    const own = created.json.data.meta.id as string;
    const held = await asEditor2(sessions(), { notebook_id: own, mode: 'edit', wait: true });
    expect(held.status, held.text).toBe(201);
    const byAuthor = await w.start('editor', { notebook_id: own, mode: 'edit', takeover_from: held.json.data.id });
    expect(byAuthor.status, byAuthor.text).toBe(201);
    expect(byAuthor.json.data.user_id).toBe(w.userIds.editor);

    // The world's notebooks are the admin's: the second editor may neither take this one over
    // nor, refused, have stopped anything.
    const refused = await asEditor2(sessions(), { notebook_id: own, mode: 'edit', takeover_from: byAuthor.json.data.id, wait: true });
    expect(refused.status, refused.text).toBe(403);
    expect(refused.json.error.code).toBe('FORBIDDEN');
    const notOwn = await w.start('editor', { notebook_id: w.nid, mode: 'edit' });
    const refusedOther = await asEditor2(sessions(), { notebook_id: w.nid, mode: 'edit', takeover_from: notOwn.json.data.id, wait: true });
    expect(refusedOther.status).toBe(403);
    expect(refusedOther.json.error.code).toBe('FORBIDDEN');
    for (const sid of [byAuthor.json.data.id, notOwn.json.data.id]) expect((await w.api(`${sessions()}/${sid}`, 'editor')).json.data.state).toBe('running');
    await stopAll(own);
    await stopAll(w.nid);
  }, 120_000);
});

describe.skipIf(sandboxRuntime === null)('session limits under concurrent starts', () => {
  let w: CoreWorld;
  beforeAll(async () => {
    w = await startCoreWorld({ SERVICE_MAX_SESSIONS_PER_USER: '2', SERVICE_MAX_APPS_PER_PROJECT: '2' });
  });
  afterAll(() => w?.close());

  const sessions = () => `/api/v1/projects/${w.pid}/sessions`;
  const startAll = async (who: 'editor' | 'manager' | 'admin' | 'viewer', nids: string[], mode: 'edit' | 'app') =>
    Promise.all(nids.map((nid) => w.api(sessions(), who, { method: 'POST', body: { notebook_id: nid, mode } })));
  const notebooks = async (prefix: string, count: number) => Promise.all(Array.from({ length: count }, (_, index) => w.notebook(`${prefix} ${index}`)));
  const startsOf = async (nids: string[]) =>
    (await projectAudit(w.t, w.pid)).filter((entry) => entry.event === 'session.start' && nids.includes(entry.metadata?.notebook_id as string));

  it('lets exactly SERVICE_MAX_SESSIONS_PER_USER of one user\u2019s concurrent starts through', async () => {
    const nids = await notebooks('Mine', 5);
    const results = await startAll('editor', nids, 'edit');
    expect(codesOf(results)).toEqual([201, 201, '429 RESOURCE_EXHAUSTED', '429 RESOURCE_EXHAUSTED', '429 RESOURCE_EXHAUSTED']);
    // A refused start leaves nothing: no session, no claim, no audit event.
    const started = results.filter((result) => result.status === 201).map((result) => result.json.data.id as string);
    const listed = (await w.api(`${sessions()}?limit=100`, 'admin')).json.data.items as { id: string; notebook_id: string }[];
    expect(
      listed
        .filter((item) => nids.includes(item.notebook_id))
        .map((item) => item.id)
        .sort(),
    ).toEqual([...started].sort());
    for (const [index, result] of results.entries()) if (result.status === 429) expect(await w.claimOf(nids[index]!)).toBeNull();
    expect(await startsOf(nids)).toHaveLength(2);

    // A stopped session makes room for exactly one more.
    await w.api(`${sessions()}/${started[0]}/stop`, 'editor', { method: 'POST', body: { save: false } });
    const refused = nids.filter((_, index) => results[index]!.status === 429);
    expect(codesOf(await startAll('editor', refused, 'edit'))).toEqual([201, '429 RESOURCE_EXHAUSTED', '429 RESOURCE_EXHAUSTED']);
  }, 120_000);

  it("lets exactly max_apps_per_project of a project's concurrent app starts through", async () => {
    const nids = await notebooks('App', 5);
    // Two starts per user, so the per-user limit (also 2) is never what refuses them.
    const results = (
      await Promise.all([startAll('manager', nids.slice(0, 2), 'app'), startAll('admin', nids.slice(2, 4), 'app'), startAll('viewer', nids.slice(4), 'app')])
    ).flat();
    expect(codesOf(results)).toEqual([201, 201, '429 RESOURCE_EXHAUSTED', '429 RESOURCE_EXHAUSTED', '429 RESOURCE_EXHAUSTED']);
    for (const result of results.filter((candidate) => candidate.status === 429)) expect(result.json.error.message).toContain('app(s)');
    expect(await startsOf(nids)).toHaveLength(2);
    const listed = (await w.api(`${sessions()}?limit=100`, 'admin')).json.data.items as { notebook_id: string }[];
    expect(listed.filter((item) => nids.includes(item.notebook_id))).toHaveLength(2);
  }, 120_000);
});
