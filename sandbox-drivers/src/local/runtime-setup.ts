import type { RuntimeSetup, RuntimeSetupStatus } from '@notebook-hub/kernel/ports/sandbox-driver.js';
import { TailBuffer } from '../shared/output-buffer.js';
import type { ProgressEvent, ProgressListener } from '../shared/progress.js';
import { inspectLocalRuntime, type RuntimeHealth } from './runtime-health.js';
import { ensureLocalRuntime, type LocalRuntime } from './runtime-venv.js';

export interface LocalRuntimeSetupOptions {
  /** The runtime directory (the venv is its `venv/`). */
  dir: string;
  wheelhouse?: string | undefined;
  /** The pins to build (default: the project's, runtime/pins.ts). */
  requirements?: readonly string[];
  /** The interpreter builds start from (default: $PYTHON or `python3` on PATH). */
  python?: string;
  /** Progress also goes here (the stderr display by default in the driver). */
  onProgress?: ProgressListener;
  /** How long an inspection is reused between builds: it runs marimo and uv, about a second. */
  inspectionTtlMs?: number;
}

/** Enough of the build log to see why it failed: uv and pip print the failing package's error last. */
const LOG_TAIL_BYTES = 16 * 1024;
const DEFAULT_INSPECTION_TTL_MS = 15_000;

interface Build {
  promise: Promise<LocalRuntime>;
  /** Whether it is building anything: set on its first progress event, or at once for an asked-for build. */
  building: boolean;
  progress: ProgressEvent | null;
}

/**
 * The local runtime's set-up as the hub sees it (docs/runtime.md): one build at a time per driver
 * (every caller, a sandbox start included, joins the running one), its progress and log kept in
 * memory for the status, and the runtime's health inspected without changing anything.
 */
export class LocalRuntimeSetup implements RuntimeSetup {
  private current: Build | null = null;
  private log = new TailBuffer(LOG_TAIL_BYTES);
  /** Why the last build failed; cleared by the next one that succeeds. */
  private failure: string | null = null;
  private inspection: { at: number; health: Promise<RuntimeHealth> } | null = null;
  private readonly ttlMs: number;

  constructor(private readonly options: LocalRuntimeSetupOptions) {
    this.ttlMs = options.inspectionTtlMs ?? DEFAULT_INSPECTION_TTL_MS;
  }

  /** The runtime, built first when it is not current: what a sandbox start waits for. */
  ensure(): Promise<LocalRuntime> {
    return this.start(false, false);
  }

  async prepare(options: { rebuild?: boolean } = {}): Promise<void> {
    await this.start(options.rebuild ?? false, true);
  }

  async status(): Promise<RuntimeSetupStatus> {
    const logTail = this.log.text();
    const build = this.current;
    if (build?.building) {
      return {
        state: 'preparing',
        percent: Math.round(build.progress?.percent ?? 0),
        step: build.progress?.step ?? 'starting',
        detail: 'The notebook runtime is being set up.',
        logTail,
      };
    }
    const health = await this.inspect();
    const idle = { percent: null, step: null, logTail };
    switch (health.state) {
      case 'ready':
        return { state: 'ready', detail: health.detail, ...idle };
      case 'no_python':
        return { state: 'no_python', detail: health.detail, ...idle };
      case 'missing':
        if (this.failure === null) return { state: 'missing', detail: health.detail, ...idle };
        break;
      case 'incomplete':
      case 'outdated':
      case 'broken':
        if (this.failure === null) return { state: 'needs_repair', detail: health.detail, ...idle };
    }
    return { state: 'failed', detail: `The last set-up of the notebook runtime failed: ${this.failure}`, ...idle };
  }

  private start(rebuild: boolean, asked: boolean): Promise<LocalRuntime> {
    const running = this.current;
    if (running) {
      // A rebuild asked for while a sandbox start only checks the stamp comes right after that check.
      if (rebuild && !running.building) return running.promise.catch(() => null).then(() => this.start(rebuild, asked));
      if (asked && !running.building) {
        running.building = true;
        this.beginLog(rebuild);
      }
      return running.promise;
    }
    // Its promise is set just below, before anything can read it.
    const build = { building: asked, progress: null } as unknown as Build;
    if (asked) this.beginLog(rebuild);
    const onProgress = (event: ProgressEvent): void => {
      if (!build.building) {
        build.building = true;
        this.beginLog(rebuild);
      }
      build.progress = event;
      this.log.push(`[${Math.round(event.percent)}%] ${event.step}\n`);
      this.options.onProgress?.(event);
    };
    const promise = ensureLocalRuntime({
      dir: this.options.dir,
      rebuild,
      onProgress,
      onLog: (line) => build.building && this.log.push(`${line}\n`),
      ...(this.options.wheelhouse ? { wheelhouse: this.options.wheelhouse } : {}),
      ...(this.options.requirements ? { requirements: this.options.requirements } : {}),
      ...(this.options.python ? { python: this.options.python } : {}),
    }).then(
      (runtime) => {
        if (build.building) this.failure = null;
        return runtime;
      },
      (error: unknown) => {
        const message = error instanceof Error ? error.message : String(error);
        // The message ends with the failing command's output, already in the log: its first line says which failed.
        this.failure = (message.split('\n')[0] ?? message).replace(/:$/, '');
        this.log.push(`${this.failure}\n`);
        throw error;
      },
    );
    build.promise = promise;
    this.current = build;
    // Whatever the outcome, the next status looks at the runtime again.
    const settled = (): void => {
      if (this.current === build) this.current = null;
      this.inspection = null;
    };
    promise.then(settled, settled);
    return promise;
  }

  private beginLog(rebuild: boolean): void {
    this.log = new TailBuffer(LOG_TAIL_BYTES);
    this.log.push(`${new Date().toISOString()} ${rebuild ? 'rebuilding' : 'building'} the notebook runtime in ${this.options.dir}\n`);
    this.inspection = null;
  }

  private inspect(): Promise<RuntimeHealth> {
    const now = Date.now();
    if (this.inspection === null || now - this.inspection.at > this.ttlMs) {
      const health = inspectLocalRuntime({
        dir: this.options.dir,
        ...(this.options.requirements ? { requirements: this.options.requirements } : {}),
        ...(this.options.python ? { python: this.options.python } : {}),
      });
      this.inspection = { at: now, health };
      // A failed inspection is not kept.
      health.catch(() => (this.inspection = null));
    }
    return this.inspection.health;
  }
}
