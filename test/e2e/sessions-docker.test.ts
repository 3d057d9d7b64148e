import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIAGNOSTIC_BENCHMARK_PACKAGE } from '../../sandbox-drivers/runtime/pins.js';
import { LABEL } from '../../sandbox-drivers/src/docker/labels.js';
import { dockerProvisioned, startDockerSessionWorld, type DockerSessionWorld } from '../support/docker-session-world.js';
import type { MarimoConnection } from '../support/marimo-client.js';
import { editThroughProxy, eventually } from '../support/session-world.js';

/**
 * An app that needs what only a working container gives it: a PEP 723 dependency installed by uv
 * inside the container (the package is the one the start-up diagnostic installs, absent from the
 * image) and a workspace file copied in through the engine's archive API.
 */
const APP = `# /// script
# requires-python = ">=3.10"
# dependencies = [
#     "${DIAGNOSTIC_BENCHMARK_PACKAGE}",
# ]
# ///
import marimo

app = marimo.App()


@app.cell
def _():
    import marimo as mo
    import six
    greeting = open("data/greeting.txt").read().strip()
    mo.md(f"{greeting}-with-six-{six.__version__}")
    return


if __name__ == "__main__":
    app.run()
`;

/** Waits until the kernel has sent a message whose text contains `marker` (cell output, say). */
async function outputContaining(kernel: MarimoConnection, marker: string, timeoutMs = 60_000): Promise<boolean> {
  const found = await eventually(
    async () => kernel.messages.some((message) => JSON.stringify(message.data).includes(marker)),
    (seen) => seen,
    timeoutMs,
  );
  if (!found) throw new Error(`no kernel message contains ${marker} (got ${kernel.messages.map((message) => message.op).join(', ')})`);
  return found;
}

describe.skipIf(dockerProvisioned === null)('sessions with real marimo (docker driver)', () => {
  let w: DockerSessionWorld;
  beforeAll(async () => {
    w = await startDockerSessionWorld(dockerProvisioned!);
  });
  afterAll(async () => {
    await w?.close();
    // close() removes what is left; this proves it, so a leak fails the run instead of piling up.
    if (w) expect(await w.containers()).toEqual([]);
  });

  it('runs an edit session in a container behind the proxy, saves edits as versions, and removes the container on stop', async () => {
    const { t, pid, nid } = w;
    const started = await w.start('admin', { notebook_id: nid, mode: 'edit' });
    expect(started.status, started.text).toBe(201);
    const session = started.json.data;
    expect(session, started.text).toMatchObject({ state: 'running', phase: 'ready', mode: 'edit', url: `/s/${session.id}/` });

    // One container, labelled with the session, its port on 127.0.0.1 only.
    const [container, ...others] = await w.containers(session.id);
    expect(others).toEqual([]);
    expect(container!.State).toBe('running');
    expect(container!.Labels).toMatchObject({ [`${LABEL.userPrefix}session_id`]: session.id, [`${LABEL.userPrefix}mode`]: 'edit' });
    expect(container!.Ports.length).toBeGreaterThan(0);
    for (const port of container!.Ports) expect(port.IP).toBe('127.0.0.1');
    // marimo got the session secret on stdin: it is on no command line in the container...
    const record = await t.hub.services.sessionStore.get(pid, session.id);
    const processes = await w.engine.getContainer(container!.Id).top({ ps_args: '-eo pid,args' });
    expect(processes.Processes.flat().join('\n')).toMatch(/marimo edit/);
    expect(processes.Processes.flat().join('\n')).not.toContain(record!.secret);
    // ...and without it the published port gives nothing away but the health check.
    const direct = `http://${record!.endpoint!.host}:${record!.endpoint!.port}/s/${session.id}`;
    expect((await fetch(`${direct}/health`)).status).toBe(200);
    expect((await fetch(`${direct}/`, { redirect: 'manual' })).status).not.toBe(200);

    (await editThroughProxy(w, 'admin', session.id, 'import marimo as mo\nanswer = 42')).close();

    const saved = await w.api(`/api/v1/projects/${pid}/sessions/${session.id}/save`, 'admin', { method: 'POST', body: { message: 'edited in a container' } });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json.data).toMatchObject({ saved: true, version: { message: 'edited in a container' } });
    const versionId = saved.json.data.version.version_id as string;
    expect((await w.api(`/api/v1/projects/${pid}/notebooks/${nid}/versions/${versionId}/code`, 'admin')).text).toContain('answer = 42');

    // The HTML snapshot is rendered by marimo in the same container.
    const snapshot = await eventually(
      () => w.api(`/api/v1/projects/${pid}/notebooks/${nid}/html`, 'admin'),
      (response) => response.headers.get('x-notebook-version') === versionId,
      60_000,
    );
    expect(snapshot.status, snapshot.text.slice(0, 500)).toBe(200);
    expect(snapshot.headers.get('x-notebook-version')).toBe(versionId);
    expect(snapshot.text).toMatch(/<html/i);
    expect(snapshot.text).toContain('answer = 42');

    // Stopping reads the last edit out of the container before removing it.
    const again = await w.kernel('admin', session.id);
    await w.editInMarimo('admin', session.id, again, 'import marimo as mo\nanswer = 43');
    again.close();
    const stopped = await w.api(`/api/v1/projects/${pid}/sessions/${session.id}/stop`, 'admin', { method: 'POST' });
    expect(stopped.json.data, stopped.text).toMatchObject({ state: 'stopped', stop_reason: 'user' });
    const [latest] = (await w.api(`/api/v1/projects/${pid}/notebooks/${nid}/versions`, 'admin')).json.data.items;
    expect(latest.message).toBe('Saved when the session stopped (user)');
    expect((await w.api(`/api/v1/projects/${pid}/notebooks/${nid}/versions/${latest.version_id}/code`, 'admin')).text).toContain('answer = 43');
    expect((await t.hub.services.sessionStore.get(pid, session.id))!.sandbox_released).toBe(true);
    expect(await w.containers(session.id)).toEqual([]);
    expect((await t.hub.services.sandboxes.list()).map((sandbox) => sandbox.id)).not.toContain(record!.sandbox!.id);
    expect([404, 410]).toContain((await w.api(`/s/${session.id}/`, 'admin')).status);
  }, 240_000);

  it('serves a viewer an app whose dependencies and workspace files are in its container', async () => {
    const { t, pid } = w;
    const created = await w.api(`/api/v1/projects/${pid}/notebooks`, 'editor', { method: 'POST', body: { title: 'Greeting', code: APP } });
    expect(created.status, created.text).toBe(201);
    const nid = created.json.data.meta.id as string;
    const upload = await w.api(`/api/v1/projects/${pid}/notebooks/${nid}/workspace/files?path=data%2Fgreeting.txt`, 'editor', {
      method: 'PUT',
      body: 'hello-from-the-workspace\n',
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(upload.status, upload.text).toBeLessThan(300);

    const started = await w.start('viewer', { notebook_id: nid, mode: 'app' });
    expect(started.status, started.text).toBe(201);
    const session = started.json.data;
    expect(session, started.text).toMatchObject({ mode: 'app', state: 'running' });
    expect(await w.containers(session.id)).toHaveLength(1);

    const page = await w.api(`/s/${session.id}/`, 'viewer');
    expect(page.status).toBe(200);
    expect(page.text).toMatch(/marimo/i);
    const kernel = await w.kernel('viewer', session.id);
    try {
      await kernel.waitFor('kernel-ready');
      const version = DIAGNOSTIC_BENCHMARK_PACKAGE.split('==')[1]!;
      expect(await outputContaining(kernel, `hello-from-the-workspace-with-six-${version}`)).toBe(true);
    } finally {
      kernel.close();
    }
    // A viewer may use the app but not edit the notebook.
    expect([403, 404]).toContain((await w.start('viewer', { notebook_id: nid, mode: 'edit' })).status);
    expect((await t.call(`/s/${session.id}/`)).status).toBe(401);

    const stopped = await w.api(`/api/v1/projects/${pid}/sessions/${session.id}/stop`, 'manager', { method: 'POST' });
    expect(stopped.json.data?.state, stopped.text).toBe('stopped');
    expect(await w.containers(session.id)).toEqual([]);
  }, 240_000);
});
