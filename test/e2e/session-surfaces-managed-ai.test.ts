import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAiEndpoint } from '../../sandbox-drivers/src/testing/fake-openai-endpoint.js';
import { grantCookieOf, surfaceProcesses, surfaceRequest } from '../support/surface-client.js';
import { sandboxRuntime, startSessionWorld, type SessionWorld } from '../support/session-world.js';
import { prerequisite } from '../setup/prerequisites.js';

const surfaceRuntime = prerequisite('surfaceRuntime');
const DEPLOYMENT_KEY = 'sk-deployment-key-never-in-a-sandbox';
const MODELS = ['hub-model', 'hub-model-large'];

/** The variable of a process environment (`/proc/<pid>/environ`), or undefined. */
function variableOf(environ: string, name: string): string | undefined {
  return environ
    .split('\0')
    .find((entry) => entry.startsWith(`${name}=`))
    ?.slice(name.length + 1);
}

describe.skipIf(sandboxRuntime === null || surfaceRuntime === null)("OpenCode's managed model through the hub (local driver, real OpenCode)", () => {
  let w: SessionWorld;
  let provider: Awaited<ReturnType<typeof startFakeOpenAiEndpoint>>;
  let sid: string;
  let credential: string;
  const aiUrl = (path: string) => `${w.t.url}/ai/v1/${path}`;
  const chat = (bearer: string, body: unknown) =>
    fetch(aiUrl('chat/completions'), {
      method: 'POST',
      headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  beforeAll(async () => {
    provider = await startFakeOpenAiEndpoint('Hello from the deployment model');
    w = await startSessionWorld({
      SERVICE_SURFACES: JSON.stringify([{ id: 'opencode', managed_ai: true }]),
      SERVICE_SURFACE_RUNTIME_DIR: surfaceRuntime!.dir,
      SERVICE_AI_BASE_URL: provider.baseUrl,
      SERVICE_AI_API_KEY: DEPLOYMENT_KEY,
      SERVICE_AI_MODELS: MODELS.join(','),
      // The provider runs on this machine: the deployment opens loopback for it (docs/outbound-requests.md).
      SERVICE_OUTBOUND_ALLOWED_NETWORKS: '127.0.0.1',
    });
    const started = await w.start('editor', { notebook_id: w.nid, mode: 'edit', wait: true });
    expect(started.json.data.state, started.text).toBe('running');
    sid = started.json.data.id as string;
  }, 120_000);
  afterAll(async () => {
    await w?.close();
    await provider?.close().catch(() => {});
  });

  it('answers a prompt in OpenCode through the hub, which adds the deployment key the sandbox never sees', async () => {
    const opened = await w.api(`/api/v1/projects/${w.pid}/sessions/${sid}/surfaces/opencode`, 'editor', { method: 'POST', body: {} });
    expect(opened.status, opened.text).toBe(200);
    expect(opened.json.data).toMatchObject({ state: 'running', notice: null });
    const grant = grantCookieOf(await surfaceRequest(opened.json.data.url as string));
    const origin = new URL(opened.json.data.url as string).origin;

    const providers = JSON.parse((await surfaceRequest(`${origin}/config/providers`, { cookie: grant })).text) as {
      providers: { id: string; models: Record<string, unknown> }[];
    };
    expect(providers.providers.map((entry) => entry.id)).toEqual(['notebook-hub']);
    expect(Object.keys(providers.providers[0]!.models).sort()).toEqual(MODELS);

    const session = JSON.parse((await surfaceRequest(`${origin}/session`, { cookie: grant, method: 'POST', json: {} })).text) as { id: string };
    const answer = await surfaceRequest(`${origin}/session/${session.id}/message`, {
      cookie: grant,
      method: 'POST',
      json: { parts: [{ type: 'text', text: 'Say hello' }] },
    });
    expect(answer.status, answer.text.slice(0, 300)).toBe(200);
    const message = JSON.parse(answer.text) as { info: { providerID: string; modelID: string }; parts: { type: string; text?: string }[] };
    expect(message.info).toMatchObject({ providerID: 'notebook-hub', modelID: 'hub-model' });
    expect(message.parts.filter((part) => part.type === 'text').map((part) => part.text)).toEqual(['Hello from the deployment model']);
    expect(provider.received.length).toBeGreaterThan(0);
    for (const request of provider.received) expect(request).toEqual({ authorization: `Bearer ${DEPLOYMENT_KEY}`, model: 'hub-model' });

    // OpenCode holds the session's own credential for the hub's endpoint, never the deployment's key.
    const record = (await w.t.hub.services.sessionStore.get(w.pid, sid))!;
    const processes = await surfaceProcesses(record.sandbox!.id, 'opencode');
    expect(processes.length).toBeGreaterThan(0);
    for (const process of processes) expect(process.environ).not.toContain(DEPLOYMENT_KEY);
    credential = variableOf(processes[0]!.environ, 'NOTEBOOK_HUB_AI_API_KEY')!;
    expect(credential).toMatch(new RegExp(`^nbhai\\.${w.pid}\\.${sid}\\.`));
    expect(variableOf(processes[0]!.environ, 'OPENCODE_CONFIG_CONTENT')).toContain(`${w.t.url}/ai/v1`);

    // Each call is in the project's audit log, with its session and model.
    const audit = await w.api(`/api/v1/projects/${w.pid}/events`, 'manager');
    const calls = (audit.json.data as { event: string; actor: string; metadata: Record<string, unknown> }[]).filter(
      (entry) => entry.event === 'session.ai.request',
    );
    expect(calls.length).toBe(provider.received.length);
    expect(calls[0]).toMatchObject({ actor: w.userIds.editor, metadata: { session_id: sid, model: 'hub-model', status: 200 } });
  }, 120_000);

  it("serves the models offered, refuses other models and other credentials, and streams the provider's answer", async () => {
    const models = await fetch(aiUrl('models'), { headers: { authorization: `Bearer ${credential}` } });
    expect(models.status).toBe(200);
    expect(((await models.json()) as { data: { id: string }[] }).data.map((model) => model.id)).toEqual(MODELS);

    const received = provider.received.length;
    const other = await chat(credential, { model: 'gpt-elsewhere', messages: [] });
    expect(other.status).toBe(422);
    expect(((await other.json()) as { error: { code: string; message: string } }).error).toMatchObject({ code: 'VALIDATION_ERROR' });
    for (const bearer of [DEPLOYMENT_KEY, w.tokens.editor, `${credential.slice(0, -2)}xx`, `nbhai.${w.pid}.${sid}`]) {
      const refused = await chat(bearer, { model: 'hub-model', messages: [] });
      expect(refused.status, bearer.slice(0, 12)).toBe(401);
    }
    expect((await fetch(aiUrl('models'))).status).toBe(401);
    expect(provider.received.length).toBe(received);

    const streamed = await chat(credential, { model: 'hub-model-large', stream: true, messages: [{ role: 'user', content: 'hi' }] });
    expect(streamed.status).toBe(200);
    expect(streamed.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const events = await streamed.text();
    expect(events).toContain('Hello from the deployment model');
    expect(events.trim().endsWith('data: [DONE]')).toBe(true);
    expect(provider.received.at(-1)).toEqual({ authorization: `Bearer ${DEPLOYMENT_KEY}`, model: 'hub-model-large' });
  }, 60_000);

  it('stops honouring the credential when OpenCode stops, and for good when the session ends', async () => {
    const surface = `/api/v1/projects/${w.pid}/sessions/${sid}/surfaces/opencode`;
    expect((await w.api(surface, 'editor', { method: 'DELETE' })).status).toBe(200);
    expect((await chat(credential, { model: 'hub-model', messages: [] })).status).toBe(401);

    // A new start of OpenCode gets a new credential; the session's end ends it too.
    expect((await w.api(surface, 'editor', { method: 'POST', body: {} })).json.data.state).toBe('running');
    const record = (await w.t.hub.services.sessionStore.get(w.pid, sid))!;
    const fresh = variableOf((await surfaceProcesses(record.sandbox!.id, 'opencode'))[0]!.environ, 'NOTEBOOK_HUB_AI_API_KEY')!;
    expect(fresh).not.toBe(credential);
    expect((await chat(fresh, { model: 'hub-model', messages: [{ role: 'user', content: 'hi' }] })).status).toBe(200);
    // A provider that is gone: the caller learns so, and the audit log has the failed call.
    await provider.close();
    const unanswered = await chat(fresh, { model: 'hub-model', messages: [] });
    expect(unanswered.status).toBe(503);
    expect(((await unanswered.json()) as { error: { message: string } }).error.message).toMatch(/^the AI provider did not answer/);
    const audit = await w.api(`/api/v1/projects/${w.pid}/events`, 'manager');
    const failedCalls = (audit.json.data as { event: string; metadata: Record<string, unknown> }[]).filter(
      (entry) => entry.event === 'session.ai.request' && entry.metadata.status === null,
    );
    expect(failedCalls).toEqual([expect.objectContaining({ metadata: expect.objectContaining({ session_id: sid, error: expect.any(String) }) })]);
    const stopped = await w.api(`/api/v1/projects/${w.pid}/sessions/${sid}/stop`, 'editor', { method: 'POST', body: {} });
    expect(stopped.status, stopped.text).toBeLessThan(300);
    expect((await chat(fresh, { model: 'hub-model', messages: [] })).status).toBe(401);
  }, 120_000);
});

describe.skipIf(sandboxRuntime === null || surfaceRuntime === null)('OpenCode with managed AI on a hub without a provider setting', () => {
  let w: SessionWorld;
  let provider: Awaited<ReturnType<typeof startFakeOpenAiEndpoint>> | null = null;
  beforeAll(async () => {
    w = await startSessionWorld({
      SERVICE_SURFACES: JSON.stringify([{ id: 'opencode', managed_ai: true }]),
      SERVICE_SURFACE_RUNTIME_DIR: surfaceRuntime!.dir,
      // For the organization's provider of the second test, on this machine.
      SERVICE_OUTBOUND_ALLOWED_NETWORKS: '127.0.0.1',
    });
  }, 120_000);
  afterAll(async () => {
    await w?.close();
    await provider?.close().catch(() => {});
  });

  it('opens with no managed model, and the surface says why', async () => {
    const started = await w.start('editor', { notebook_id: w.nid, mode: 'edit', wait: true });
    const sid = started.json.data.id as string;
    const listed = await w.api(`/api/v1/projects/${w.pid}/sessions/${sid}/surfaces`, 'editor');
    expect(listed.json.data[0].notice).toMatch(/no managed model: this hub has no AI provider configured \(SERVICE_AI_BASE_URL/);
    const opened = await w.api(`/api/v1/projects/${w.pid}/sessions/${sid}/surfaces/opencode`, 'editor', { method: 'POST', body: {} });
    expect(opened.json.data).toMatchObject({ state: 'running', notice: listed.json.data[0].notice });
    const grant = grantCookieOf(await surfaceRequest(opened.json.data.url as string));
    const providers = JSON.parse((await surfaceRequest(`${new URL(opened.json.data.url as string).origin}/config/providers`, { cookie: grant })).text) as {
      providers: { id: string }[];
    };
    expect(providers.providers.map((entry) => entry.id)).not.toContain('notebook-hub');
    const record = (await w.t.hub.services.sessionStore.get(w.pid, sid))!;
    for (const process of await surfaceProcesses(record.sandbox!.id, 'opencode'))
      expect(variableOf(process.environ, 'NOTEBOOK_HUB_AI_API_KEY')).toBeUndefined();
    expect((await fetch(`${w.t.url}/ai/v1/models`, { headers: { authorization: 'Bearer nbhai.a.b.c' } })).status).toBe(503);
  }, 120_000);

  it("takes the organization's AI provider integration marked for managed AI: its key stays in the hub", async () => {
    provider = await startFakeOpenAiEndpoint('Hello from the organization model');
    const orgKey = 'sk-organization-key-never-in-a-sandbox';
    const admin = await w.t.tokenFor('ai-admin@sessions.test', { superAdmin: true });
    const created = await w.t.call('/api/v1/integrations', {
      method: 'POST',
      token: admin,
      body: {
        kind: 'openai',
        name: 'Team AI gateway',
        config: { base_url: provider.baseUrl, model: 'org-model', models: 'org-model-large', managed_ai: true },
        secrets: { api_key: { source: 'stored', value: orgKey } },
      },
    });
    expect(created.status, created.text).toBe(201);
    expect(created.text).not.toContain(orgKey);

    // A session of its own: the first test's OpenCode started before there was a provider.
    const started = await w.start('editor', { notebook_id: await w.notebook('With the organization model'), mode: 'edit', wait: true });
    const sid = started.json.data.id as string;
    const opened = await w.api(`/api/v1/projects/${w.pid}/sessions/${sid}/surfaces/opencode`, 'editor', { method: 'POST', body: {} });
    expect(opened.json.data, opened.text).toMatchObject({ state: 'running', notice: null });
    const record = (await w.t.hub.services.sessionStore.get(w.pid, sid))!;
    const processes = await surfaceProcesses(record.sandbox!.id, 'opencode');
    for (const process of processes) expect(process.environ).not.toContain(orgKey);
    const credential = variableOf(processes[0]!.environ, 'NOTEBOOK_HUB_AI_API_KEY')!;
    expect(credential).toMatch(new RegExp(`^nbhai\\.${w.pid}\\.${sid}\\.`));

    const models = await fetch(`${w.t.url}/ai/v1/models`, { headers: { authorization: `Bearer ${credential}` } });
    expect(((await models.json()) as { data: { id: string }[] }).data.map((model) => model.id)).toEqual(['org-model', 'org-model-large']);
    const answer = await fetch(`${w.t.url}/ai/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${credential}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'org-model', messages: [{ role: 'user', content: 'hi' }] }),
    });
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain('Hello from the organization model');
    expect(provider.received.at(-1)).toEqual({ authorization: `Bearer ${orgKey}`, model: 'org-model' });
  }, 120_000);
});
