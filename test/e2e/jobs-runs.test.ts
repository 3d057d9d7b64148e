import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, sandboxRuntime, startSessionWorld, type SessionWorld } from '../support/session-world.js';
import { createJob, jobNotebook, jobsPath, runToEnd, saveNotebookCode } from '../support/job-world.js';
import { withDependencies, writeWheel } from '../support/local-wheel.js';
import { makeTempDir } from '../support/temp-dir.js';
import { scrape } from '../support/prometheus-scrape.js';
import { unusedPort } from '../support/unused-port.js';

describe.skipIf(sandboxRuntime === null)('job runs with real marimo (local driver)', () => {
  let w: SessionWorld;
  let wheels: Awaited<ReturnType<typeof makeTempDir>>;
  let metricsPort: number;
  beforeAll(async () => {
    wheels = await makeTempDir('job-wheels');
    metricsPort = await unusedPort();
    w = await startSessionWorld({
      SERVICE_JOBS: 'on',
      SERVICE_JOBS_MAX_PER_NOTEBOOK: '7',
      OTEL_METRICS_EXPORTER: 'prometheus',
      OTEL_EXPORTER_PROMETHEUS_PORT: String(metricsPort),
    });
  }, 60_000);
  afterAll(async () => {
    await w?.close();
    await wheels?.cleanup();
  });

  it('runs a notebook on demand with its arguments: HTML output, log, last_run_at and snapshot', async () => {
    const nid = await w.notebook('Daily report');
    const versionId = await saveNotebookCode(w, nid, jobNotebook());
    const jobId = await createJob(w, nid, { name: 'Daily report', parameters: ['--day', 'monday'] });
    const triggered = await w.api(`${jobsPath(w, nid)}/${jobId}/runs`, 'editor', { method: 'POST', body: {} });
    expect(triggered.status, triggered.text).toBe(201);
    expect(triggered.json.data).toMatchObject({ state: 'queued', trigger: 'manual', parameters: ['--day', 'monday'], has_output: false });

    const run = await runToEnd(w, nid, jobId, triggered.json.data.id);
    expect(run).toMatchObject({ state: 'succeeded', exit_code: 0, version_id: versionId, has_output: true, error: null });
    expect(run.duration_ms).toBeGreaterThan(0);
    const output = await w.api(`${jobsPath(w, nid)}/${jobId}/runs/${run.id}/output`, 'viewer');
    expect(output.status).toBe(200);
    expect(output.headers.get('content-type')).toMatch(/^text\/html/);
    expect(output.text).toContain('Report for monday');
    const log = await w.api(`${jobsPath(w, nid)}/${jobId}/runs/${run.id}/logs`, 'viewer');
    expect(log.text).toContain("job arguments: {'day': 'monday'}");
    expect(log.text).toContain('marimo exited with code 0');

    const notebook = (await w.api(`/api/v1/projects/${w.pid}/notebooks/${nid}`, 'viewer')).json.data.meta;
    expect(notebook.last_run_at).toBe(run.finished_at);
    const snapshot = await w.api(`/api/v1/projects/${w.pid}/notebooks/${nid}/html`, 'viewer');
    expect(snapshot.text).toContain('Report for monday');
    const job = (await w.api(`${jobsPath(w, nid)}/${jobId}`, 'viewer')).json.data;
    expect(job).toMatchObject({ last_run: { id: run.id, state: 'succeeded' }, queued_runs: 0, running_runs: 0 });
    const metrics = await scrape(metricsPort);
    const succeeded = metrics.samples.filter((sample) => sample.name.startsWith('jobs_runs') && sample.labels.outcome === 'succeeded');
    expect(succeeded.map((sample) => sample.value)).toEqual([1]);
    expect(metrics.text).toMatch(/^jobs_run_duration\w*_count\{[^}]*outcome="succeeded"[^}]*\} 1$/m);
    expect(metrics.text).toMatch(/^jobs_queue_duration\w*_count(\{[^}]*\})? 1$/m);
    const capabilities = (await w.api('/api/v1/capabilities', 'viewer')).json.data.jobs;
    expect(capabilities).toEqual({
      available: true,
      max_per_notebook: 7,
      max_queued_runs_per_job: 5,
      default_timeout_seconds: 3600,
      max_timeout_seconds: 21600,
      run_retention_days: 30,
    });
    // Its sandbox goes once the run is recorded.
    const left = await eventually(
      async () => (await w.t.hub.services.sandboxes.list()).filter((sandbox) => sandbox.labels.job_run_id === run.id),
      (sandboxes) => sandboxes.length === 0,
    );
    expect(left).toEqual([]);
  }, 180_000);

  it('fails a run whose notebook raises: the log shows the error, the output shows the cell', async () => {
    const nid = await w.notebook('Broken');
    await saveNotebookCode(w, nid, jobNotebook({ fail: 'the data source is empty' }));
    const jobId = await createJob(w, nid, { name: 'Broken' });
    const triggered = await w.api(`${jobsPath(w, nid)}/${jobId}/runs`, 'editor', { method: 'POST', body: { parameters: ['--day', 'friday'] } });
    const run = await runToEnd(w, nid, jobId, triggered.json.data.id);
    expect(run).toMatchObject({ state: 'failed', exit_code: 1, error: { code: 'NOTEBOOK_FAILED' } });
    expect(run.error.message).toContain('the data source is empty');
    const log = await w.api(`${jobsPath(w, nid)}/${jobId}/runs/${run.id}/logs`, 'viewer');
    expect(log.text).toContain('the data source is empty');
    expect(log.text).toContain("job arguments: {'day': 'friday'}");
    // marimo renders a notebook whose cell raised, with the error where the cell is.
    expect(run.has_output).toBe(true);
    expect((await w.api(`${jobsPath(w, nid)}/${jobId}/runs/${run.id}/output`, 'viewer')).text).toContain('the data source is empty');
  }, 180_000);

  it("runs in its version's locked environment, and fails a run whose dependencies cannot be installed at start", async () => {
    const nid = await w.notebook('With dependencies');
    const wheel = await writeWheel(wheels.dir, 'hubprobe', '1.0');
    const code = jobNotebook().replace('    import time\n', '    import time\n    import hubprobe\n    print("probe:", hubprobe.VALUE, flush=True)\n');
    await saveNotebookCode(w, nid, withDependencies(code, [`hubprobe @ file://${wheel}`]));
    const jobId = await createJob(w, nid, { name: 'Dependencies' });
    const run = await runToEnd(w, nid, jobId, (await w.api(`${jobsPath(w, nid)}/${jobId}/runs`, 'editor', { method: 'POST', body: {} })).json.data.id);
    expect(run, JSON.stringify(run.error)).toMatchObject({ state: 'succeeded', environment_id: expect.stringMatching(/^env-[0-9a-f]{40}$/) });
    const log = (await w.api(`${jobsPath(w, nid)}/${jobId}/runs/${run.id}/logs`, 'viewer')).text;
    expect(log).toContain('probe: from-a-local-wheel');
    expect(log).toContain(`Environment ${run.environment_id}`);

    // An index of the block's own is a uv setting a lock does not carry: uv installs the block at
    // the run's start, from the hub's empty index on this machine, and fails.
    const missing = 'notebook-hub-no-such-package-for-jobs';
    const ownIndex = `# /// script\n# dependencies = ["${missing}"]\n# [tool.uv]\n# index-url = "${w.t.packageIndex!.url}"\n# ///\n`;
    await saveNotebookCode(w, nid, `${ownIndex}${code}`);
    const failed = await runToEnd(w, nid, jobId, (await w.api(`${jobsPath(w, nid)}/${jobId}/runs`, 'editor', { method: 'POST', body: {} })).json.data.id);
    expect(failed).toMatchObject({ state: 'failed', exit_code: null, has_output: false, environment_id: null, error: { code: 'PYTHON_ENV_SETUP_FAILED' } });
    expect(failed.error.message).toContain(missing);
    expect((await w.api(`${jobsPath(w, nid)}/${jobId}/runs/${failed.id}/logs`, 'viewer')).text).toContain('Installing the notebook’s dependencies');
  }, 180_000);
});
