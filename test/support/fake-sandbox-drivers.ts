import type {
  CreateOptions,
  ExecRequest,
  ExecResult,
  PortEndpoint,
  Sandbox,
  SandboxDriver,
  SandboxProcess,
  SandboxSpec,
  SandboxSummary,
  WaitReadyOptions,
} from '../../service/src/core/ports/sandbox-driver.js';
import { SandboxError } from '../../service/src/core/ports/sandbox-driver.js';

/** Passes every call to a real driver; the fakes below change one thing each. */
class WrappedDriver implements SandboxDriver {
  constructor(readonly inner: SandboxDriver) {}
  get kind(): string {
    return this.inner.kind;
  }
  get ownerId(): string {
    return this.inner.ownerId;
  }
  get canAttach(): boolean {
    return this.inner.canAttach;
  }
  create(spec: SandboxSpec, options?: CreateOptions): Promise<Sandbox> {
    return this.inner.create(spec, options);
  }
  waitReady(id: string, options: WaitReadyOptions): Promise<void> {
    return this.inner.waitReady(id, options);
  }
  exec(id: string, request: ExecRequest): Promise<ExecResult> {
    return this.inner.exec(id, request);
  }
  spawn(id: string, request: Omit<ExecRequest, 'timeoutMs' | 'check'>): Promise<SandboxProcess> {
    return this.inner.spawn(id, request);
  }
  writeFile(id: string, path: string, data: string | Buffer): Promise<void> {
    return this.inner.writeFile(id, path, data);
  }
  readFile(id: string, path: string): Promise<Buffer> {
    return this.inner.readFile(id, path);
  }
  replaceSecretFiles(id: string, files: Record<string, Uint8Array>): Promise<void> {
    return this.inner.replaceSecretFiles(id, files);
  }
  exposePort(id: string, port: string): Promise<PortEndpoint> {
    return this.inner.exposePort(id, port);
  }
  list(): Promise<SandboxSummary[]> {
    return this.inner.list();
  }
  destroy(id: string): Promise<void> {
    return this.inner.destroy(id);
  }
  close(): Promise<void> {
    return this.inner.close();
  }
}

/**
 * The real local driver, saying it cannot attach to sandboxes an earlier process created. The
 * providers that really cannot (some Kubernetes set-ups, for instance) cannot run here, and the
 * hub's rules for them (docs/sessions.md) depend on nothing but this flag.
 */
export class FakeUnattachableDriver extends WrappedDriver {
  override get canAttach(): boolean {
    return false;
  }
}

/**
 * The real local driver, whose destroy fails or takes its time on demand: a container engine
 * that is down or a sandbox that will not die cannot be produced at will with real backends here.
 */
export class FakeFaultyDestroyDriver extends WrappedDriver {
  /**
   * `fail`: destroy throws BACKEND_ERROR; `slow`: destroy waits `delayMs` first; `held`: destroy
   * waits until `until` settles (a teardown the test ends when it has seen enough); null: the real one.
   */
  fault: { kind: 'fail' } | { kind: 'slow'; delayMs: number } | { kind: 'held'; until: Promise<void> } | null = null;

  override async destroy(id: string): Promise<void> {
    const fault = this.fault;
    if (fault?.kind === 'fail') throw new SandboxError('BACKEND_ERROR', `the backend refused to destroy ${id}`);
    if (fault?.kind === 'slow') await new Promise((resolve) => setTimeout(resolve, fault.delayMs));
    if (fault?.kind === 'held') await fault.until;
    return this.inner.destroy(id);
  }
}

/**
 * A real driver whose sandboxes take `delayMs` longer to come up after the driver's last start-up
 * step: a slow image pull or a busy node cannot be produced at will in the test cluster, and the
 * start-up screen is only seen while that step lasts.
 */
export class FakeSlowStartDriver extends WrappedDriver {
  constructor(
    inner: SandboxDriver,
    private readonly delayMs: number,
  ) {
    super(inner);
  }

  override async create(spec: SandboxSpec, options?: CreateOptions): Promise<Sandbox> {
    const sandbox = await this.inner.create(spec, options);
    await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    return sandbox;
  }
}
