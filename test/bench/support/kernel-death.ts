import type { Hub } from '../../../service/src/compose/hub.js';

export interface KernelDeathTimes {
  /** From the kill to the edit session being over (stopped, its notebook saved). */
  editTerminalMs: number[];
  /** From the kill to the app's page answering again through the proxy (restarted under its id). */
  appAnsweringMs: number[];
}

export interface KernelDeathBench {
  hub: Hub;
  url: string;
  /** Bearer headers of a user who may start and open sessions in `projectId`. */
  headers: Record<string, string>;
  projectId: string;
  /** Fresh notebooks, two per run. */
  notebookIds: string[];
  runs: number;
  /** Kills marimo, and nothing else, inside the session's live sandbox. */
  kill(sandboxId: string): Promise<number>;
}

/**
 * Times what the hub's supervision does after marimo is SIGKILLed inside a live sandbox, with
 * nobody asking: an edit session until it is terminal, an app until its page answers again. The
 * waits poll every few milliseconds, bounded by a minute.
 */
export async function timeKernelDeaths(bench: KernelDeathBench): Promise<KernelDeathTimes> {
  const { hub, url, headers, projectId } = bench;
  const api = async (path: string, body?: unknown) => {
    const response = await fetch(`${url}/api/v1/projects/${projectId}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const json = (await response.json()) as { data: Record<string, unknown> };
    if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(json)}`);
    return json.data;
  };
  const startRunning = async (notebookId: string, mode: 'edit' | 'app') => {
    const session = await api('/sessions', { notebook_id: notebookId, mode, wait: true });
    if (session.state !== 'running') throw new Error(`the ${mode} session is ${String(session.state)}`);
    const record = (await hub.services.sessionStore.get(projectId, session.id as string))!;
    return { id: record.id, sandboxId: record.sandbox!.id };
  };
  const until = async (done: () => Promise<boolean>, what: string) => {
    const deadline = performance.now() + 60_000;
    while (!(await done())) {
      if (performance.now() > deadline) throw new Error(`${what} did not happen within a minute`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  };
  const times: KernelDeathTimes = { editTerminalMs: [], appAnsweringMs: [] };
  for (let run = 0; run < bench.runs; run++) {
    const edit = await startRunning(bench.notebookIds[2 * run]!, 'edit');
    let began = performance.now();
    if ((await bench.kill(edit.sandboxId)) === 0) throw new Error('no marimo process to kill in the edit session');
    await until(async () => {
      const state = (await hub.services.sessionStore.get(projectId, edit.id))?.state;
      return state === 'stopped' || state === 'failed';
    }, 'the edit session ending');
    times.editTerminalMs.push(performance.now() - began);

    const app = await startRunning(bench.notebookIds[2 * run + 1]!, 'app');
    began = performance.now();
    if ((await bench.kill(app.sandboxId)) === 0) throw new Error('no marimo process to kill in the app');
    await until(async () => {
      const record = await hub.services.sessionStore.get(projectId, app.id);
      if (record?.state === 'failed') throw new Error(`the app failed: ${record.failure?.message ?? ''}`);
      if (record?.state !== 'running' || record.restarts !== 1) return false;
      const page = await fetch(`${url}/s/${app.id}/`, { headers });
      await page.body?.cancel();
      return page.ok;
    }, 'the app answering again');
    times.appAnsweringMs.push(performance.now() - began);
    await api(`/sessions/${app.id}/stop`, { save: false });
  }
  return times;
}
