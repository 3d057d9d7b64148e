import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gitNotebookSource } from '../support/git-notebook.js';
import { startGitServer, type GitServer } from '../support/git-server.js';
import { startSessionWorld, type SessionWorld } from '../support/session-world.js';

/**
 * `source/refs` and `source/drift` are open to every member, viewers included, and each makes the
 * hub call the repository with the project's credentials: a user gets a bounded number of them
 * per minute and project (SERVICE_GIT_CALLS_PER_MINUTE).
 */
describe('Git calls a viewer can cause', () => {
  let w: SessionWorld;
  let git: GitServer;
  let nid: string;
  beforeAll(async () => {
    git = await startGitServer();
    await git.createRepository('analysis', { files: { 'notebook.py': gitNotebookSource('one') } });
    w = await startSessionWorld({ SERVICE_GIT_ALLOW_HTTP: 'true', SERVICE_GIT_CALLS_PER_MINUTE: '3' }, { driverEnv: {} });
    const created = await w.api(`/api/v1/projects/${w.pid}/git-notebooks`, 'editor', {
      method: 'POST',
      body: { title: 'Analysis', repo: git.url('analysis'), branch: 'main', entry_notebook: 'notebook.py' },
    });
    expect(created.status, created.text).toBe(201);
    nid = created.json.data.notebook.meta.id as string;
  }, 60_000);
  afterAll(async () => {
    await w?.close();
    await git?.close();
  });

  it('answers 429 with Retry-After once a user asked too often in a project; other users are not affected', async () => {
    const source = (part: string) => `/api/v1/projects/${w.pid}/notebooks/${nid}/source/${part}`;
    expect((await w.api(source('refs'), 'viewer')).status).toBe(200);
    expect((await w.api(source('drift'), 'viewer')).status).toBe(200);
    expect((await w.api(source('refs'), 'viewer')).status).toBe(200);
    const refused = await w.api(source('drift'), 'viewer');
    expect(refused.status).toBe(429);
    expect(refused.json.error.code).toBe('RESOURCE_EXHAUSTED');
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect((await w.api(source('refs'), 'viewer')).status).toBe(429);
    expect((await w.api(source('drift'), 'editor')).status).toBe(200);
    // Reads that stay in the hub are not limited.
    expect((await w.api(source('sync-health'), 'viewer')).status).toBe(200);
  });
});
