import type { KernelAddress, KernelHealth } from '../../service/src/core/ports/kernel-health.js';
import type { NotebookRuntime, RuntimeServer, SandboxWorkspaceListing, StartServerRequest } from '../../service/src/core/ports/notebook-runtime.js';
import {
  SandboxError,
  type CreateOptions,
  type ExecRequest,
  type ExecResult,
  type PortEndpoint,
  type Sandbox,
  type SandboxDriver,
  type SandboxProcess,
  type SandboxSpec,
  type SandboxSummary,
} from '../../service/src/core/ports/sandbox-driver.js';

/** A notebook server of the fake runtime: it "answers" until killed, and its exit settles at once. */
class FakeServerProcess implements SandboxProcess {
  alive = true;
  readonly exited: Promise<{ exitCode: number | null }>;
  private settle!: (outcome: { exitCode: number | null }) => void;
  constructor() {
    this.exited = new Promise((resolve) => (this.settle = resolve));
  }
  kill(): void {
    if (!this.alive) return;
    this.alive = false;
    this.settle({ exitCode: null });
  }
  outputTail() {
    return { stdout: '', stderr: '' };
  }
}

interface FakeSandbox {
  sandbox: Sandbox;
  labels: Record<string, string>;
  files: Map<string, Buffer>;
  port: number;
  server: FakeServerProcess | null;
}

/** How the fake driver's destroy behaves: at once, failing, or waiting for the test to let it go. */
export type FakeDestroyMode = 'prompt' | 'fail' | 'held';

/**
 * Sandboxes kept in memory, for core tests of the session state machine that need thousands of
 * starts and stops in seconds and no real process: no code runs in them. The test decides what a
 * real backend would do on its own: a sandbox vanishing behind the hub's back (`vanish`), its
 * notebook server dying (`killServer`), a destroy that fails or takes its time (`destroyMode`), a
 * sandbox that does not come up (`holdReadiness`).
 */
export class FakeMemorySandboxDriver implements SandboxDriver {
  readonly kind = 'fake-memory';
  readonly ownerId = 'fake-memory';
  readonly canAttach = true;
  destroyMode: FakeDestroyMode = 'prompt';
  /** Destroys asked for while `held`, each waiting for `releaseDestroys`. */
  readonly heldDestroys: string[] = [];
  private readonly sandboxes = new Map<string, FakeSandbox>();
  private nextId = 1;
  private releaseHeld: (() => void)[] = [];
  private readinessHeld: Promise<void> | null = null;
  private releaseReadiness: (() => void) | null = null;

  async create(spec: SandboxSpec, _options?: CreateOptions): Promise<Sandbox> {
    const id = `fake-sbx-${this.nextId++}`;
    const sandbox: Sandbox = {
      id,
      image: spec.image ?? 'fake-image',
      workspaceDir: '/workspace',
      homeDir: '/home',
      bindHost: '127.0.0.1',
      ports: Object.fromEntries((spec.ports ?? []).map((name, index) => [name, 2718 + index])),
      createdAt: new Date().toISOString(),
    };
    this.sandboxes.set(id, { sandbox, labels: spec.labels ?? {}, files: new Map(), port: 20_000 + this.nextId, server: null });
    return sandbox;
  }

  async waitReady(id: string): Promise<void> {
    this.require(id);
    if (this.readinessHeld) await this.readinessHeld;
  }

  async exec(id: string, _request: ExecRequest): Promise<ExecResult> {
    this.require(id);
    return { exitCode: 0, stdout: '', stderr: '', durationMs: 0 };
  }

  async spawn(id: string): Promise<SandboxProcess> {
    this.require(id);
    throw new SandboxError('SPAWN_FAILED', 'the fake driver runs no process');
  }

  async writeFile(id: string, path: string, data: string | Buffer): Promise<void> {
    this.require(id).files.set(path, Buffer.from(data));
  }

  async readFile(id: string, path: string): Promise<Buffer> {
    const file = this.require(id).files.get(path);
    if (!file) throw new SandboxError('BACKEND_ERROR', `no file ${path} in ${id}`);
    return file;
  }

  /** Its sandboxes keep no secrets (sessions here receive none): nothing to replace. */
  async replaceSecretFiles(id: string, files: Record<string, Uint8Array>): Promise<void> {
    this.require(id);
    throw new SandboxError('SPAWN_FAILED', `sandbox ${id} received no secret file among ${Object.keys(files).join(', ')}`);
  }

  async exposePort(id: string): Promise<PortEndpoint> {
    return { host: '127.0.0.1', port: this.require(id).port };
  }

  async list(): Promise<SandboxSummary[]> {
    return [...this.sandboxes.values()].map(({ sandbox, labels }) => ({
      id: sandbox.id,
      ownerId: this.ownerId,
      image: sandbox.image,
      createdAt: sandbox.createdAt,
      state: 'running',
      labels,
    }));
  }

  async destroy(id: string): Promise<void> {
    if (this.destroyMode === 'fail') throw new SandboxError('BACKEND_ERROR', `the backend refused to destroy ${id}`);
    if (this.destroyMode === 'held') {
      this.heldDestroys.push(id);
      await new Promise<void>((resolve) => this.releaseHeld.push(resolve));
    }
    this.sandboxes.get(id)?.server?.kill();
    this.sandboxes.delete(id);
  }

  async close(): Promise<void> {}

  /** Lets every held destroy finish; later ones finish at once. */
  releaseDestroys(): void {
    this.destroyMode = 'prompt';
    for (const release of this.releaseHeld.splice(0)) release();
  }

  /** New sandboxes do not come up until `letReadinessGo` (a start stalled on a slow backend). */
  holdReadiness(): void {
    this.readinessHeld = new Promise((resolve) => (this.releaseReadiness = resolve));
  }

  letReadinessGo(): void {
    this.releaseReadiness?.();
    this.readinessHeld = null;
  }

  /** The sandbox disappears behind the hub's back (a pod deleted, a container killed). */
  vanish(id: string): void {
    this.sandboxes.get(id)?.server?.kill();
    this.sandboxes.delete(id);
  }

  /** The sandbox's notebook server dies; the sandbox lives on. */
  killServer(id: string): void {
    this.require(id).server?.kill();
  }

  /** A server of the fake runtime starts in the sandbox. */
  startServer(id: string): { endpoint: PortEndpoint; process: FakeServerProcess } {
    const entry = this.require(id);
    entry.server = new FakeServerProcess();
    return { endpoint: { host: '127.0.0.1', port: entry.port }, process: entry.server };
  }

  /** Whether the server behind `endpoint` is alive. */
  answers(endpoint: PortEndpoint): boolean {
    for (const entry of this.sandboxes.values()) if (entry.port === endpoint.port) return entry.server?.alive ?? false;
    return false;
  }

  has(id: string): boolean {
    return this.sandboxes.has(id);
  }

  private require(id: string): FakeSandbox {
    const entry = this.sandboxes.get(id);
    if (!entry) throw new SandboxError('NOT_FOUND', `no sandbox ${id}`);
    return entry;
  }
}

/** A notebook runtime over the fake driver: installs nothing, "starts" a server that answers until killed. */
export class FakeMemoryRuntime implements NotebookRuntime {
  /** The next server start fails, as marimo failing to start would. */
  failStarts = false;

  constructor(private readonly driver: FakeMemorySandboxDriver) {}

  async prepareEnvironment() {
    return { env: {}, timings: {} };
  }

  async startServer(sandbox: Sandbox, request: StartServerRequest): Promise<RuntimeServer> {
    if (this.failStarts) throw new SandboxError('COMMAND_FAILED', 'the fake notebook server did not start');
    const { endpoint, process } = this.driver.startServer(sandbox.id);
    return { endpoint, baseUrl: request.baseUrl, proxyHeaders: {}, process };
  }

  async exportHtml(): Promise<Buffer> {
    return Buffer.from('<html></html>');
  }

  async listWorkspace(): Promise<SandboxWorkspaceListing> {
    return { files: [], skipped: [], ignored_dirs: [] };
  }
}

/** The health check of the fake runtime's servers. */
export const fakeMemoryKernelHealth = (driver: FakeMemorySandboxDriver): KernelHealth => ({
  answers: async (address: KernelAddress) => driver.answers(address.endpoint),
});
