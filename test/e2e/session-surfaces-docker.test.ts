import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LABEL } from '../../sandbox-drivers/src/docker/labels.js';
import { dockerProvisioned, imageSurfacesMissing, startDockerSessionWorld, type DockerSessionWorld } from '../support/docker-session-world.js';
import {
  expectNoHubCredential,
  expectOpenCodeAnswers,
  expectPortsRefuseStrangers,
  expectWorkbenchConnects,
  openAndEnter,
  readThroughVsCode,
  surfaceProcessesIn,
  surfacesPath,
  writeThroughOpenCode,
  type EnteredSurface,
} from '../support/sandbox-surfaces.js';
import { eventually } from '../support/session-world.js';

const missing = dockerProvisioned === null ? 'no Docker engine' : await imageSurfacesMissing(dockerProvisioned, 'VS Code and OpenCode in a container');

/** VS Code and OpenCode run from the sandbox image in the session's container (docs/surfaces.md). */
describe.skipIf(missing !== null)('VS Code and OpenCode in an edit session (docker driver, real programs)', () => {
  let w: DockerSessionWorld;
  let sid: string;
  let sandboxId: string;
  let vscode: EnteredSurface;
  let opencode: EnteredSurface;

  beforeAll(async () => {
    w = await startDockerSessionWorld(dockerProvisioned!, {
      SERVICE_SURFACES: JSON.stringify([{ id: 'vscode' }, { id: 'opencode' }]),
      SERVICE_AUTOMATIC_THUMBNAILS: 'false',
    });
    const started = await w.start('editor', { notebook_id: w.nid, mode: 'edit' });
    expect(started.json.data?.state, started.text).toBe('running');
    sid = started.json.data.id as string;
    sandboxId = (await w.t.hub.services.sessionStore.get(w.pid, sid))!.sandbox!.id;
  }, 240_000);
  afterAll(async () => {
    await w?.close();
    if (w) expect(await w.containers()).toEqual([]);
  });

  it('publishes a port per surface on 127.0.0.1 only', async () => {
    const [container] = await w.containers(sid);
    const names = JSON.parse(container!.Labels[LABEL.ports]!) as Record<string, number>;
    expect(Object.keys(names)).toEqual(expect.arrayContaining(['surface-vscode', 'surface-opencode']));
    for (const name of ['surface-vscode', 'surface-opencode']) {
      const published = container!.Ports.filter((port) => port.PrivatePort === names[name]);
      expect(published.length, name).toBeGreaterThan(0);
      for (const port of published) expect(port.IP).toBe('127.0.0.1');
    }
  });

  it('opens VS Code: its workbench loads through the proxy and its WebSocket opens', async () => {
    vscode = await openAndEnter(w, sid, 'vscode', { path: 'notebook.py' });
    expect(vscode.location).toMatch(/^\/\?folder=%2Fworkspace&payload=/);
    await expectWorkbenchConnects(vscode);
  }, 180_000);

  it("opens OpenCode: its page and session list load, and a file it writes is VS Code's too and reaches the notebook's workspace", async () => {
    opencode = await openAndEnter(w, sid, 'opencode');
    await expectOpenCodeAnswers(opencode);
    await writeThroughOpenCode(opencode, 'from-opencode.txt', 'written in the container');
    // VS Code, beside it in the same sandbox, reads what OpenCode wrote.
    expect(await readThroughVsCode(vscode, '/workspace/from-opencode.txt')).toBe('written in the container');
    const saved = await w.api(`/api/v1/projects/${w.pid}/sessions/${sid}/save`, 'editor', { method: 'POST', body: {} });
    expect(saved.status, saved.text).toBe(200);
    const file = await w.api(`/api/v1/projects/${w.pid}/notebooks/${w.nid}/workspace/files?path=from-opencode.txt`, 'editor');
    expect(file.status, file.text).toBe(200);
    expect(file.text).toBe('written in the container');
  }, 180_000);

  it("keeps the hub's credentials out of the surface processes in the container, and callers without the hub out of their ports", async () => {
    const record = (await w.t.hub.services.sessionStore.get(w.pid, sid))!;
    const credentials = {
      'the session secret of marimo': record.secret,
      "the editor's token": w.tokens.editor,
      'the VS Code grant': vscode.grant.split('=')[1]!,
      'the OpenCode grant': opencode.grant.split('=')[1]!,
      'a ticket': vscode.ticket,
    };
    expectNoHubCredential(await surfaceProcessesIn(w, sandboxId, 'vscode'), credentials);
    expectNoHubCredential(await surfaceProcessesIn(w, sandboxId, 'opencode'), credentials);
    // Nor does anyone who reaches their ports without the hub get in.
    await expectPortsRefuseStrangers(w, sandboxId);
  }, 60_000);

  it('stops a surface inside the container on request, and the container with the session', async () => {
    const stopped = await w.api(`${surfacesPath(w, sid)}/vscode`, 'editor', { method: 'DELETE' });
    expect(stopped.json.data, stopped.text).toMatchObject({ state: 'stopped' });
    const left = await eventually(
      () => surfaceProcessesIn(w, sandboxId, 'vscode'),
      (processes) => processes.length === 0,
    );
    expect(left).toEqual([]);
    expect((await surfaceProcessesIn(w, sandboxId, 'opencode')).length).toBeGreaterThan(0);

    const ended = await w.api(`/api/v1/projects/${w.pid}/sessions/${sid}/stop`, 'editor', { method: 'POST', body: { save: false } });
    expect(ended.json.data?.state, ended.text).toBe('stopped');
    expect(await w.containers(sid)).toEqual([]);
    const after = await w.api(surfacesPath(w, sid), 'editor');
    expect(after.json.data.map((surface: { state: string }) => surface.state)).toEqual(['stopped', 'stopped']);
  }, 120_000);
});
