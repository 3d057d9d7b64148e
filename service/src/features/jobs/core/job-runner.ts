import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { HubError } from '../../../core/errors.js';
import type { Logger } from '../../../core/ports/logger.js';
import { NO_TRACING, recordedTraceIdOf, type Tracer } from '../../../core/ports/tracing.js';
import type { NotebookFiles } from '../../../core/notebooks/notebook-files.js';
import type { NotebookRuntime } from '../../../core/ports/notebook-runtime.js';
import type { ComputeResources, SandboxDriver } from '../../../core/ports/sandbox-driver.js';
import type { NotebookService } from '../../../core/notebooks/notebook-service.js';
import { writeNotebookIntoSandbox } from '../../../core/notebooks/sandbox-files.js';
import { sandboxFailureOf } from '../../../core/sandboxes/sandbox-failure.js';
import type { NotebookEnvironments, PreparedEnvironment } from '../../../core/sandboxes/notebook-environments.js';
import { keepSecretsFresh } from '../../../core/sandboxes/secrets-refresh-timer.js';
import { givesAnything, type WorkloadEnvironment, type WorkloadEnvironments, type WorkloadStart } from '../../../core/sandboxes/workload-environment.js';
import type { JobRunRecord } from './job-model.js';
import { ownerOf } from './job-owner.js';
import type { JobRecords } from './job-records.js';

export interface JobRunnerDeps {
  records: JobRecords;
  notebooks: NotebookService;
  files: NotebookFiles;
  driver: SandboxDriver;
  runtime: NotebookRuntime;
  logger: Logger;
  computeOf(profile: string | null): ComputeResources & { name: string };
  startupTimeoutMs: number;
  now: () => Date;
  /** Each run is a trace of its own, `job.run` with a span per phase (docs/telemetry.md). */
  tracer?: Tracer;
  /**
   * What the run's sandbox receives of the project's secrets and integrations (docs/project-secrets.md),
   * and new content for what expires while it runs (a workload identity token).
   */
  workloads?: Pick<WorkloadEnvironments, 'environmentFor' | 'refreshFor'>;
  /**
   * Whether the run's user (its triggerer, or the job's owner for a scheduled run) may use the
   * project's integrations: asked when the run starts and again before each token refresh.
   */
  mayUse?(userId: string, projectId: string): Promise<boolean>;
  /** The packages the notebook runs with: its version's locked environment, or the runtime's install (docs/environments.md). */
  environments?: Pick<NotebookEnvironments, 'prepare'>;
}

/** How the run ended, before it is recorded (docs/jobs.md, "Runs"). */
export interface RunOutcome {
  state: 'succeeded' | 'failed' | 'timed_out' | 'cancelled';
  exitCode: number | null;
  error: { code: string; message: string } | null;
  versionId: string | null;
  outputBytes: number | null;
  logBytes: number;
  /** The run's trace (its `job.run` span's), where it was traced and sampled. */
  traceId?: string | null;
}

/** The log is copied from the sandbox to the store this often while the notebook runs, and the run checked for a cancel. */
export const LOG_FLUSH_MS = 2_000;
const LOG_FILE = '.notebook-hub-run.log';
/** A run's log keeps at most this much of what the notebook printed: its end, where errors are. */
export const LOG_OUTPUT_MAX_BYTES = 2 * 1024 * 1024;

/**
 * Executes one run that the scheduler marked `running`: a fresh sandbox with the notebook and its
 * workspace files, its PEP 723 dependencies installed, then `marimo export html` with the run's
 * arguments under its timeout. The HTML output and the log (the hub's steps, then marimo's output)
 * are stored; the log also while the notebook runs, so that people can follow it. The sandbox is
 * destroyed whatever happens.
 */
export async function executeRun(
  deps: JobRunnerDeps,
  run: JobRunRecord,
  profile: string | null,
  signal: AbortSignal,
  recordOutcome: (outcome: RunOutcome) => Promise<void>,
): Promise<void> {
  const sandbox: { id: string | null } = { id: null };
  const tracer = deps.tracer ?? NO_TRACING;
  const attributes = {
    'notebook_hub.job.id': run.job_id,
    'notebook_hub.job.run_id': run.id,
    'notebook_hub.project.id': run.project_id,
    'notebook_hub.notebook.id': run.notebook_id,
  };
  try {
    // A trace of its own, whoever queued the run: runs are what an operator looks up.
    await tracer.withSpan('job.run', { parent: 'root', kind: 'consumer', attributes }, async (span) => {
      // The run names its trace, for operators to look it up: with its sandbox, and with its outcome.
      const traceId = recordedTraceIdOf(span.traceparent);
      const outcome = await runInSandbox(deps, run, profile, signal, sandbox, traceId);
      span.setAttributes({ 'notebook_hub.job.run_state': outcome.state });
      if (outcome.state !== 'succeeded') span.fail(outcome.error?.code ?? outcome.state);
      // Recorded before the sandbox goes: destroying it is no part of the run people wait for.
      await tracer.withSpan('job.record', {}, () => recordOutcome(traceId ? { ...outcome, traceId } : outcome));
    });
  } finally {
    if (sandbox.id) {
      await deps.driver
        .destroy(sandbox.id)
        .catch((error: unknown) =>
          deps.logger.warn({ event: 'job_sandbox_destroy_failed', run_id: run.id, sandbox_id: sandbox.id, err: error }, 'job_sandbox_destroy_failed'),
        );
    }
  }
}

async function runInSandbox(
  deps: JobRunnerDeps,
  run: JobRunRecord,
  profile: string | null,
  signal: AbortSignal,
  created: { id: string | null },
  traceId: string | null,
): Promise<RunOutcome> {
  const log = new RunLog(deps, run);
  const tracer = deps.tracer ?? NO_TRACING;
  const phase = <T>(name: string, work: () => Promise<T>) => tracer.withSpan(name, {}, work);
  let versionId = run.version_id;
  const stopped = { cancelled: false, timedOut: false, shutdown: false };
  let freshness: { stop(): void } | null = null;
  try {
    const notebook = await deps.notebooks.get(run.project_id, run.notebook_id);
    if (!notebook || notebook.status === 'deleted') throw new HubError('NOT_FOUND', 'the notebook was deleted');
    versionId ??= notebook.source.current_version_id;
    if (!versionId) throw new HubError('PRECONDITION_FAILED', 'the notebook has no saved version to run');
    const compute = deps.computeOf(profile ?? notebook.compute_profile ?? null);
    const given = await runWorkload(deps, run);
    const workload = given?.environment ?? null;
    log.line(`Starting a sandbox (compute profile ${compute.name})`);
    if (workload) log.line(receivedLine(workload));
    const sandbox = await phase('sandbox.create', () =>
      deps.driver.create({
        ...(notebook.base_image ? { image: notebook.base_image } : {}),
        compute,
        labels: { job_run_id: run.id, job_id: run.job_id, project_id: run.project_id, notebook_id: run.notebook_id },
        ...(givesAnything(workload) ? { secrets: workload.secrets } : {}),
      }),
    );
    created.id = sandbox.id;
    // A token that expires is written again while the run goes on (docs/federation.md, "Refreshing").
    if (given?.environment?.refreshAt && deps.workloads) {
      freshness = keepSecretsFresh({ ...deps, workloads: deps.workloads }, sandbox.id, given.start, given.environment.refreshAt);
    }
    const recorded = await deps.records.updateRun(run.project_id, run.job_id, run.id, (current) =>
      current.state === 'running' ? { ...current, sandbox_id: sandbox.id, version_id: versionId, ...(traceId ? { trace_id: traceId } : {}) } : undefined,
    );
    if (recorded.state !== 'running') return finish(deps, log, 'cancelled', null, null, versionId, null);
    await phase('sandbox.reachable', () => deps.driver.waitReady(sandbox.id, { timeoutMs: deps.startupTimeoutMs }));
    log.line(`Writing notebook version ${versionId} and its workspace files`);
    const runVersion = versionId;
    const code = await phase('sandbox.files', () =>
      writeNotebookIntoSandbox(deps, sandbox.id, {
        projectId: run.project_id,
        notebookId: run.notebook_id,
        versionId: runVersion,
        entryFile: notebook.entry_file,
      }),
    );
    const { env, environmentId } = await phase('sandbox.setup', (): Promise<PreparedEnvironment> => {
      if (!deps.environments) {
        log.line('Installing the notebook’s dependencies');
        return deps.runtime.prepareEnvironment(sandbox, notebook.entry_file, deps.logger, code).then(({ env }) => ({ env, environmentId: null }));
      }
      const start = { projectId: run.project_id, notebookId: run.notebook_id, versionId: runVersion, entryFile: notebook.entry_file, code, sandbox };
      // The steps are phrases, as a session's start shows them; the log's lines are sentences.
      return deps.environments.prepare({ ...start, onStep: (step) => log.line(`${step.charAt(0).toUpperCase()}${step.slice(1)}`) }, deps.logger);
    });
    if (environmentId) {
      log.line(`Environment ${environmentId}: the packages locked when version ${runVersion} was saved`);
      // Recorded as soon as it is known: a rerun of this version runs in the same environment.
      await deps.records.updateRun(run.project_id, run.job_id, run.id, (current) =>
        current.state === 'running' ? { ...current, environment_id: environmentId } : undefined,
      );
    }
    // The notebook can continue the run's trace (docs/telemetry.md).
    const traceparent = tracer.traceparent();
    const output = `.notebook-hub-run-${randomBytes(6).toString('hex')}.html`;
    const args = run.parameters.length > 0 ? ` with arguments ${run.parameters.map((arg) => JSON.stringify(arg)).join(' ')}` : '';
    log.line(`Running ${notebook.entry_file}${args} (timeout ${run.timeout_seconds} s)`);
    await log.flush();

    const result = await phase('job.execute', () => {
      const exec = deps.driver.exec(sandbox.id, {
        // The log goes to a file rather than to the exec's output, so that it can be read while the notebook runs.
        argv: ['sh', '-c', 'log="$1"; shift; exec "$@" >"$log" 2>&1', 'sh', LOG_FILE, ...exportArgv(notebook.entry_file, output, run.parameters)],
        env: { MARIMO_SKIP_UPDATE_CHECK: '1', PYTHONUNBUFFERED: '1', ...env, ...(traceparent ? { TRACEPARENT: traceparent } : {}) },
        // The hub ends the run itself at the timeout (below); this only bounds a sandbox that would not go.
        timeoutMs: run.timeout_seconds * 1000 + 60_000,
      });
      return watch(deps, run, sandbox.id, log, exec, stopped, signal);
    });
    await log.follow(sandbox.id);
    if (stopped.cancelled) return await finish(deps, log, 'cancelled', null, null, versionId, null);
    if (stopped.shutdown) {
      log.line('Stopped: the hub executing the run shut down');
      return await finish(deps, log, 'failed', null, { code: 'SERVICE_UNAVAILABLE', message: 'the hub executing the run shut down' }, versionId, null);
    }
    if (stopped.timedOut) {
      log.line(`Stopped: the run passed its timeout of ${run.timeout_seconds} s`);
      return await finish(
        deps,
        log,
        'timed_out',
        null,
        { code: 'TIMED_OUT', message: `the run passed its timeout of ${run.timeout_seconds} s` },
        versionId,
        null,
      );
    }
    const html = await deps.driver.readFile(sandbox.id, output).catch(() => null);
    const outputBytes = html && html.length > 0 ? html.length : null;
    if (html && outputBytes) await phase('job.output', () => deps.records.putOutput(run, 'html', html));
    const exitCode = result?.exitCode ?? null;
    log.line(`marimo exited with code ${exitCode}${outputBytes ? `; the HTML output is ${outputBytes} bytes` : '; no HTML output'}`);
    if (exitCode === 0 && outputBytes) return await finish(deps, log, 'succeeded', 0, null, versionId, outputBytes);
    const message = exitCode === 0 ? 'marimo wrote no HTML output' : (log.lastErrorLine() ?? `the notebook exited with code ${exitCode}`);
    return await finish(deps, log, 'failed', exitCode, { code: 'NOTEBOOK_FAILED', message }, versionId, outputBytes);
  } catch (error) {
    // Cancelled from another replica: the sandbox went away under the command.
    const current = await deps.records.run(run.project_id, run.job_id, run.id).catch(() => null);
    if (stopped.cancelled || current?.state === 'cancelled') return finish(deps, log, 'cancelled', null, null, versionId, null);
    const failure = failureOf(error);
    log.line(`Failed: ${failure.message}`);
    deps.logger.warn({ event: 'job_run_failed', run_id: run.id, job_id: run.job_id, err: error }, 'job_run_failed');
    return finish(deps, log, 'failed', null, failure, versionId, null);
  } finally {
    freshness?.stop();
  }
}

/**
 * What the run's sandbox receives: a scheduled run under its job owner's rights, a run someone
 * triggered under theirs (docs/jobs.md, "Who a job runs for").
 */
async function runWorkload(deps: JobRunnerDeps, run: JobRunRecord): Promise<{ start: WorkloadStart; environment: WorkloadEnvironment | null } | null> {
  if (!deps.workloads) return null;
  let userId = run.triggered_by;
  if (run.trigger === 'schedule') {
    const job = await deps.records.job(run.project_id, run.notebook_id, run.job_id);
    if (!job) return null;
    userId = ownerOf(job);
  }
  const start: WorkloadStart = {
    projectId: run.project_id,
    notebookId: run.notebook_id,
    mode: 'run',
    userId,
    runId: run.id,
    jobId: run.job_id,
    ...(deps.mayUse ? { mayUse: await deps.mayUse(userId, run.project_id) } : {}),
  };
  return { start, environment: await deps.workloads.environmentFor(start) };
}

/** The log line that says what the run's sandbox received, by name (never a value). */
export function receivedLine({ received }: WorkloadEnvironment): string {
  const parts = [
    ...(received.secrets.length > 0 ? [`secrets ${received.secrets.join(', ')}`] : []),
    ...received.integrations.map((integration) => `integration ${integration.name} (${integration.kind}: ${integration.variables.join(', ')})`),
    ...(received.federation_token ? ['a workload identity token'] : []),
  ];
  const missing = received.unavailable.map((entry) => `${entry.name} (${entry.reason})`);
  return [
    parts.length > 0 ? `The sandbox receives ${parts.join('; ')}` : 'The sandbox receives no secrets or integrations',
    ...(missing.length > 0 ? [`; not available: ${missing.join('; ')}`] : []),
  ].join('');
}

function exportArgv(entryFile: string, output: string, parameters: string[]): string[] {
  const argv = ['marimo', 'export', 'html', entryFile, '--output', output, '--force', '--no-sandbox', '--include-code'];
  return parameters.length > 0 ? [...argv, '--', ...parameters] : argv;
}

/**
 * Waits for the notebook to end, copying its log to the store meanwhile. A cancel (the run record
 * says so) or the timeout destroys the sandbox, which ends the command.
 */
async function watch(
  deps: JobRunnerDeps,
  run: JobRunRecord,
  sandboxId: string,
  log: RunLog,
  exec: Promise<{ exitCode: number }>,
  stopped: { cancelled: boolean; timedOut: boolean; shutdown: boolean },
  signal: AbortSignal,
): Promise<{ exitCode: number } | null> {
  let settled: { exitCode: number } | null | undefined;
  const done = exec.then(
    (result) => (settled = result),
    (error: unknown) => {
      settled = null;
      if (!stopped.cancelled && !stopped.timedOut && !stopped.shutdown) throw error;
    },
  );
  const deadline = Date.now() + run.timeout_seconds * 1000;
  while (settled === undefined) {
    const pause = Math.max(0, Math.min(LOG_FLUSH_MS, deadline - Date.now()));
    await Promise.race([done.catch(() => {}), sleep(pause, undefined, { signal }).catch(() => {})]);
    if (settled !== undefined) break;
    if (signal.aborted) stopped.shutdown = true;
    else if (Date.now() >= deadline) stopped.timedOut = true;
    else if ((await deps.records.run(run.project_id, run.job_id, run.id))?.state !== 'running') stopped.cancelled = true;
    if (stopped.shutdown || stopped.timedOut || stopped.cancelled) {
      // The log as far as it got, then destroying the sandbox ends the command.
      await log.follow(sandboxId).catch(() => {});
      await deps.driver.destroy(sandboxId).catch(() => {});
      await done.catch(() => {});
      break;
    }
    await log.follow(sandboxId);
  }
  await done;
  return settled ?? null;
}

async function finish(
  deps: JobRunnerDeps,
  log: RunLog,
  state: RunOutcome['state'],
  exitCode: number | null,
  error: RunOutcome['error'],
  versionId: string | null,
  outputBytes: number | null,
): Promise<RunOutcome> {
  if (state === 'cancelled') log.line('Cancelled');
  await log.flush().catch((failure: unknown) => deps.logger.warn({ event: 'job_log_write_failed', err: failure }, 'job_log_write_failed'));
  return { state, exitCode, error, versionId, outputBytes, logBytes: log.bytes() };
}

function failureOf(error: unknown): { code: string; message: string } {
  return sandboxFailureOf(error, { noRoom: "no room for the run's sandbox", internal: 'the run could not be executed' });
}

/** A run's log: the hub's own lines, then what the notebook printed (copied from the sandbox as it grows). */
class RunLog {
  private readonly hubLines: string[] = [];
  private notebookOutput = '';

  constructor(
    private readonly deps: JobRunnerDeps,
    private readonly run: JobRunRecord,
  ) {}

  line(text: string): void {
    this.hubLines.push(`[${this.deps.now().toISOString()}] ${text}`);
  }

  /** Reads the notebook's output so far from the sandbox and stores the log. */
  async follow(sandboxId: string): Promise<void> {
    const read = await this.deps.driver.readFile(sandboxId, LOG_FILE).catch(() => null);
    if (read) {
      this.notebookOutput =
        read.length > LOG_OUTPUT_MAX_BYTES
          ? `[… the first ${read.length - LOG_OUTPUT_MAX_BYTES} bytes of output are left out …]\n${read.subarray(read.length - LOG_OUTPUT_MAX_BYTES).toString('utf8')}`
          : read.toString('utf8');
    }
    await this.flush();
  }

  async flush(): Promise<void> {
    await this.deps.records.putOutput(this.run, 'log', Buffer.from(this.text(), 'utf8'));
  }

  bytes(): number {
    return Buffer.byteLength(this.text(), 'utf8');
  }

  /** The notebook's last error line (marimo prints `SomeError: message` for a cell that raised). */
  lastErrorLine(): string | null {
    const lines = this.notebookOutput.split('\n').map((line) => line.trim());
    // marimo ends a notebook whose cells raised with a summary line of its own; the cell's error is the one to show.
    const error = lines.filter((line) => /^[A-Za-z_][\w.]*(Error|Exception)\b.*:/.test(line) && !line.startsWith('Error: Export')).pop();
    return error?.slice(0, 2000) ?? null;
  }

  private text(): string {
    // The notebook's output sits after the line that started it; the hub's lines after it come last.
    const started = this.hubLines.findIndex((line) => line.includes('] Running '));
    if (started < 0 || this.notebookOutput === '') return `${this.hubLines.join('\n')}\n`;
    const before = this.hubLines.slice(0, started + 1);
    const after = this.hubLines.slice(started + 1);
    const output = this.notebookOutput.endsWith('\n') ? this.notebookOutput : `${this.notebookOutput}\n`;
    return `${before.join('\n')}\n${output}${after.length > 0 ? `${after.join('\n')}\n` : ''}`;
  }
}
