import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { callTool } from '../support/mcp-calls.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectAudit } from '../support/alert-fixtures.js';
import { sandboxRuntime, startSessionWorld, type SessionWorld } from '../support/session-world.js';
import { startTestHub } from '../support/test-hub.js';

const NOTEBOOK = `import marimo

__generated_with = "0.0.0"
app = marimo.App()


@app.cell
def _():
    answer = 6 * 7
    answer
    return (answer,)


if __name__ == "__main__":
    app.run()
`;

/**
 * The MCP server at /mcp with the SDK's own client over Streamable HTTP and personal access tokens:
 * the tools mirror the REST routes (same policy, same audit events, same refusals), and a session
 * started through it is an `mcp` client's.
 */
describe.skipIf(sandboxRuntime === null)('the MCP server', () => {
  let w: SessionWorld;
  let outsider: string;
  const clients: Client[] = [];

  beforeAll(async () => {
    w = await startSessionWorld({ SERVICE_JOBS: 'on' }, { captureLogs: true });
    outsider = await w.t.tokenFor('someone.else@example.com');
  }, 120_000);
  afterAll(async () => {
    for (const client of clients) await client.close().catch(() => {});
    await w?.close();
  });

  const connect = async (token: string) => {
    const client = new Client({ name: 'notebook-hub-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${w.t.url}/mcp`), { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
    clients.push(client);
    return client;
  };
  const call = callTool;

  it('is a protected resource: no token or a wrong one is 401 with where to read about it; GET is not offered', async () => {
    const post = (headers: Record<string, string>) =>
      fetch(`${w.t.url}/mcp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      });
    const anonymous = await post({});
    expect(anonymous.status).toBe(401);
    const challenge = anonymous.headers.get('www-authenticate')!;
    expect(challenge).toBe(`Bearer resource_metadata="${w.t.url}/.well-known/oauth-protected-resource/mcp", scope="notebooks:read notebooks:write sessions"`);
    const wrong = await post({ authorization: 'Bearer svc_pat_not-a-token' });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('www-authenticate')).toContain('error="invalid_token"');
    // A browser's session cookie is not a credential here.
    const cookie = await w.t.localLogin();
    expect((await post({ cookie: `svc_session=${cookie}` })).status).toBe(401);

    const metadata = await (await fetch(`${w.t.url}/.well-known/oauth-protected-resource/mcp`)).json();
    expect(metadata).toMatchObject({ resource: `${w.t.url}/mcp`, authorization_servers: [w.t.url], bearer_methods_supported: ['header'] });
    const get = await fetch(`${w.t.url}/mcp`, { headers: { authorization: `Bearer ${w.tokens.editor}` } });
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
  });

  it('answers a client over its allowance per minute 429 with when to try again, and other clients still', async () => {
    const limited = await startTestHub({ env: { SERVICE_MCP_REQUESTS_PER_MINUTE: '3' } });
    try {
      const [one, two] = [await limited.tokenFor('one@example.com'), await limited.tokenFor('two@example.com')];
      const list = (token: string) =>
        fetch(`${limited.url}/mcp`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${token}` },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
        });
      for (let request = 0; request < 3; request++) expect((await list(one)).status).toBe(200);
      const refused = await list(one);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('RESOURCE_EXHAUSTED');
      expect((await list(two)).status).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('lists its tools, each with an input schema', async () => {
    const client = await connect(w.tokens.viewer);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(
      [
        'browse_objects',
        'create_notebook',
        'list_data_sources',
        'list_files',
        'list_integrations',
        'list_jobs',
        'list_my_sessions',
        'list_notebooks',
        'list_projects',
        'list_versions',
        'read_file',
        'read_notebook',
        'read_run_output',
        'read_snapshot',
        'read_version_code',
        'preview_data',
        'run_notebook',
        'run_query',
        'save_notebook',
        'search_notebooks',
        'search_projects',
        'start_session',
        'stop_session',
        'write_file',
      ].sort(),
    );
    for (const tool of tools) expect(tool.inputSchema.type, tool.name).toBe('object');
  });

  it("lists a project's integrations to its members, without a secret value", async () => {
    const secret = 'mcp-integration-password-81f3c2';
    await w.t.hub.services.integrations.create(
      { kind: 'project', projectId: w.pid },
      {
        kind: 'postgres',
        name: 'MCP DB',
        config: { host: 'db.example.com', database: 'd', user: 'u' },
        secrets: { password: { source: 'stored', value: secret } },
      },
      w.userIds.editor,
    );
    const listed = await call(await connect(w.tokens.viewer), 'list_integrations', { project_id: w.pid });
    expect(listed.isError, listed.text).toBe(false);
    expect(listed.json!.items).toMatchObject([
      { name: 'MCP DB', kind: 'postgres', env_prefix: 'MCP_DB', config: { password_set: true }, secrets: { password: { source: 'stored' } } },
    ]);
    expect(listed.text).not.toContain(secret);
    expect((await call(await connect(outsider), 'list_integrations', { project_id: w.pid })).text).toMatch(/^NOT_FOUND: /);
  });

  it("browses and previews a notebook's workspace files with the data tools, as the Data tab does", async () => {
    const path = encodeURIComponent('tables/points.csv');
    const uploaded = await w.api(`/api/v1/projects/${w.pid}/notebooks/${w.nid}/workspace/files?path=${path}`, 'editor', {
      method: 'PUT',
      body: new TextEncoder().encode('x,y\n1,2\n3,4\n'),
    });
    expect(uploaded.status, uploaded.text).toBeLessThan(300);
    const client = await connect(w.tokens.viewer);
    const sources = await call(client, 'list_data_sources', { project_id: w.pid });
    expect(sources.isError, sources.text).toBe(false);
    const browsed = await call(client, 'browse_objects', { project_id: w.pid, source_id: w.nid, prefix: 'tables/' });
    expect(browsed.json!.entries).toMatchObject([{ type: 'object', key: 'tables/points.csv', name: 'points.csv' }]);
    const preview = await call(client, 'preview_data', { project_id: w.pid, source_id: w.nid, key: 'tables/points.csv' });
    expect(preview.json).toMatchObject({
      kind: 'table',
      format: 'csv',
      rows: [
        [1, 2],
        [3, 4],
      ],
    });
    const noTable = await call(client, 'preview_data', { project_id: w.pid, source_id: w.nid });
    expect(noTable.text).toMatch(/^VALIDATION_ERROR: /);
    const query = await call(client, 'run_query', { project_id: w.pid, source_id: w.nid, sql: 'SELECT 1' });
    expect(query.text).toMatch(/^BAD_REQUEST: /);
    expect((await call(await connect(outsider), 'browse_objects', { project_id: w.pid, source_id: w.nid })).text).toMatch(/^NOT_FOUND: /);
  });

  it('finds, reads, creates and saves notebooks as an editor, with the REST routes’ audit events', async () => {
    const client = await connect(w.tokens.editor);
    const projects = await call(client, 'list_projects');
    expect(projects.json!.items.map((project: { id: string }) => project.id)).toContain(w.pid);

    const created = await call(client, 'create_notebook', { project_id: w.pid, title: 'From an assistant', code: NOTEBOOK });
    expect(created.isError, created.text).toBe(false);
    const nid = created.json!.meta.id as string;
    const listed = await call(client, 'list_notebooks', { project_id: w.pid });
    expect(listed.json!.items.map((entry: { id: string }) => entry.id)).toContain(nid);
    const found = await call(client, 'search_notebooks', { query: 'ASSISTANT from' });
    expect(found.json!.matches.map((match: { notebook: { id: string } }) => match.notebook.id)).toEqual([nid]);
    expect(found.json!.matches[0]).toMatchObject({ project_id: w.pid, project_name: expect.any(String) });
    expect((await call(client, 'search_notebooks', { query: 'assistant', project_id: w.pid })).json!.matches).toHaveLength(1);
    expect((await call(client, 'search_notebooks', { query: 'assistant nowhere' })).json!.matches).toEqual([]);

    const read = await call(client, 'read_notebook', { project_id: w.pid, notebook_id: nid });
    expect(read.json!.code).toBe(NOTEBOOK);
    const base = read.json!.source.current_version_id as string;
    const saved = await call(client, 'save_notebook', {
      project_id: w.pid,
      notebook_id: nid,
      code: NOTEBOOK.replace('6 * 7', '7 * 6'),
      base_version_id: base,
      message: 'Commuted',
    });
    expect(saved.isError, saved.text).toBe(false);
    expect(saved.json!.message).toBe('Commuted');
    // A save on top of an older version would overwrite someone's work: refused as the REST route refuses it.
    const stale = await call(client, 'save_notebook', { project_id: w.pid, notebook_id: nid, code: NOTEBOOK, base_version_id: base });
    expect(stale.isError).toBe(true);
    expect(stale.text).toMatch(/^CONFLICT: /);

    const versions = await call(client, 'list_versions', { project_id: w.pid, notebook_id: nid });
    expect(versions.json!.items.map((version: { version_id: string }) => version.version_id)).toEqual([saved.json!.version_id, base]);
    const old = await call(client, 'read_version_code', { project_id: w.pid, notebook_id: nid, version_id: base });
    expect(old.json!.code).toBe(NOTEBOOK);

    const audit = await projectAudit(w.t, w.pid);
    const byEditor = audit.filter((entry) => entry.raw.includes(w.userIds.editor) && entry.metadata.notebook_id === nid).map((entry) => entry.event);
    expect(byEditor).toEqual(expect.arrayContaining(['notebook.create', 'notebook.save']));
  });

  it("lists, writes and reads a notebook's workspace files", async () => {
    const client = await connect(w.tokens.editor);
    const ref = { project_id: w.pid, notebook_id: w.nid };
    const written = await call(client, 'write_file', { ...ref, path: 'data/values.csv', text: 'region,value\nnorth,1\n' });
    expect(written.isError, written.text).toBe(false);
    const top = await call(client, 'list_files', ref);
    expect(JSON.stringify(top.json)).toContain('"data"');
    const inside = await call(client, 'list_files', { ...ref, path: 'data' });
    expect(JSON.stringify(inside.json)).toContain('values.csv');
    const file = await call(client, 'read_file', { ...ref, path: 'data/values.csv' });
    expect(file.json).toMatchObject({ path: 'data/values.csv', text: 'region,value\nnorth,1\n' });
  });

  it('refuses what the REST routes refuse: a viewer cannot save, an outsider cannot learn the project exists, bad input is an error', async () => {
    const viewer = await connect(w.tokens.viewer);
    const current = (await call(viewer, 'read_notebook', { project_id: w.pid, notebook_id: w.nid })).json!;
    const refused = await call(viewer, 'save_notebook', {
      project_id: w.pid,
      notebook_id: w.nid,
      code: NOTEBOOK,
      base_version_id: current.source.current_version_id,
    });
    expect(refused.text).toMatch(/^FORBIDDEN: /);
    expect((await call(viewer, 'write_file', { project_id: w.pid, notebook_id: w.nid, path: 'x.txt', text: 'x' })).text).toMatch(/^FORBIDDEN: /);

    const stranger = await connect(outsider);
    const hidden = await call(stranger, 'read_notebook', { project_id: w.pid, notebook_id: w.nid });
    const missing = await call(stranger, 'read_notebook', { project_id: 'proj-00000000000000000000000000', notebook_id: w.nid });
    expect(hidden.text).toMatch(/^NOT_FOUND: /);
    expect(hidden.text.replace(w.pid, '<id>')).toBe(missing.text.replace('proj-00000000000000000000000000', '<id>'));
    expect((await call(stranger, 'list_projects')).json!.items).toEqual([]);
    expect((await call(stranger, 'search_notebooks', { query: 'assistant' })).json!.matches).toEqual([]);

    const malformed = await call(viewer, 'read_notebook', { project_id: w.pid });
    expect(malformed.isError).toBe(true);
    expect(malformed.text).toContain('notebook_id');
  });

  it('starts an app through MCP as an mcp client, with the URL to open it at, and stops it', async () => {
    const client = await connect(w.tokens.editor);
    const started = await call(client, 'start_session', { project_id: w.pid, notebook_id: w.nid, mode: 'app' });
    expect(started.isError, started.text).toBe(false);
    expect(started.json).toMatchObject({ state: 'running', mode: 'app' });
    const url = started.json!.url as string;
    expect(url).toBe(`${w.t.url}/s/${started.json!.id}/`);
    expect((await fetch(url, { headers: { authorization: `Bearer ${w.tokens.editor}` } })).status).toBe(200);
    const line = w.t.logs.find((entry) => entry.event === 'session_provision' && entry.session_id === started.json!.id);
    expect(line).toMatchObject({ client: 'mcp', outcome: 'ready' });
    const mine = await call(client, 'list_my_sessions');
    expect(mine.json!.map((entry: { id: string }) => entry.id)).toContain(started.json!.id);

    const stopped = await call(client, 'stop_session', { project_id: w.pid, session_id: started.json!.id });
    expect(stopped.isError, stopped.text).toBe(false);
    expect(['stopping', 'stopped']).toContain(stopped.json!.state);
  }, 120_000);

  it('runs a notebook headless through its "On demand" job and answers what its cells showed, as text', async () => {
    const client = await connect(w.tokens.editor);
    const created = await call(client, 'create_notebook', { project_id: w.pid, title: 'Run me', code: NOTEBOOK });
    const nid = created.json!.meta.id as string;
    // The scheduler's loop is off in this world: the test ticks it while the tool waits.
    let ran = false;
    const ticking = (async () => {
      while (!ran) {
        await w.t.hub.services.jobScheduler.tick(new AbortController().signal);
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    })();
    const result = await call(client, 'run_notebook', { project_id: w.pid, notebook_id: nid, wait_seconds: 55 }).finally(() => (ran = true));
    await ticking;
    expect(result.isError, result.text).toBe(false);
    expect(result.json).toMatchObject({ finished: true, run: { state: 'succeeded', trigger: 'manual' } });
    expect(result.json!.outputs).toContain('42');
    const jobs = await call(client, 'list_jobs', { project_id: w.pid, notebook_id: nid });
    expect(jobs.json!.items).toMatchObject([{ name: 'On demand', schedule: null, on_demand: true }]);
    // The run left the notebook's newest snapshot: its outputs as text.
    const snapshot = await call(client, 'read_snapshot', { project_id: w.pid, notebook_id: nid });
    expect(snapshot.isError, snapshot.text).toBe(false);
    expect(snapshot.json!.outputs).toContain('42');
    const resource = await client.readResource({ uri: `notebook-hub://projects/${w.pid}/notebooks/${nid}/outputs` });
    expect(resource.contents[0]).toMatchObject({ mimeType: 'text/plain', text: snapshot.json!.outputs });
    const again = await call(client, 'read_run_output', { project_id: w.pid, notebook_id: nid, job_id: result.json!.run.job_id, run_id: result.json!.run.id });
    expect(again.json!.outputs).toBe(result.json!.outputs);
    // A viewer may read runs but not start one.
    const viewer = await connect(w.tokens.viewer);
    expect((await call(viewer, 'run_notebook', { project_id: w.pid, notebook_id: nid, wait_seconds: 0 })).text).toMatch(/^FORBIDDEN: /);
    const audit = await projectAudit(w.t, w.pid);
    expect(audit.filter((entry) => entry.raw.includes(w.userIds.editor)).map((entry) => entry.event)).toEqual(
      expect.arrayContaining(['job.create', 'job.run.trigger']),
    );
  }, 120_000);

  it('searches projects and code, and offers notebooks as resources and prompts under the same policy', async () => {
    const client = await connect(w.tokens.editor);
    const created = await call(client, 'create_notebook', {
      project_id: w.pid,
      title: 'Plain title',
      code: NOTEBOOK.replace('answer = 6 * 7', 'zebra_count = 6 * 7'),
    });
    const nid = created.json!.meta.id as string;
    const project = (await call(client, 'read_notebook', { project_id: w.pid, notebook_id: nid })).json!;
    expect(project.meta.title).toBe('Plain title');
    const projects = await call(client, 'search_projects', { query: (await w.t.call(`/api/v1/projects/${w.pid}`, { token: w.tokens.editor })).json.data.name });
    expect(projects.json!.matches.map((entry: { id: string }) => entry.id)).toContain(w.pid);
    expect((await call(client, 'search_notebooks', { query: 'zebra_count' })).json!.matches).toEqual([]);
    const inCode = await call(client, 'search_notebooks', { query: 'zebra_count', in_code: true });
    expect(inCode.json!.matches).toMatchObject([{ notebook: { id: nid }, code_lines: [{ text: expect.stringContaining('zebra_count = 6 * 7') }] }]);

    const { resources } = await client.listResources();
    const uri = `notebook-hub://projects/${w.pid}/notebooks/${nid}/code`;
    expect(resources.map((resource) => resource.uri)).toContain(uri);
    const read = await client.readResource({ uri });
    expect(read.contents[0]).toMatchObject({ mimeType: 'text/x-python', text: expect.stringContaining('zebra_count') });
    // An outsider cannot read it, nor learn the project exists.
    const outsiderClient = await connect(outsider);
    await expect(outsiderClient.readResource({ uri })).rejects.toThrow(/NOT_FOUND/);
    expect((await outsiderClient.listResources()).resources.map((resource) => resource.uri)).not.toContain(uri);

    const { prompts } = await client.listPrompts();
    expect(prompts.map((prompt) => prompt.name).sort()).toEqual(['change_notebook', 'explain_notebook']);
    const explained = await client.getPrompt({ name: 'explain_notebook', arguments: { project_id: w.pid, notebook_id: nid } });
    expect(JSON.stringify(explained.messages)).toContain('zebra_count');
  });
});
