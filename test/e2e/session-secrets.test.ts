import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filesContaining } from '../support/data-dir-grep.js';
import { createJob, jobsPath, runToEnd } from '../support/job-world.js';
import {
  expectedReport,
  FakeWarehouseRendering,
  kernelShows,
  newSecretValues,
  RECEIVED,
  runAllCells,
  saveCode,
  SECRETS_NOTEBOOK,
  storeApiKey,
} from '../support/secrets-world.js';
import { eventually, sandboxRuntime, startSessionWorld, type SessionWorld } from '../support/session-world.js';

/** The local driver's directory of a sandbox's secrets (docs/sandboxes.md, "Local driver"). */
const localSecretsDir = (sandboxId: string) =>
  path.join(existsSync('/dev/shm') ? '/dev/shm' : os.tmpdir(), `notebook-hub-secrets-${process.getuid!()}`, sandboxId);

describe.skipIf(sandboxRuntime === null)('a notebook reads the project secrets and integrations its sandbox receives (local driver)', () => {
  let w: SessionWorld;
  let nid: string;
  const values = newSecretValues();
  const everyValue = [values.apiKey, values.token, values.databaseUrl, values.certificate.split('\n')[1]!];
  let rendering: FakeWarehouseRendering;
  beforeAll(async () => {
    w = await startSessionWorld({ SERVICE_JOBS: 'on' }, { captureLogs: true, projectName: 'Secrets' });
    rendering = new FakeWarehouseRendering(values);
    w.t.hub.services.workloadAssembler.useIntegrations(rendering);
    await storeApiKey(w, values);
    nid = await w.notebook('Reads secrets');
    await saveCode(w, nid, SECRETS_NOTEBOOK);
  }, 120_000);
  afterAll(async () => {
    await w?.close();
  });

  it("runs an editor's session with them in marimo's kernel, says what it received, and saves and snapshots none of them", async () => {
    const started = await w.start('editor', { notebook_id: nid, mode: 'edit' });
    expect(started.status, started.text).toBe(201);
    const session = started.json.data;
    expect(session, JSON.stringify(session.failure)).toMatchObject({ state: 'running', warm: false, received: RECEIVED });
    expect(rendering.requests.at(-1)).toMatchObject({ projectId: w.pid, notebookId: nid, userId: w.userIds.editor, mode: 'edit', use: 'all' });

    const kernel = await w.kernel('editor', session.id);
    try {
      await runAllCells(w, 'editor', session.id, kernel);
      expect(await kernelShows(kernel, expectedReport(values))).toBe(true);
      // A change saved in marimo, then saved as a version: the workspace and the notebook go back to the hub.
      const ready = (await kernel.waitFor('kernel-ready')).data as { codes: string[] };
      await w.editInMarimo('editor', session.id, kernel, `${ready.codes[0]}\n# saved from the session`);
    } finally {
      kernel.close();
    }
    const saved = await w.api(`/api/v1/projects/${w.pid}/sessions/${session.id}/save`, 'editor', { method: 'POST', body: { message: 'read secrets' } });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json.data.saved).toBe(true);
    // The snapshot is the notebook run in the session's sandbox: it shows what the notebook read there.
    const snapshot = await eventually(
      () => w.api(`/api/v1/projects/${w.pid}/notebooks/${nid}/html`, 'viewer'),
      (answer) => answer.status === 200 && answer.text.includes(expectedReport(values)),
      90_000,
    );
    expect(snapshot.text).toContain(expectedReport(values));

    const stopped = await w.api(`/api/v1/projects/${w.pid}/sessions/${session.id}/stop`, 'editor', { method: 'POST', body: { save: true } });
    expect(stopped.json.data.state).toBe('stopped');
    const record = await eventually(
      () => w.t.hub.services.sessionStore.get(w.pid, session.id),
      (current) => current?.sandbox_released === true,
    );
    expect(existsSync(localSecretsDir(record!.sandbox!.id))).toBe(false);
    expect(await filesContaining(w.t.dataDir, everyValue)).toEqual([]);
  }, 240_000);

  it('runs a job triggered by the editor with them too, its log naming what it received', async () => {
    const jobId = await createJob(w, nid, { name: 'Reads secrets' });
    const triggered = await w.api(`${jobsPath(w, nid)}/${jobId}/runs`, 'editor', { method: 'POST', body: {} });
    expect(triggered.status, triggered.text).toBe(201);
    const run = await runToEnd(w, nid, jobId, triggered.json.data.id);
    expect(run.state, JSON.stringify(run.error)).toBe('succeeded');
    expect(rendering.requests.at(-1)).toMatchObject({ userId: w.userIds.editor, mode: 'run', runId: run.id });
    const output = await w.api(`${jobsPath(w, nid)}/${jobId}/runs/${run.id}/output`, 'viewer');
    expect(output.text).toContain(expectedReport(values));
    const log = await w.api(`${jobsPath(w, nid)}/${jobId}/runs/${run.id}/logs`, 'viewer');
    expect(log.text).toContain('The sandbox receives secrets API_KEY; integration warehouse (postgres: WAREHOUSE_URL, WAREHOUSE_TOKEN, WAREHOUSE_CA_FILE)');
    expect(await filesContaining(w.t.dataDir, everyValue)).toEqual([]);
  }, 240_000);

  it("gives a viewer's app nothing until the notebook's manager says apps receive them", async () => {
    const app = async () => {
      const started = await w.start('viewer', { notebook_id: nid, mode: 'app' });
      expect(started.status, started.text).toBe(201);
      const session = started.json.data;
      expect(session.state, JSON.stringify(session.failure)).toBe('running');
      const kernel = await w.kernel('viewer', session.id);
      return { session, kernel };
    };
    const plain = await app();
    try {
      expect(plain.session.received).toEqual({ integrations: [], secrets: [], unavailable: [], variables: [], federation_token: false });
      expect(await kernelShows(plain.kernel, 'dir-missing')).toBe(true);
    } finally {
      plain.kernel.close();
      await w.api(`/api/v1/projects/${w.pid}/sessions/${plain.session.id}/stop`, 'admin', { method: 'POST' });
    }

    const refused = await w.api(`/api/v1/projects/${w.pid}/notebooks/${nid}`, 'editor', { method: 'PATCH', body: { integrations: { in_apps: true } } });
    expect(refused.status).toBe(403);
    const allowed = await w.api(`/api/v1/projects/${w.pid}/notebooks/${nid}`, 'manager', { method: 'PATCH', body: { integrations: { in_apps: true } } });
    expect(allowed.json.data.meta.integrations).toEqual({ use: 'all', in_apps: true });
    const given = await app();
    try {
      expect(given.session.received).toEqual(RECEIVED);
      expect(await kernelShows(given.kernel, expectedReport(values))).toBe(true);
    } finally {
      given.kernel.close();
      await w.api(`/api/v1/projects/${w.pid}/sessions/${given.session.id}/stop`, 'admin', { method: 'POST' });
    }
    const logged = w.t.logs.map((line) => JSON.stringify(line)).join('\n');
    for (const value of everyValue) expect(logged).not.toContain(value);
  }, 240_000);
});
