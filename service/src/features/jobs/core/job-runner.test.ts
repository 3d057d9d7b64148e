import { describe, expect, it } from 'vitest';
import { notebookCode, startJobCore, type JobCore } from '../../../../../test/support/job-core.js';
import { HubError } from '../../../core/errors.js';
import { SandboxError } from '../../../core/ports/sandbox-driver.js';
import { NO_SPAN, type SpanOptions, type Tracer } from '../../../core/ports/tracing.js';
import type { WorkloadStart } from '../../../core/sandboxes/workload-environment.js';
import type { JobInput } from './job-service.js';
import type { JobRunRecord } from './job-model.js';
import { executeRun, LOG_OUTPUT_MAX_BYTES, type RunOutcome } from './job-runner.js';

const never = new AbortController().signal;

/** A notebook with a job, and a run of it that the scheduler has marked running. */
async function claimedRun(w: JobCore, job: Partial<JobInput> = {}, code = notebookCode()) {
  const { notebookId, versionId } = await w.notebook('Report', code);
  const created = await w.jobs.create(w.projectId, notebookId, { name: 'Job', ...job }, w.owner.id);
  const queued = await w.jobs.trigger(w.projectId, notebookId, created.id, {}, w.owner.id);
  const run = await w.records.updateRun(w.projectId, created.id, queued.id, (current) => ({
    ...current,
    state: 'running',
    started_at: w.clock.now().toISOString(),
  }));
  return { notebookId, versionId, job: created, run };
}

/** Executes the run; answers its outcome, whether its sandbox was still there when the outcome was recorded, and its log. */
async function execute(w: JobCore, run: JobRunRecord, options: { profile?: string | null; signal?: AbortSignal } = {}) {
  let outcome: RunOutcome | null = null;
  let sandboxesAtRecord: string[] = [];
  await executeRun(w.runnerDeps, run, options.profile ?? null, options.signal ?? never, async (ended) => {
    outcome = ended;
    sandboxesAtRecord = w.driver.alive();
  });
  const log = (await w.records.output(run, 'log'))?.toString('utf8') ?? '';
  return { outcome: outcome as RunOutcome | null, sandboxesAtRecord, log };
}

/** One run in its sandbox (docs/jobs.md, "Runs"), against a fake driver whose marimo export the test scripts. */
describe('executing a job run', () => {
  it('runs the version with the workspace files and arguments, keeps the page and the log, then destroys the sandbox', async () => {
    const w = await startJobCore();
    const code = notebookCode('print("report")');
    const { notebookId, versionId, run } = await claimedRun(w, { parameters: ['--day', 'sunday'], compute_profile: 'large' }, code);
    const notebook = (await w.services.notebooks.get(w.projectId, notebookId))!;
    await w.workspace.upload(notebook, 'data/input.csv', Buffer.from('a,b\n1,2\n'), w.owner.id);
    w.driver.behaviour = (export_) => {
      export_.print(`job arguments: ${export_.args.join(' ')}`);
      export_.render('<html>report</html>');
      return 0;
    };
    const { outcome, sandboxesAtRecord, log } = await execute(w, run, { profile: 'large' });

    expect(outcome).toEqual({ state: 'succeeded', exitCode: 0, error: null, versionId, outputBytes: 19, logBytes: Buffer.byteLength(log) });
    const [box] = w.driver.sandboxes.values();
    expect(box!.spec).toMatchObject({ compute: { name: 'large', cpu: 2 }, labels: { job_run_id: run.id, job_id: run.job_id, notebook_id: notebookId } });
    expect(box!.files.get('notebook.py')?.toString()).toBe(code);
    expect(box!.files.get('data/input.csv')?.toString()).toBe('a,b\n1,2\n');
    const [exported] = w.driver.exports;
    expect(exported).toMatchObject({ entryFile: 'notebook.py', code, args: ['--day', 'sunday'], env: { FAKE_ENV: '1', MARIMO_SKIP_UPDATE_CHECK: '1' } });
    expect(w.runtime.prepared).toEqual([{ sandboxId: box!.sandbox.id, notebook: 'notebook.py', source: code }]);
    expect((await w.records.output(run, 'html'))?.toString()).toBe('<html>report</html>');
    expect(await w.records.run(w.projectId, run.job_id, run.id)).toMatchObject({ sandbox_id: box!.sandbox.id, version_id: versionId });
    // The hub's steps, the notebook's output where it ran, and how marimo ended.
    const lines = log.trimEnd().split('\n');
    expect(lines.map((line) => line.replace(/^\[[^\]]+\] /, ''))).toEqual([
      'Starting a sandbox (compute profile large)',
      `Writing notebook version ${versionId} and its workspace files`,
      'Installing the notebook’s dependencies',
      'Running notebook.py with arguments "--day" "sunday" (timeout 600 s)',
      'job arguments: --day sunday',
      'marimo exited with code 0; the HTML output is 19 bytes',
    ]);
    // Recorded while the sandbox was still there; destroyed after.
    expect(sandboxesAtRecord).toEqual([box!.sandbox.id]);
    expect(w.driver.alive()).toEqual([]);
  });

  it('runs the version a pinned job names, not the newest one', async () => {
    const w = await startJobCore();
    const first = notebookCode('print("first")');
    const { notebookId, versionId } = await w.notebook('Pinned', first);
    const job = await w.jobs.create(w.projectId, notebookId, { name: 'Pinned', version_id: versionId }, w.owner.id);
    await w.services.notebooks.save(w.projectId, notebookId, { code: notebookCode('print("second")'), baseVersionId: versionId }, w.owner);
    const queued = await w.jobs.trigger(w.projectId, notebookId, job.id, {}, w.owner.id);
    expect(queued.version_id).toBe(versionId);
    const run = await w.records.updateRun(w.projectId, job.id, queued.id, (current) => ({ ...current, state: 'running' }));
    const { outcome } = await execute(w, run);
    expect(outcome).toMatchObject({ state: 'succeeded', versionId });
    expect(w.driver.exports[0]!.code).toBe(first);
  });

  it('fails a notebook that raised with the error it printed last, and one that rendered nothing', async () => {
    const w = await startJobCore();
    const { run } = await claimedRun(w);
    w.driver.behaviour = (export_) => {
      export_.print('ValueError: an earlier cell');
      export_.print("KeyError: 'region'");
      export_.print('Error: Export failed with errors');
      export_.render('<html>errors shown</html>');
      return 1;
    };
    const raised = await execute(w, run);
    expect(raised.outcome).toMatchObject({ state: 'failed', exitCode: 1, error: { code: 'NOTEBOOK_FAILED', message: "KeyError: 'region'" }, outputBytes: 25 });
    expect(raised.log).toMatch(/marimo exited with code 1; the HTML output is 25 bytes\n$/);

    const silent = await claimedRun(w);
    w.driver.behaviour = () => 0;
    expect((await execute(w, silent.run)).outcome).toMatchObject({
      state: 'failed',
      exitCode: 0,
      error: { message: 'marimo wrote no HTML output' },
      outputBytes: null,
    });
    const crashed = await claimedRun(w);
    w.driver.behaviour = () => 137;
    expect((await execute(w, crashed.run)).outcome).toMatchObject({
      state: 'failed',
      error: { code: 'NOTEBOOK_FAILED', message: 'the notebook exited with code 137' },
    });
    expect(w.driver.alive()).toEqual([]);
  });

  it('says why a run could not start: no room, a failing backend, dependencies, a deleted notebook, and nothing more of an unknown fault', async () => {
    const w = await startJobCore();
    const failures: [() => void, { code: string; message: string | RegExp }][] = [
      [
        () => (w.driver.failNextCreate = new SandboxError('CAPACITY', 'no node has 2 CPUs free')),
        { code: 'RESOURCE_EXHAUSTED', message: /no room.*no node has 2 CPUs free/ },
      ],
      [() => (w.driver.failNextCreate = new SandboxError('BACKEND_ERROR', 'engine down')), { code: 'SERVICE_UNAVAILABLE', message: 'engine down' }],
      [() => (w.driver.failNextCreate = new Error('secret detail at /var/lib/x')), { code: 'INTERNAL_ERROR', message: 'the run could not be executed' }],
      [
        () => (w.runtime.setupFailure = new HubError('PYTHON_ENV_SETUP_FAILED', 'uv could not resolve pandas==0.0.1')),
        { code: 'PYTHON_ENV_SETUP_FAILED', message: 'uv could not resolve pandas==0.0.1' },
      ],
    ];
    for (const [arrange, error] of failures) {
      const { run } = await claimedRun(w);
      arrange();
      const { outcome, log } = await execute(w, run);
      expect(outcome, String(error.code)).toMatchObject({
        state: 'failed',
        exitCode: null,
        outputBytes: null,
        error: { code: error.code, message: expect.stringMatching(error.message) },
      });
      expect(log).toContain(`Failed: ${outcome!.error!.message}`);
      w.runtime.setupFailure = null;
    }
    expect(w.driver.exports).toEqual([]);
    expect(w.driver.alive()).toEqual([]);
    expect(w.logger.lines.filter((line) => line.fields.event === 'job_run_failed')).toHaveLength(failures.length);

    const { notebookId, run } = await claimedRun(w);
    await w.services.notebooks.delete(w.projectId, w.projectName, notebookId, w.owner);
    expect((await execute(w, run)).outcome).toMatchObject({ state: 'failed', error: { code: 'NOT_FOUND', message: 'the notebook was deleted' } });
  });

  it('stops a notebook at its timeout, keeping what it printed', async () => {
    const w = await startJobCore();
    const { run } = await claimedRun(w);
    w.driver.behaviour = async (export_) => {
      export_.print('still working');
      await export_.destroyed;
      return 0;
    };
    // A fifth of a second: the runner counts the timeout on the real clock.
    const { outcome, log } = await execute(w, { ...run, timeout_seconds: 0.2 });
    expect(outcome).toMatchObject({ state: 'timed_out', exitCode: null, error: { code: 'TIMED_OUT', message: 'the run passed its timeout of 0.2 s' } });
    expect(log).toMatch(/still working\n.*Stopped: the run passed its timeout of 0\.2 s\n$/s);
    expect(w.driver.alive()).toEqual([]);
  });

  it('ends as cancelled a run cancelled while it runs or before its sandbox was recorded', async () => {
    const w = await startJobCore();
    const running = await claimedRun(w);
    w.driver.behaviour = async (export_) => {
      await w.jobs.cancel(w.projectId, running.notebookId, running.job.id, running.run.id, w.owner.id);
      await export_.destroyed;
      return 0;
    };
    const cancelled = await execute(w, running.run);
    expect(cancelled.outcome).toMatchObject({ state: 'cancelled', error: null, outputBytes: null });
    expect(cancelled.log).toMatch(/Cancelled\n$/);

    const early = await claimedRun(w);
    await w.jobs.cancel(w.projectId, early.notebookId, early.job.id, early.run.id, w.owner.id);
    const exportsBefore = w.driver.exports.length;
    expect((await execute(w, early.run)).outcome).toMatchObject({ state: 'cancelled' });
    expect(w.driver.exports).toHaveLength(exportsBefore);
    expect(w.driver.alive()).toEqual([]);
  });

  it("keeps the end of a notebook's output when it prints more than the log holds", async () => {
    const w = await startJobCore();
    const { run } = await claimedRun(w);
    w.driver.behaviour = (export_) => {
      export_.print(`${'x'.repeat(LOG_OUTPUT_MAX_BYTES)}\nthe last line`);
      export_.render('<html></html>');
      return 0;
    };
    const { outcome, log } = await execute(w, run);
    expect(outcome?.state).toBe('succeeded');
    expect(log).toMatch(/\[… the first 15 bytes of output are left out …\]\nx+\nthe last line\n/);
    expect(outcome!.logBytes).toBeLessThan(LOG_OUTPUT_MAX_BYTES + 1000);
  });

  it("gives the sandbox what the trigger may use, or a scheduled run's job owner, and logs it by name", async () => {
    const w = await startJobCore();
    const starts: WorkloadStart[] = [];
    w.runnerDeps.workloads = {
      refreshFor: async () => null,
      async environmentFor(start) {
        starts.push(start);
        return {
          secrets: { env: { API_KEY: 'run-secret-value' }, files: {} },
          received: {
            integrations: [],
            secrets: ['API_KEY'],
            unavailable: [{ name: 'GONE', reason: 'the file /x does not exist' }],
            variables: ['API_KEY'],
            federation_token: false,
          },
        };
      },
    };
    w.driver.behaviour = (export_) => (export_.render('<html>ran</html>'), 0);
    const { job, run } = await claimedRun(w);
    const { log } = await execute(w, run);
    expect(starts).toEqual([{ projectId: w.projectId, notebookId: run.notebook_id, mode: 'run', userId: w.owner.id, runId: run.id, jobId: job.id }]);
    const [box] = w.driver.sandboxes.values();
    expect(box!.spec.secrets).toEqual({ env: { API_KEY: 'run-secret-value' }, files: {} });
    expect(log).toContain('The sandbox receives secrets API_KEY; not available: GONE (the file /x does not exist)');
    expect(log).not.toContain('run-secret-value');

    // A scheduled run: whoever owns the job, not the "system" that fired it.
    const scheduled = await w.records.updateRun(w.projectId, job.id, run.id, (current) => ({
      ...current,
      trigger: 'schedule',
      triggered_by: 'system',
      state: 'running',
    }));
    await w.records.updateJob(w.projectId, run.notebook_id, job.id, (current) => ({ ...current, owner: 'usr-0000000000000099' }));
    await execute(w, scheduled);
    expect(starts.at(-1)).toMatchObject({ mode: 'run', userId: 'usr-0000000000000099' });
  });

  it('writes a fresh token into the sandbox before each one expires while the run goes on, and none after it ended', async () => {
    const w = await startJobCore();
    const token = (n: number) => new TextEncoder().encode(`token ${n}`);
    const later = () => new Date(w.clock.now().getTime() + 30);
    const refreshes: WorkloadStart[] = [];
    w.runnerDeps.workloads = {
      environmentFor: async () => ({
        secrets: { env: {}, files: { 'federation-token': token(0) }, fileEnv: { AWS_WEB_IDENTITY_TOKEN_FILE: 'federation-token' } },
        received: { integrations: [], secrets: [], unavailable: [], variables: ['AWS_WEB_IDENTITY_TOKEN_FILE'], federation_token: true },
        refreshAt: later(),
      }),
      async refreshFor(start) {
        refreshes.push(start);
        return { files: { 'federation-token': token(refreshes.length) }, refreshAt: later() };
      },
    };
    // The notebook runs until its sandbox has had two fresh tokens.
    w.driver.behaviour = async (export_) => {
      while (w.driver.secretFileWrites.filter((write) => write.sandboxId === export_.sandboxId).length < 2) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      export_.render('<html>ran</html>');
      return 0;
    };
    const { job, run } = await claimedRun(w);
    const { outcome } = await execute(w, run);
    expect(outcome?.state).toBe('succeeded');
    const [box] = w.driver.sandboxes.values();
    const written = w.driver.secretFileWrites.map((write) => [write.sandboxId, write.name, write.data.toString()]);
    expect(written.slice(0, 2)).toEqual([
      [box!.sandbox.id, 'federation-token', 'token 1'],
      [box!.sandbox.id, 'federation-token', 'token 2'],
    ]);
    expect(refreshes[0]).toEqual({ projectId: w.projectId, notebookId: run.notebook_id, mode: 'run', userId: w.owner.id, runId: run.id, jobId: job.id });
    // Once the run is over, no token is made for it any more.
    const after = refreshes.length;
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(refreshes.length).toBe(after);
  });

  it('names its trace on the run, with its sandbox and with its outcome, where it is traced and sampled; nothing otherwise', async () => {
    const w = await startJobCore();
    w.driver.behaviour = (export_) => (export_.render('<html>ran</html>'), 0);
    const scheduler = w.scheduler();
    const { run } = await claimedRun(w);
    await executeRun(w.runnerDeps, run, null, never, (ended) => scheduler.complete(run, ended));
    expect((await w.records.run(w.projectId, run.job_id, run.id))!.trace_id).toBeUndefined();

    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const opened: { name: string; options: SpanOptions }[] = [];
    const fakeTracer = (flags: string): Tracer => ({
      enabled: true,
      startSpan: (name, options) => (opened.push({ name, options }), { ...NO_SPAN, traceparent: `00-${traceId}-00f067aa0ba902b7-${flags}` }),
      withSpan: (name, options, work) => work(fakeTracer(flags).startSpan(name, options)),
      traceparent: () => null,
      recording: () => false,
    });
    const { run: traced } = await claimedRun(w);
    let outcome: RunOutcome | null = null;
    let beforeOutcome: string | undefined;
    await executeRun({ ...w.runnerDeps, tracer: fakeTracer('01') }, traced, null, never, async (ended) => {
      outcome = ended;
      // Already named with the sandbox, while the run was running.
      beforeOutcome = (await w.records.run(w.projectId, traced.job_id, traced.id))!.trace_id;
      await scheduler.complete(traced, ended);
    });
    expect(opened[0]).toMatchObject({ name: 'job.run', options: { parent: 'root' } });
    expect(outcome!).toMatchObject({ state: 'succeeded', traceId });
    expect(beforeOutcome).toBe(traceId);
    expect(await w.records.run(w.projectId, traced.job_id, traced.id)).toMatchObject({ state: 'succeeded', trace_id: traceId });

    // A trace that was not sampled is not kept: the trace viewer would not have it.
    const { run: unsampled } = await claimedRun(w);
    await executeRun({ ...w.runnerDeps, tracer: fakeTracer('00') }, unsampled, null, never, (ended) => scheduler.complete(unsampled, ended));
    expect((await w.records.run(w.projectId, unsampled.job_id, unsampled.id))!.trace_id).toBeUndefined();
  });
});
