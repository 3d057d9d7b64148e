import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dockerProvisioned, startDockerSessionWorld, type DockerSessionWorld } from '../support/docker-session-world.js';
import { eventually } from '../support/session-world.js';
import { createJob, jobNotebook, jobsPath, runToEnd, saveNotebookCode } from '../support/job-world.js';

/** A job run in a container of the test engine: the same run as on the local driver, and no container left. */
describe.skipIf(dockerProvisioned === null)('job runs in containers (docker driver)', () => {
  let w: DockerSessionWorld;
  beforeAll(async () => {
    w = await startDockerSessionWorld(dockerProvisioned!, { SERVICE_JOBS: 'on' });
  }, 120_000);
  afterAll(() => w?.close());

  it('runs a notebook with its arguments in a container, keeps its output and log, and removes the container', async () => {
    const nid = await w.notebook('Container report');
    await saveNotebookCode(w, nid, jobNotebook());
    const jobId = await createJob(w, nid, { name: 'In a container', parameters: ['--day', 'tuesday'] });
    const triggered = await w.api(`${jobsPath(w, nid)}/${jobId}/runs`, 'editor', { method: 'POST', body: {} });
    const run = await runToEnd(w, nid, jobId, triggered.json.data.id, 240_000);
    expect(run).toMatchObject({ state: 'succeeded', exit_code: 0, has_output: true });
    expect((await w.api(`${jobsPath(w, nid)}/${jobId}/runs/${run.id}/output`, 'viewer')).text).toContain('Report for tuesday');
    expect((await w.api(`${jobsPath(w, nid)}/${jobId}/runs/${run.id}/logs`, 'viewer')).text).toContain("job arguments: {'day': 'tuesday'}");
    // Its container goes once the run is recorded.
    const left = await eventually(
      async () => (await w.containers()).filter((container) => Object.values(container.Labels ?? {}).includes(run.id)),
      (containers) => containers.length === 0,
    );
    expect(left).toEqual([]);
  }, 300_000);
});
