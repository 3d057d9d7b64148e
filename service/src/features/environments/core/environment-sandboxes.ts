import type { NotebookFiles } from '../../../core/notebooks/notebook-files.js';
import {
  isSandboxError,
  type ComputeResources,
  type ExecResult,
  type Sandbox,
  type SandboxDriver,
  type SandboxMount,
} from '../../../core/ports/sandbox-driver.js';

/**
 * Resolutions and builds run in sandboxes of their own, like a notebook's install at start, never
 * in the hub's process: a sandbox of the deployment's default compute profile, labelled with what
 * it does, destroyed when the work is over. The uv commands get a deadline each.
 */

export interface EnvironmentSandboxDeps {
  driver: SandboxDriver;
  files: NotebookFiles;
  compute: ComputeResources;
  readyTimeoutMs: number;
}

/** The label that marks a resolution's or a build's sandbox (its value: `resolve` or `build`). */
export const TASK_LABEL = 'environment_task';

/** A uv command's outcome: it ran (whatever its exit code), or it passed its deadline. */
export type CommandOutcome = { kind: 'ran'; result: ExecResult } | { kind: 'timed_out'; result: ExecResult | null };

export class EnvironmentSandboxes {
  /** The sandboxes of this process's tasks going on (the session sweep leaves them alone). */
  private readonly running = new Set<string>();

  constructor(private readonly deps: EnvironmentSandboxDeps) {}

  get driver(): SandboxDriver {
    return this.deps.driver;
  }

  ids(): string[] {
    return [...this.running];
  }

  /**
   * Runs `work` in a fresh sandbox, labelled `labels` and the task, and destroys it afterwards; of
   * `image` (default: the driver's), seeing `mounts` (a build's folder, on Docker).
   */
  async within<T>(
    task: 'resolve' | 'build',
    labels: Record<string, string>,
    work: (sandbox: Sandbox) => Promise<T>,
    spec: { image?: string; mounts?: SandboxMount[] } = {},
  ): Promise<T> {
    const { driver } = this.deps;
    const sandbox = await driver.create({
      compute: this.deps.compute,
      labels: { ...labels, [TASK_LABEL]: task },
      ...(spec.image ? { image: spec.image } : {}),
      ...(spec.mounts?.length ? { mounts: spec.mounts } : {}),
    });
    this.running.add(sandbox.id);
    try {
      await driver.waitReady(sandbox.id, { timeoutMs: this.deps.readyTimeoutMs });
      return await work(sandbox);
    } finally {
      this.running.delete(sandbox.id);
      await driver.destroy(sandbox.id).catch(() => {});
    }
  }

  /** Writes the notebook's workspace files into the sandbox (for uv settings that name a folder of it). */
  async writeWorkspace(sandbox: Sandbox, projectId: string, notebookId: string, except: string): Promise<void> {
    for (const file of await this.deps.files.filesOf(projectId, notebookId)) {
      if (file.path !== except) await this.deps.driver.writeFile(sandbox.id, file.path, await file.read());
    }
  }

  /** Runs a command, telling a passed deadline apart from every other failure (which is thrown). */
  async command(sandbox: Sandbox, argv: string[], env: Record<string, string>, timeoutMs: number): Promise<CommandOutcome> {
    try {
      return { kind: 'ran', result: await this.deps.driver.exec(sandbox.id, { argv, env, timeoutMs }) };
    } catch (error) {
      if (isSandboxError(error) && error.timedOut) return { kind: 'timed_out', result: error.result ?? null };
      throw error;
    }
  }
}
