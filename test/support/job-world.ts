import type { SessionWorld } from './session-world.js';
import type { CallResult } from './test-hub.js';

export { jobNotebook } from './job-notebook.js';
import { eventually } from './session-world.js';

/** Saves `code` as the notebook's newest version (as `who`); resolves to the version id. */
export async function saveNotebookCode(w: SessionWorld, nid: string, code: string): Promise<string> {
  const detail = await w.api(`/api/v1/projects/${w.pid}/notebooks/${nid}`, 'editor');
  const base = detail.json.data.source.current_version_id as string;
  const saved = await w.api(`/api/v1/projects/${w.pid}/notebooks/${nid}/versions`, 'editor', { method: 'POST', body: { code, base_version_id: base } });
  if (saved.status !== 201) throw new Error(`saving the notebook: ${saved.status} ${saved.text}`);
  return saved.json.data.version_id as string;
}

export const jobsPath = (w: SessionWorld, nid: string) => `/api/v1/projects/${w.pid}/notebooks/${nid}/jobs`;

/** Creates a job as the editor; resolves to its id. */
export async function createJob(w: SessionWorld, nid: string, body: Record<string, unknown>): Promise<string> {
  const created = await w.api(jobsPath(w, nid), 'editor', { method: 'POST', body });
  if (created.status !== 201) throw new Error(`creating the job: ${created.status} ${created.text}`);
  return created.json.data.id as string;
}

/** One tick of the scheduler, as the job_scheduler loop runs it. */
export const tick = (w: SessionWorld) => w.t.hub.services.jobScheduler.tick(new AbortController().signal);

/** A run as the API shows it (the response's JSON, loosely typed as test-hub answers are). */
type RunJson = CallResult['json'];

/** Ticks the scheduler until the run has ended; resolves to the run as the API shows it. */
export async function runToEnd(w: SessionWorld, nid: string, jobId: string, runId: string, timeoutMs = 120_000): Promise<RunJson> {
  return eventually(
    async () => {
      await tick(w);
      return (await w.api(`${jobsPath(w, nid)}/${jobId}/runs/${runId}`, 'viewer')).json.data as RunJson;
    },
    (run: RunJson) => ['succeeded', 'failed', 'cancelled', 'timed_out'].includes(run.state as string),
    timeoutMs,
  );
}
