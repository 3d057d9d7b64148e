import { createHash } from 'node:crypto';
import { HubError } from '../errors.js';
import type { Logger } from '../ports/logger.js';
import { NO_TRACING, recordedTraceIdOf, type Span, type Tracer } from '../ports/tracing.js';
import type { NotebookFiles } from '../notebooks/notebook-files.js';
import type { NotebookRuntime } from '../ports/notebook-runtime.js';
import type { ComputeResources, Sandbox, SandboxDriver, SandboxProcess } from '../ports/sandbox-driver.js';
import type { NotebookService } from '../notebooks/notebook-service.js';
import { writeNotebookIntoSandbox } from '../notebooks/sandbox-files.js';
import { sandboxFailureOf } from '../sandboxes/sandbox-failure.js';
import { givesAnything, type WorkloadEnvironment, type WorkloadEnvironments } from '../sandboxes/workload-environment.js';
import type { NotebookEnvironments } from '../sandboxes/notebook-environments.js';
import type { PreviewSessionFiles } from './preview-session-files.js';
import { sandboxLabelsOf, type ProvisionPhase, type SessionRecord } from './session-model.js';
import { startProgress } from './session-progress.js';
import type { EditorClaimLostPhase } from './session-metrics.js';
import type { SessionStore } from './session-store.js';
import type { EditorClaims } from './editor-claims.js';
import { endSession } from './session-ending.js';

export interface ProvisionerDeps {
  sessions: SessionStore;
  /** A start that fails gives up its notebook's editor claim as it ends (session-ending.ts). */
  claims: EditorClaims;
  notebooks: NotebookService;
  driver: SandboxDriver;
  runtime: NotebookRuntime;
  files: NotebookFiles;
  logger: Logger;
  startupTimeoutMs: number;
  computeOf(profile: string): ComputeResources;
  now: () => Date;
  /** Ports a session's sandbox opens beside marimo's (its surfaces', docs/surfaces.md). */
  surfacePorts?(mode: SessionRecord['mode']): string[];
  /** A preview session's files (docs/git.md, "Previews"); absent where Git is off. */
  previewFiles?: PreviewSessionFiles;
  /** Told once the session's sandbox answers, before marimo is set up in it (eager surfaces start then). */
  onSandboxReady?(record: SessionRecord): void;
  /** Spans for the start and each of its phases (docs/telemetry.md, "Traces"). */
  tracer?: Tracer;
  /** What sandboxes receive of the project's secrets and integrations (docs/project-secrets.md). */
  workloads?: Pick<WorkloadEnvironments, 'environmentFor'>;
  /** The packages the kernel starts with: a locked environment, or the runtime's install (docs/environments.md). */
  environments?: Pick<NotebookEnvironments, 'prepare' | 'install'>;
}

/**
 * What the session's sandbox receives (null: nothing). Preview sessions receive nothing: they run
 * code that is not the notebook's yet (a change request's), which the project's secrets must not
 * meet. `mayUse` is the starter's own decision where a request started the session.
 */
export async function sessionWorkload(
  deps: Pick<ProvisionerDeps, 'workloads'>,
  record: Pick<SessionRecord, 'id' | 'project_id' | 'notebook_id' | 'mode' | 'user_id' | 'preview_id'>,
  mayUse?: boolean,
): Promise<WorkloadEnvironment | null> {
  if (!deps.workloads || record.preview_id) return null;
  return deps.workloads.environmentFor({
    projectId: record.project_id,
    notebookId: record.notebook_id,
    mode: record.mode,
    userId: record.user_id,
    sessionId: record.id,
    ...(mayUse === undefined ? {} : { mayUse }),
  });
}

/** The span of each phase (docs/telemetry.md): the specification names reachable, files, setup and waitport. */
const PHASE_SPANS: Record<Exclude<ProvisionPhase, 'queued' | 'ready'>, string> = {
  sandbox: 'sandbox.create',
  files: 'sandbox.files',
  environment: 'sandbox.setup',
  server: 'sandbox.waitport',
};

/** Thrown inside provisioning when the session was stopped meanwhile: nothing more to do. */
class Abandoned extends Error {}

export const codeHash = (code: string) => createHash('sha256').update(code).digest('hex');

/**
 * Brings a session from `provisioning` to `running`: a sandbox with the notebook and its
 * workspace files, the notebook's dependencies installed, marimo answering under the session's
 * base URL. Each phase is recorded on the session (for progress) and timed; one
 * `session_provision` line reports the outcome. A failure leaves the session `failed` with the
 * error code and hands the sandbox back for destruction. The server process comes back too (null
 * for a warm sandbox's, started by the pool), for the supervisor to see it exit.
 */
export async function provisionSession(
  deps: ProvisionerDeps,
  initial: SessionRecord,
  /** What the start decided its sandbox receives; undefined: decide now (an app the hub restarts). */
  prepared?: WorkloadEnvironment | null,
): Promise<{ record: SessionRecord; process: SandboxProcess | null }> {
  const tracer = deps.tracer ?? NO_TRACING;
  const attributes = { 'notebook_hub.session.id': initial.id, 'notebook_hub.session.mode': initial.mode, 'notebook_hub.session.warm': initial.warm };
  return tracer.withSpan('session.provision', { attributes }, async (span) => {
    const provisioned = await provisionIn(deps, tracer, span, initial, prepared);
    span.setAttributes({ 'notebook_hub.session.state': provisioned.record.state });
    if (provisioned.record.state === 'failed') span.fail(provisioned.record.failure?.code ?? 'failed');
    return provisioned;
  });
}

async function provisionIn(
  deps: ProvisionerDeps,
  tracer: Tracer,
  span: Span,
  initial: SessionRecord,
  prepared: WorkloadEnvironment | null | undefined,
): Promise<{ record: SessionRecord; process: SandboxProcess | null }> {
  const timings: Record<string, number> = {};
  const began = performance.now();
  let sandbox: Sandbox | null = null;
  let withSandbox = initial;
  const progress = startProgress(deps.sessions, initial);
  // The record names the trace of its latest start: a restart's, or one that did not run in its request's trace.
  const traceId = recordedTraceIdOf(span.traceparent);
  if (traceId !== null && initial.trace_id !== traceId) progress.record({ trace_id: traceId }).catch(() => {});
  const phase = async (name: keyof typeof PHASE_SPANS, timing: string, work: () => Promise<void>) => {
    if (progress.left) throw new Abandoned();
    progress.phase(name);
    const started = performance.now();
    await tracer.withSpan(PHASE_SPANS[name], {}, work);
    timings[timing] = Math.round(performance.now() - started);
  };
  const overall = AbortSignal.timeout(deps.startupTimeoutMs);

  try {
    // A warm sandbox was started before anyone knew what it would receive: a start whose sandbox
    // receives something never takes one (session-manager.ts), so it receives nothing here.
    const workload = initial.warm ? null : prepared !== undefined ? prepared : await sessionWorkload(deps, initial);
    if (initial.warm) {
      // Claimed from the warm pool: the sandbox runs and marimo answers already.
      sandbox = initial.sandbox;
    } else {
      await phase('sandbox', 'provision_create_ms', async () => {
        sandbox = await deps.driver.create(
          {
            ...(initial.image ? { image: initial.image } : {}),
            compute: deps.computeOf(initial.compute_profile),
            ports: ['marimo', ...(deps.surfacePorts?.(initial.mode) ?? [])],
            labels: sandboxLabelsOf(initial),
            ...(givesAnything(workload) ? { secrets: workload.secrets } : {}),
          },
          { onProgress: progress.step },
        );
        // Recorded at once, so that whoever cleans up after a failure or a crash finds the sandbox.
        // A start decided anew (an app the hub restarts) says what this sandbox received.
        withSandbox = await progress.record({
          sandbox,
          ...(prepared === undefined ? { received: workload?.received, secrets_refresh_at: workload?.refreshAt?.toISOString() } : {}),
        });
        if (withSandbox.state !== 'provisioning') throw new Abandoned();
      });
      const reachable = performance.now();
      await tracer.withSpan('sandbox.reachable', {}, () =>
        deps.driver.waitReady((sandbox as unknown as Sandbox).id, { timeoutMs: deps.startupTimeoutMs, signal: overall }),
      );
      timings.provision_reachable_ms = Math.round(performance.now() - reachable);
    }
    const ready = sandbox as unknown as Sandbox;
    deps.onSandboxReady?.(withSandbox);

    let code = '';
    await phase('files', 'provision_files_ms', async () => {
      if (initial.preview_id) {
        if (!deps.previewFiles) throw new Error('not a preview session');
        code = await deps.previewFiles.writeInto(ready.id, { ...initial, preview_id: initial.preview_id });
        return;
      }
      code = await writeNotebookIntoSandbox(deps, ready.id, {
        projectId: initial.project_id,
        notebookId: initial.notebook_id,
        versionId: initial.base_version_id,
        entryFile: initial.entry_file,
      });
    });

    let env: Record<string, string> = {};
    let environmentId: string | null = null;
    await phase('environment', 'provision_setup_ms', async () => {
      if (!deps.environments) {
        env = (await deps.runtime.prepareEnvironment(ready, initial.entry_file, deps.logger, code)).env;
        return;
      }
      const start = {
        projectId: initial.project_id,
        notebookId: initial.notebook_id,
        versionId: initial.base_version_id,
        entryFile: initial.entry_file,
        code,
        sandbox: ready,
        onStep: (step: string) => progress.step(step, 'environment'),
      };
      // A preview runs a change request's code, which no saved version's lock covers: it is installed.
      const prepared = initial.preview_id ? await deps.environments.install(start, deps.logger) : await deps.environments.prepare(start, deps.logger);
      env = prepared.env;
      environmentId = prepared.environmentId;
    });

    let endpoint: SessionRecord['endpoint'] = initial.endpoint;
    let process: SandboxProcess | null = null;
    if (!initial.warm)
      await phase('server', 'provision_waitport_ms', async () => {
        if (overall.aborted) throw new HubError('SERVICE_UNAVAILABLE', 'the sandbox did not become ready within the start-up timeout');
        const server = await deps.runtime.startServer(ready, {
          mode: initial.mode,
          notebook: initial.entry_file,
          baseUrl: initial.base_url,
          token: initial.secret,
          // Notebook code can continue the trace of its session's start (docs/telemetry.md).
          env: span.traceparent ? { ...env, TRACEPARENT: span.traceparent } : env,
          readyTimeoutMs: deps.startupTimeoutMs,
        });
        endpoint = server.endpoint;
        process = server.process;
      });

    const running = await deps.sessions.update(initial.project_id, initial.id, (current) =>
      current.state === 'provisioning'
        ? {
            ...current,
            state: 'running',
            phase: 'ready',
            endpoint,
            runtime_env: env,
            ...(environmentId ? { environment_id: environmentId } : {}),
            started_at: deps.now().toISOString(),
            saved_code_hash: codeHash(code),
          }
        : undefined,
    );
    if (running.state !== 'running') throw new Abandoned();
    report(deps.logger, initial, 'ready', timings, began);
    return { record: running, process };
  } catch (error) {
    if (error instanceof Abandoned) {
      report(deps.logger, initial, 'abandoned', timings, began);
      const latest = (await deps.sessions.get(initial.project_id, initial.id)) ?? initial;
      // Stopped before the sandbox was recorded: nobody else knows about it, so it goes now.
      const created = sandbox as Sandbox | null;
      if (created && latest.sandbox?.id !== created.id) await deps.driver.destroy(created.id).catch(() => {});
      return { record: latest, process: null };
    }
    const failure = failureOf(error, initial.compute_profile);
    report(deps.logger, initial, 'failed', timings, began, failure.code);
    const { record: failed } = await endSession(deps, initial, (current) =>
      current.state === 'provisioning'
        ? {
            ...current,
            state: 'failed',
            // A restart that failed ends a session whose server died: that is why it is over.
            stop_reason: (current.restarts ?? 0) > 0 ? 'kernel_lost' : 'provision_failed',
            failure,
            stopped_at: deps.now().toISOString(),
            sandbox: current.sandbox ?? sandbox,
          }
        : undefined,
    );
    return { record: failed, process: null };
  }
}

function failureOf(error: unknown, profile: string): { code: string; message: string } {
  return sandboxFailureOf(error, { noRoom: `no room for compute profile "${profile}"`, internal: 'the session could not be started' });
}

/**
 * The `session_provision` line of an edit start that lost the notebook's editor claim (`preflight`:
 * the claim was retiring; `claim`: another start took it first). No session was stored, so the
 * line names none.
 */
export function reportClaimLost(logger: Logger, attempt: SessionRecord, phase: EditorClaimLostPhase, code: string): void {
  logger.info(
    {
      event: 'session_provision',
      client: attempt.client,
      project_id: attempt.project_id,
      notebook_id: attempt.notebook_id,
      mode: attempt.mode,
      outcome: 'failed',
      warm: attempt.warm,
      provision_error_code: code,
      editor_claim_lost: true,
      editor_claim_lost_phase: phase,
    },
    'session_provision',
  );
}

function report(logger: Logger, record: SessionRecord, outcome: string, timings: Record<string, number>, began: number, code?: string): void {
  logger.info(
    {
      event: 'session_provision',
      client: record.client,
      session_id: record.id,
      project_id: record.project_id,
      notebook_id: record.notebook_id,
      mode: record.mode,
      outcome,
      warm: record.warm,
      ...(code ? { provision_error_code: code } : {}),
      ...timings,
      provision_total_ms: Math.round(performance.now() - began),
    },
    'session_provision',
  );
}
