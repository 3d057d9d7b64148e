import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { imageSurfacesMissing } from '../support/docker-session-world.js';
import { clusterProvisioned, startKubernetesSessionWorld, type KubernetesSessionWorld } from '../support/kubernetes-session-world.js';
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

// The cluster runs the Docker suite's sandbox image (imported into the node): its labels say whether it carries the surfaces.
const docker = inject('docker');
const missing = clusterProvisioned === null || docker === null ? 'no test cluster' : await imageSurfacesMissing(docker, 'VS Code and OpenCode in a pod');

/** VS Code and OpenCode run from the sandbox image in the session's pod, reached at the pod's address (docs/surfaces.md). */
describe.skipIf(missing !== null)('VS Code and OpenCode in an edit session (kubernetes driver, real programs)', () => {
  let w: KubernetesSessionWorld;
  let sid: string;
  let sandboxId: string;
  let vscode: EnteredSurface;
  let opencode: EnteredSurface;

  beforeAll(async () => {
    w = await startKubernetesSessionWorld(clusterProvisioned!, {
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
  });

  it('declares a port per surface on the pod, where the hub reaches it', async () => {
    const [pod] = await w.pods(sid);
    const ports = pod!.spec!.containers[0]!.ports!.map((port) => port.containerPort);
    for (const name of ['surface-vscode', 'surface-opencode']) {
      const endpoint = await w.t.hub.services.sandboxes.exposePort(sandboxId, name);
      expect(endpoint.host).toBe(pod!.status!.podIP);
      expect(ports).toContain(endpoint.port);
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
    await writeThroughOpenCode(opencode, 'from-opencode.txt', 'written in the pod');
    // VS Code, beside it in the same sandbox, reads what OpenCode wrote.
    expect(await readThroughVsCode(vscode, '/workspace/from-opencode.txt')).toBe('written in the pod');
    const saved = await w.api(`/api/v1/projects/${w.pid}/sessions/${sid}/save`, 'editor', { method: 'POST', body: {} });
    expect(saved.status, saved.text).toBe(200);
    const file = await w.api(`/api/v1/projects/${w.pid}/notebooks/${w.nid}/workspace/files?path=from-opencode.txt`, 'editor');
    expect(file.status, file.text).toBe(200);
    expect(file.text).toBe('written in the pod');
  }, 180_000);

  it("keeps the hub's credentials out of the surface processes in the pod, and callers without the hub out of their ports", async () => {
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

  it('stops a surface inside the pod on request, and the pod with the session', async () => {
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
    expect(await w.pods(sid)).toEqual([]);
    const after = await w.api(surfacesPath(w, sid), 'editor');
    expect(after.json.data.map((surface: { state: string }) => surface.state)).toEqual(['stopped', 'stopped']);
  }, 120_000);
});
