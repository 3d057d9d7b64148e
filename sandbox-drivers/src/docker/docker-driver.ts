import Docker from 'dockerode';
import { timeOrderedId } from '@notebook-hub/kernel/ids.js';
import {
  SandboxError,
  SECRET_FILE_NAME,
  type CreateOptions,
  type ExecRequest,
  type ExecResult,
  type PortEndpoint,
  type Sandbox,
  type SandboxDriver,
  type SandboxProcess,
  type SandboxMount,
  type SandboxSpec,
  type SandboxSummary,
  type WaitReadyOptions,
} from '@notebook-hub/kernel/ports/sandbox-driver.js';
import { IMAGE_USER, IMAGE_WORKSPACE_DIR } from '../../runtime/pins.js';
import { workspacePath } from '../shared/paths.js';
import { containerPorts } from '../shared/port-numbers.js';
import { pollReadiness } from '../shared/readiness.js';
import { CONTAINER_SECRETS_DIR, secretsOf, secretVariables } from '../shared/secrets.js';
import { fileFromTar, tarOfFile } from './archive.js';
import { dockerExec, dockerSpawn, type ExecTarget } from './docker-exec.js';
import { backendError, engineMessage, statusOf } from './docker-errors.js';
import { LABEL, labelsFor, summaryOf } from './labels.js';

export interface DockerDriverOptions {
  ownerId: string;
  /** The image sandboxes use when the spec names none. */
  image: string;
  /** How to reach the engine (default: DOCKER_HOST or the standard socket). */
  docker?: Docker.DockerOptions;
  /** Network the containers join (default `bridge`). */
  network?: string;
  /** Directories of this machine every container sees (the built environments, read-only). */
  mounts?: SandboxMount[];
}

/**
 * Sandboxes as containers. Ownership, creation time, port names and caller labels live in
 * container labels, so `list()` after a hub restart needs nothing but the engine. Every port is
 * published on 127.0.0.1 only; files move through the archive API, so the engine may be remote.
 */
export class DockerSandboxDriver implements SandboxDriver {
  readonly kind = 'docker';
  readonly ownerId: string;
  /** Sandboxes are labelled containers of the engine: any process of this owner finds and enters them. */
  readonly canAttach = true;
  private readonly docker: Docker;
  private readonly endpoints = new Map<string, Record<string, PortEndpoint>>();

  constructor(private readonly options: DockerDriverOptions) {
    this.ownerId = options.ownerId;
    this.docker = new Docker(options.docker);
  }

  async create(spec: SandboxSpec, options: CreateOptions = {}): Promise<Sandbox> {
    const secrets = secretsOf(spec.secrets);
    const id = `sbx-${timeOrderedId()}`;
    const image = spec.image ?? this.options.image;
    const createdAt = new Date().toISOString();
    const ports = containerPorts(spec.ports);
    const exposed = Object.values(ports).map((port) => `${port}/tcp`);
    // The secrets' variables are the container's own, so every process in it has them; their files
    // go into a memory-backed mount outside the workspace (below, once the container runs).
    const env = { ...(secrets ? secretVariables(secrets, CONTAINER_SECRETS_DIR) : {}), ...spec.env, NOTEBOOK_HUB_SANDBOX_ID: id };
    const secretFiles = secrets !== null && Object.keys(secrets.files).length > 0;
    const mounts = [...(this.options.mounts ?? []), ...(spec.mounts ?? [])];
    let container: Docker.Container;
    try {
      container = await this.docker.createContainer({
        name: containerName(id),
        Image: image,
        Labels: labelsFor({ ownerId: this.ownerId, id, createdAt, ports, labels: spec.labels ?? {} }),
        Env: Object.entries(env).map(([key, value]) => `${key}=${value}`),
        WorkingDir: IMAGE_WORKSPACE_DIR,
        ExposedPorts: Object.fromEntries(exposed.map((port) => [port, {}])),
        HostConfig: {
          PortBindings: Object.fromEntries(exposed.map((port) => [port, [{ HostIp: '127.0.0.1', HostPort: '' }]])),
          NanoCpus: spec.compute.cpu === undefined ? undefined : Math.round(spec.compute.cpu * 1e9),
          Memory: spec.compute.memory_bytes,
          // Without this the memory limit would silently extend into swap.
          MemorySwap: spec.compute.memory_bytes,
          Init: true,
          CapDrop: ['ALL'],
          SecurityOpt: ['no-new-privileges'],
          NetworkMode: this.options.network ?? 'bridge',
          ...(mounts.length > 0 ? { Binds: mounts.map((mount) => `${mount.source}:${mount.target}:${mount.readOnly ? 'ro' : 'rw'}`) } : {}),
          ...(secretFiles ? { Tmpfs: { [CONTAINER_SECRETS_DIR]: SECRETS_TMPFS } } : {}),
        },
      });
    } catch (error) {
      if (statusOf(error) === 404) {
        throw new SandboxError(
          'BACKEND_ERROR',
          `sandbox image ${image} is not available to the Docker engine (build it with build/sandbox-image/build-offline.sh, or pull it): ${engineMessage(error)}`,
          { cause: error },
        );
      }
      throw backendError(error, 'cannot create the sandbox container');
    }
    options.onProgress?.('container created');
    try {
      await container.start();
      await this.endpointsOf(id, container);
      if (secrets && secretFiles) await this.writeSecretFiles(id, secrets.files);
    } catch (error) {
      await this.destroy(id).catch(() => {});
      throw backendError(error, 'cannot start the sandbox container');
    }
    options.onProgress?.('container started');
    return { id, image, workspaceDir: IMAGE_WORKSPACE_DIR, homeDir: IMAGE_USER.home, bindHost: '0.0.0.0', ports, createdAt };
  }

  async waitReady(id: string, options: WaitReadyOptions): Promise<void> {
    await pollReadiness(this, id, options);
  }

  exec(id: string, request: ExecRequest): Promise<ExecResult> {
    return this.mapMissing(id, dockerExec(this.target(id), request));
  }

  spawn(id: string, request: Omit<ExecRequest, 'timeoutMs' | 'check'>): Promise<SandboxProcess> {
    return this.mapMissing(id, dockerSpawn(this.target(id), request));
  }

  async writeFile(id: string, file: string, data: string | Buffer): Promise<void> {
    const relative = workspacePath(IMAGE_WORKSPACE_DIR, file).slice(IMAGE_WORKSPACE_DIR.length + 1);
    const body = typeof data === 'string' ? Buffer.from(data) : data;
    try {
      await this.container(id).putArchive(tarOfFile(relative, body, IMAGE_USER), { path: IMAGE_WORKSPACE_DIR });
    } catch (error) {
      throw this.missingOr(id, error, `cannot write ${file}`);
    }
  }

  /**
   * Puts secret files into the container's secrets mount, owner-only (0600). Through a command's
   * standard input rather than the archive API: the engine's archive API writes beneath a tmpfs
   * mount, into the container's own layer on disk, not into the mount.
   */
  private async writeSecretFiles(id: string, files: Record<string, Uint8Array>): Promise<void> {
    for (const [name, data] of Object.entries(files)) {
      await dockerExec(this.target(id), {
        argv: ['sh', '-c', 'umask 077 && cat > "$1"', 'sh', `${CONTAINER_SECRETS_DIR}/${name}`],
        stdin: Buffer.from(data),
        check: true,
        timeoutMs: 30_000,
      });
    }
  }

  /**
   * Writes each file beside the old one and renames it over it (the same tmpfs mount), through a
   * command's standard input as at create. A file the sandbox did not receive is refused.
   */
  async replaceSecretFiles(id: string, files: Record<string, Uint8Array>): Promise<void> {
    for (const [name, data] of Object.entries(files)) {
      if (!SECRET_FILE_NAME.test(name)) throw new SandboxError('SPAWN_FAILED', `not a secret file name: ${JSON.stringify(name)}`);
      const replaced = await this.mapMissing(
        id,
        dockerExec(this.target(id), {
          argv: ['sh', '-c', REPLACE_SECRET_FILE, 'sh', CONTAINER_SECRETS_DIR, name],
          stdin: Buffer.from(data),
          timeoutMs: 30_000,
        }),
      );
      if (replaced.exitCode === 3) throw new SandboxError('SPAWN_FAILED', `sandbox ${id} received no secret file ${JSON.stringify(name)}`);
      if (replaced.exitCode !== 0) throw new SandboxError('BACKEND_ERROR', `cannot replace the secret file ${name} of sandbox ${id}`, { result: replaced });
    }
  }

  async readFile(id: string, file: string): Promise<Buffer> {
    const target = workspacePath(IMAGE_WORKSPACE_DIR, file);
    try {
      return await fileFromTar(await this.container(id).getArchive({ path: target }), target);
    } catch (error) {
      if (statusOf(error) === 404 && !/no such container/i.test(engineMessage(error))) {
        throw new SandboxError('NOT_FOUND', `no file ${file} in sandbox ${id}`);
      }
      throw this.missingOr(id, error, `cannot read ${file}`);
    }
  }

  async exposePort(id: string, port: string): Promise<PortEndpoint> {
    const endpoint = (this.endpoints.get(id) ?? (await this.endpointsOf(id, this.container(id))))[port];
    if (endpoint === undefined) throw new SandboxError('NOT_FOUND', `sandbox ${id} has no port named ${port}`);
    return endpoint;
  }

  async list(): Promise<SandboxSummary[]> {
    try {
      const containers = await this.docker.listContainers({ all: true, filters: { label: [`${LABEL.owner}=${this.ownerId}`] } });
      return containers.map(summaryOf).filter((summary): summary is SandboxSummary => summary !== null);
    } catch (error) {
      throw backendError(error, 'cannot list sandbox containers');
    }
  }

  async destroy(id: string): Promise<void> {
    this.endpoints.delete(id);
    try {
      await this.container(id).remove({ force: true, v: true });
    } catch (error) {
      const status = statusOf(error);
      // 404: already gone; 409: another destroy is removing it right now.
      if (status === 404 || (status === 409 && /already in progress/i.test(engineMessage(error)))) return;
      throw backendError(error, `cannot remove sandbox ${id}`);
    }
  }

  async close(): Promise<void> {
    this.endpoints.clear();
  }

  private container(id: string): Docker.Container {
    if (!/^sbx-[0-9a-z]+$/.test(id)) throw new SandboxError('NOT_FOUND', `no sandbox ${id}`);
    return this.docker.getContainer(containerName(id));
  }

  private target(id: string): ExecTarget {
    return { docker: this.docker, container: this.container(id), cwd: IMAGE_WORKSPACE_DIR, env: {} };
  }

  private async endpointsOf(id: string, container: Docker.Container): Promise<Record<string, PortEndpoint>> {
    let info: Docker.ContainerInspectInfo;
    try {
      info = await container.inspect();
    } catch (error) {
      throw this.missingOr(id, error, 'cannot inspect the sandbox');
    }
    if (info.Config.Labels?.[LABEL.owner] !== this.ownerId) throw new SandboxError('NOT_FOUND', `no sandbox ${id}`);
    const names = JSON.parse(info.Config.Labels?.[LABEL.ports] ?? '{}') as Record<string, number>;
    const endpoints: Record<string, PortEndpoint> = {};
    for (const [name, port] of Object.entries(names)) {
      const binding = info.NetworkSettings.Ports?.[`${port}/tcp`]?.[0];
      if (binding !== undefined) endpoints[name] = { host: '127.0.0.1', port: Number(binding.HostPort) };
    }
    if (info.State.Running) this.endpoints.set(id, endpoints);
    return endpoints;
  }

  private async mapMissing<T>(id: string, work: Promise<T>): Promise<T> {
    try {
      return await work;
    } catch (error) {
      throw this.missingOr(id, error, 'the Docker engine refused the command');
    }
  }

  private missingOr(id: string, error: unknown, what: string): SandboxError {
    if (error instanceof SandboxError && error.code !== 'BACKEND_ERROR') return error;
    const cause = error instanceof SandboxError ? error.cause : error;
    if (statusOf(cause) === 404) return new SandboxError('NOT_FOUND', `no sandbox ${id}`, { cause });
    if (statusOf(cause) === 409) return new SandboxError('BACKEND_ERROR', `sandbox ${id} is not running`, { cause });
    return error instanceof SandboxError ? error : backendError(error, what);
  }
}

const containerName = (id: string): string => `notebook-hub-${id}`;

/** `sh -c` of {@link DockerSandboxDriver.replaceSecretFiles}: `$1` the secrets directory, `$2` the file; exit 3 when the sandbox has no such file. */
const REPLACE_SECRET_FILE = 'set -e; [ -f "$1/$2" ] || exit 3; umask 077; cat > "$1/.$2.next"; mv -f "$1/.$2.next" "$1/$2"';

/** The secrets mount: memory only, the sandbox user's alone, no programs run from it. */
const SECRETS_TMPFS = `rw,nosuid,nodev,noexec,size=4m,mode=0700,uid=${IMAGE_USER.uid},gid=${IMAGE_USER.gid}`;
