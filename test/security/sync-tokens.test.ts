import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gitNotebookSource } from '../support/git-notebook.js';
import { startGitServer, type GitServer } from '../support/git-server.js';
import { startSessionWorld, type SessionWorld } from '../support/session-world.js';

/** A push-mode notebook's sync token works only while the notebook is in push mode, and never again once it left. */
describe('sync tokens and the sync mode', () => {
  let w: SessionWorld;
  let git: GitServer;
  beforeAll(async () => {
    git = await startGitServer();
    await git.createRepository('pushed', { files: { 'notebook.py': gitNotebookSource('one') } });
    // No session runs here: the hub needs no sandbox runtime.
    w = await startSessionWorld({ SERVICE_GIT_ALLOW_HTTP: 'true' }, { driverEnv: {} });
  }, 60_000);
  afterAll(async () => {
    await w?.close();
    await git?.close();
  });

  it('refuses the token once the notebook leaves push mode, and after it comes back; only a newly issued one works', async () => {
    const created = await w.api(`/api/v1/projects/${w.pid}/git-notebooks`, 'editor', {
      method: 'POST',
      body: { title: 'Pushed', repo: git.url('pushed'), branch: 'main', entry_notebook: 'notebook.py', sync_mode: 'push' },
    });
    expect(created.status, created.text).toBe(201);
    const { sync_url: syncUrl, sync_token: firstToken } = created.json.data as { sync_url: string; sync_token: string };
    const nid = created.json.data.notebook.meta.id as string;
    const source = `/api/v1/projects/${w.pid}/notebooks/${nid}/source`;
    const callSyncUrl = async (token: string) => (await fetch(syncUrl, { method: 'POST', headers: { authorization: `Bearer ${token}` } })).status;
    const switchTo = async (mode: 'pull' | 'push') => {
      const changed = await w.api(source, 'editor', { method: 'PATCH', body: { sync_mode: mode } });
      expect(changed.json.data?.source.sync_mode, changed.text).toBe(mode);
    };

    expect(await callSyncUrl(firstToken)).toBe(200);
    await switchTo('pull');
    expect(await callSyncUrl(firstToken)).toBe(401);
    await switchTo('push');
    expect(await callSyncUrl(firstToken)).toBe(401);

    const issued = await w.api(`${source}/sync-token`, 'editor', { method: 'POST' });
    expect(issued.status, issued.text).toBe(200);
    const secondToken = issued.json.data.sync_token as string;
    expect(secondToken).not.toBe(firstToken);
    expect(await callSyncUrl(secondToken)).toBe(200);
    expect(await callSyncUrl(firstToken)).toBe(401);

    // Leaving push mode again ends the new one too.
    await switchTo('pull');
    expect(await callSyncUrl(secondToken)).toBe(401);
  }, 60_000);
});
