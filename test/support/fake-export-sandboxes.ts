import type { Logger } from '../../service/src/core/ports/logger.js';
import type { NotebookRuntime } from '../../service/src/core/ports/notebook-runtime.js';
import {
  SandboxError,
  type ExecRequest,
  type ExecResult,
  type Sandbox,
  type SandboxDriver,
  type SandboxSpec,
  type SandboxSummary,
} from '../../service/src/core/ports/sandbox-driver.js';

/** One `marimo export html` a job run asked a {@link FakeExportSandboxDriver} sandbox for. */
export interface FakeExport {
  sandboxId: string;
  /** The notebook file, and its content in the sandbox. */
  entryFile: string;
  code: string;
  /** The notebook's arguments (what follows `--`). */
  args: string[];
  env: Record<string, string>;
  /** What the notebook prints (the log file marimo's output goes to). */
  print(text: string): void;
  /** The page marimo renders. */
  render(html: string): void;
  /** Settles when the sandbox is destroyed under the command (a cancel, a timeout, a shutdown). */
  destroyed: Promise<void>;
}

/** What the notebook does when run: the exit code marimo ends with. */
export type FakeExportBehaviour = (run: FakeExport) => Promise<number> | number;

interface FakeSandbox {
  sandbox: Sandbox;
  spec: SandboxSpec;
  files: Map<string, Buffer>;
  alive: boolean;
  destroy: () => void;
  destroyed: Promise<void>;
}

/**
 * A sandbox driver with no sandboxes behind it, for unit tests of job runs: files live in memory,
 * and `marimo export html` is answered by `behaviour` (by default: it prints a line, renders a
 * page and exits 0). A real run needs a real marimo; what the scheduler and runner do with it
 * depends only on how the command ends, which the test decides. Any other command fails loudly.
 */
export class FakeExportSandboxDriver implements SandboxDriver {
  readonly kind = 'fake-export';
  readonly ownerId = 'fake-export';
  readonly canAttach = true;
  readonly sandboxes = new Map<string, FakeSandbox>();
  readonly exports: FakeExport[] = [];
  /** Every destroy call, in order (a destroy of an unknown id too). */
  readonly destroyCalls: string[] = [];
  /** Every secret file a running sandbox was given anew (a refreshed token), in order. */
  readonly secretFileWrites: { sandboxId: string; name: string; data: Buffer }[] = [];
  behaviour: FakeExportBehaviour = (run) => {
    run.print('notebook ran');
    run.render('<html>rendered</html>');
    return 0;
  };
  /** The next create fails with this error (once). */
  failNextCreate: Error | null = null;
  private created = 0;

  async create(spec: SandboxSpec): Promise<Sandbox> {
    const failure = this.failNextCreate;
    this.failNextCreate = null;
    if (failure) throw failure;
    const id = `fake-sbx-${++this.created}`;
    let destroy!: () => void;
    const destroyed = new Promise<void>((resolve) => (destroy = resolve));
    const sandbox: Sandbox = {
      id,
      image: spec.image ?? 'fake-image',
      workspaceDir: '/work',
      homeDir: '/home',
      bindHost: '127.0.0.1',
      ports: {},
      createdAt: new Date().toISOString(),
    };
    this.sandboxes.set(id, { sandbox, spec, files: new Map(), alive: true, destroy, destroyed });
    return sandbox;
  }

  async waitReady(id: string): Promise<void> {
    this.live(id);
  }

  async exec(id: string, request: ExecRequest): Promise<ExecResult> {
    const box = this.live(id);
    const [shell, , script, , logFile, marimo, command, format, entryFile, ...rest] = request.argv;
    if (shell !== 'sh' || !script?.includes('exec "$@"') || marimo !== 'marimo' || command !== 'export' || format !== 'html' || !entryFile || !logFile) {
      throw new Error(`FakeExportSandboxDriver runs only a job's marimo export, not: ${request.argv.join(' ')}`);
    }
    const output = rest[rest.indexOf('--output') + 1]!;
    const dashes = rest.indexOf('--');
    let log = '';
    const run: FakeExport = {
      sandboxId: id,
      entryFile,
      code: box.files.get(entryFile)?.toString('utf8') ?? '',
      args: dashes < 0 ? [] : rest.slice(dashes + 1),
      env: request.env ?? {},
      print: (text) => {
        log += text.endsWith('\n') ? text : `${text}\n`;
        box.files.set(logFile, Buffer.from(log, 'utf8'));
      },
      render: (html) => void box.files.set(output, Buffer.from(html, 'utf8')),
      destroyed: box.destroyed,
    };
    this.exports.push(run);
    // A destroyed sandbox ends the command, as a killed container or process group would.
    const killed = box.destroyed.then(() => {
      throw new SandboxError('BACKEND_ERROR', `sandbox ${id} was destroyed while the command ran`);
    });
    const exitCode = await Promise.race([Promise.resolve(this.behaviour(run)), killed]);
    if (!box.alive) throw new SandboxError('BACKEND_ERROR', `sandbox ${id} was destroyed while the command ran`);
    return { exitCode, stdout: '', stderr: '', durationMs: 0 };
  }

  async spawn(): Promise<never> {
    throw new Error('FakeExportSandboxDriver starts no servers');
  }

  async writeFile(id: string, path: string, data: string | Buffer): Promise<void> {
    this.live(id).files.set(path, Buffer.from(data));
  }

  async readFile(id: string, path: string): Promise<Buffer> {
    const content = this.live(id).files.get(path);
    if (!content) throw new SandboxError('COMMAND_FAILED', `no file ${path} in sandbox ${id}`);
    return Buffer.from(content);
  }

  /** Replaces secret files the sandbox was created with, recording each replacement in {@link secretFileWrites}. */
  async replaceSecretFiles(id: string, files: Record<string, Uint8Array>): Promise<void> {
    const box = this.live(id);
    for (const name of Object.keys(files)) {
      if (!(name in (box.spec.secrets?.files ?? {}))) throw new SandboxError('SPAWN_FAILED', `sandbox ${id} received no secret file ${name}`);
    }
    for (const [name, data] of Object.entries(files)) this.secretFileWrites.push({ sandboxId: id, name, data: Buffer.from(data) });
  }

  async exposePort(): Promise<never> {
    throw new Error('FakeExportSandboxDriver exposes no ports');
  }

  async list(): Promise<SandboxSummary[]> {
    return [...this.sandboxes.values()]
      .filter((box) => box.alive)
      .map(({ sandbox, spec }) => ({
        id: sandbox.id,
        ownerId: this.ownerId,
        image: sandbox.image,
        createdAt: sandbox.createdAt,
        state: 'running',
        labels: spec.labels ?? {},
      }));
  }

  async destroy(id: string): Promise<void> {
    this.destroyCalls.push(id);
    const box = this.sandboxes.get(id);
    if (!box?.alive) return;
    box.alive = false;
    box.destroy();
  }

  async close(): Promise<void> {}

  /** The ids of the sandboxes still there. */
  alive(): string[] {
    return [...this.sandboxes.values()].filter((box) => box.alive).map((box) => box.sandbox.id);
  }

  private live(id: string): FakeSandbox {
    const box = this.sandboxes.get(id);
    if (!box?.alive) throw new SandboxError('NOT_FOUND', `no sandbox ${id}`);
    return box;
  }
}

/**
 * A notebook runtime for {@link FakeExportSandboxDriver}: installing dependencies succeeds at once
 * (or fails with `setupFailure`); it starts no servers.
 */
export class FakeExportRuntime implements NotebookRuntime {
  setupFailure: Error | null = null;
  readonly prepared: { sandboxId: string; notebook: string; source: string | undefined }[] = [];

  async prepareEnvironment(sandbox: Sandbox, notebook: string, _logger: Logger, source?: string) {
    this.prepared.push({ sandboxId: sandbox.id, notebook, source });
    if (this.setupFailure) throw this.setupFailure;
    return { env: { FAKE_ENV: '1' }, timings: {} };
  }

  async startServer(): Promise<never> {
    throw new Error('FakeExportRuntime starts no servers');
  }

  async exportHtml(): Promise<never> {
    throw new Error('FakeExportRuntime: job runs export through the driver');
  }

  async listWorkspace(): Promise<never> {
    throw new Error('FakeExportRuntime lists no workspaces');
  }
}
