import { setTimeout as sleep } from 'node:timers/promises';
import { CoreV1Api, type KubeConfig, type V1Pod } from '@kubernetes/client-node';
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
  type SandboxSpec,
  type SandboxSummary,
  type WaitReadyOptions,
} from '@notebook-hub/kernel/ports/sandbox-driver.js';
import { IMAGE_USER, IMAGE_WORKSPACE_DIR } from '../../runtime/pins.js';
import { workspacePath } from '../shared/paths.js';
import { containerPorts } from '../shared/port-numbers.js';
import { pollReadiness } from '../shared/readiness.js';
import { apiMessage, backendError, statusOf } from './kube-errors.js';
import { FileChannel, FileChannelLost, type ChannelAnswer } from './file-channel.js';
import { podExec, podRun, podSpawn, type PodTarget } from './kube-exec.js';
import { launcherArgv, launchesThroughLauncher } from './marimo-launcher.js';
import { ensureSandboxNetworkPolicy, type HubPeers } from './network-policy.js';
import { ANNOTATION, LABEL, ownerSelector, podNameOf, sandboxPod, summaryOf, type PodSettings } from './pod-manifest.js';
import { podRunning } from './pod-start.js';
import { deleteSandboxService, sandboxService, serviceAddress } from './sandbox-service.js';
import { deleteSandboxSecret, ownSecretByPod, podHasSecret, replaceSecretFiles, sandboxSecret, secretsInPod } from './sandbox-secret.js';
import { secretsOf } from '../shared/secrets.js';

export interface KubernetesDriverOptions extends Omit<PodSettings, 'ownerId'> {
  ownerId: string;
  kubeConfig: KubeConfig;
  namespace: string;
  /**
   * How the hub reaches a sandbox's ports: the pod's own address (the default), or a Service per
   * sandbox when pod addresses are not routable from the hub.
   */
  exposure: 'pod-ip' | 'service';
  /** Who may open connections to sandbox pods (the NetworkPolicy; docs/kubernetes.md). */
  hubPeers: HubPeers;
  /** How long a pod may take from created to running before the start gives up. */
  startTimeoutMs: number;
}

/** A sandbox's processes get this long to exit on SIGTERM before the kubelet kills them. */
const DELETE_GRACE_SECONDS = 1;
const DELETE_WAIT_MS = 30_000;
const DELETE_POLL_MS = 100;

/**
 * Sandboxes as pods, one per sandbox, in one namespace (docs/kubernetes.md). Ownership, ports and
 * caller labels live in labels and annotations, so `list()` after a hub restart needs nothing but
 * the API server; commands and files go through the exec subresource.
 */
export class KubernetesSandboxDriver implements SandboxDriver {
  readonly kind = 'kubernetes';
  readonly ownerId: string;
  /** Pods are found by label and entered with exec by any replica with the same owner id. */
  readonly canAttach = true;
  private readonly core: CoreV1Api;
  private readonly endpoints = new Map<string, { ip: string; ports: Record<string, number> }>();
  private policy: Promise<void> | null = null;
  /** Open file channels by sandbox id; null for a sandbox that cannot run one (no python3). */
  private readonly channels = new Map<string, Promise<FileChannel | null>>();

  constructor(private readonly options: KubernetesDriverOptions) {
    this.ownerId = options.ownerId;
    this.core = options.kubeConfig.makeApiClient(CoreV1Api);
  }

  async create(spec: SandboxSpec, options: CreateOptions = {}): Promise<Sandbox> {
    // A pod runs on a node of the cluster, which does not see the hub's directories.
    if (spec.mounts?.length) throw new SandboxError('BACKEND_ERROR', "Kubernetes sandboxes cannot see directories of the hub's machine");
    const id = `sbx-${timeOrderedId()}`;
    const image = spec.image ?? this.options.image;
    const createdAt = new Date().toISOString();
    const ports = containerPorts(spec.ports);
    const secrets = secretsOf(spec.secrets);
    await this.ensurePolicy();
    const manifest = sandboxPod(this.options, {
      id,
      image,
      createdAt,
      ports,
      env: { ...spec.env, NOTEBOOK_HUB_SANDBOX_ID: id },
      labels: spec.labels ?? {},
      compute: spec.compute,
      ...(secrets ? { secrets: secretsInPod(id, secrets) } : {}),
    });
    // The Secret exists before its pod, which would otherwise wait for it; the pod owns it once it exists.
    const secret = secrets ? sandboxSecret(this.ownerId, id, secrets) : null;
    if (secret) {
      try {
        await this.core.createNamespacedSecret({ namespace: this.options.namespace, body: secret });
      } catch (error) {
        throw backendError(error, "cannot create the sandbox's Secret");
      }
    }
    let pod: V1Pod;
    try {
      pod = await this.core.createNamespacedPod({ namespace: this.options.namespace, body: manifest });
      if (secret) await ownSecretByPod(this.core, this.options.namespace, secret, pod);
    } catch (error) {
      if (secret) await this.destroy(id).catch(() => {});
      // A ResourceQuota that the pod would exceed is a lack of room, like a node that cannot fit it.
      if (statusOf(error) === 403 && /exceeded quota/i.test(apiMessage(error)))
        throw new SandboxError('CAPACITY', `the namespace's quota has no room for the sandbox: ${apiMessage(error)}`);
      throw backendError(error, 'cannot create the sandbox pod');
    }
    try {
      const running = await podRunning({
        kubeConfig: this.options.kubeConfig,
        namespace: this.options.namespace,
        pod,
        timeoutMs: this.options.startTimeoutMs,
        onProgress: options.onProgress,
      });
      if (this.options.exposure === 'service') {
        await this.core.createNamespacedService({ namespace: this.options.namespace, body: sandboxService(running, ports) });
      }
      this.remember(id, running);
      // Opened now, while the caller records the sandbox: its first file write finds it ready.
      void this.channel(id);
    } catch (error) {
      // Nothing is left half-created: a start that failed takes its pod (and Service) with it.
      await this.destroy(id).catch(() => {});
      throw backendError(error, 'cannot start the sandbox pod');
    }
    return { id, image, workspaceDir: IMAGE_WORKSPACE_DIR, homeDir: IMAGE_USER.home, bindHost: '0.0.0.0', ports, createdAt };
  }

  async waitReady(id: string, options: WaitReadyOptions): Promise<void> {
    // `create` of this instance saw the container running, which is what the default probe asks.
    if (options.probe === undefined && this.endpoints.has(id) && !options.signal?.aborted) return;
    await pollReadiness(this, id, options);
  }

  exec(id: string, request: ExecRequest): Promise<ExecResult> {
    return this.mapMissing(id, () => podExec(this.target(id), request));
  }

  spawn(id: string, request: Omit<ExecRequest, 'timeoutMs' | 'check'>): Promise<SandboxProcess> {
    // marimo's servers start from the pod's launcher, which imported marimo while the sandbox was set up.
    const launched = launchesThroughLauncher(request.argv) ? { ...request, argv: launcherArgv(request.argv) } : request;
    return this.mapMissing(id, () => podSpawn(this.target(id), launched, request.argv[0]));
  }

  async writeFile(id: string, file: string, data: string | Buffer): Promise<void> {
    const target = workspacePath(IMAGE_WORKSPACE_DIR, file);
    const body = typeof data === 'string' ? Buffer.from(data) : data;
    const answer = await this.overChannel(id, (channel) => channel.write(target, body));
    if (answer?.ok) return;
    if (answer) throw new SandboxError('BACKEND_ERROR', `cannot write ${file} in sandbox ${id}: ${answer.error}`);
    const result = await this.mapMissing(id, () => podRun(this.target(id), ['sh', '-c', 'mkdir -p "$(dirname "$1")" && cat > "$1"', 'sh', target], body));
    if (result.exitCode !== 0) throw new SandboxError('BACKEND_ERROR', `cannot write ${file} in sandbox ${id}: ${result.stderr.trim()}`);
  }

  async readFile(id: string, file: string): Promise<Buffer> {
    const target = workspacePath(IMAGE_WORKSPACE_DIR, file);
    const answer = await this.overChannel(id, (channel) => channel.read(target));
    if (answer?.ok) return answer.data;
    if (answer?.missing) throw new SandboxError('NOT_FOUND', `no file ${file} in sandbox ${id}`);
    if (answer) throw new SandboxError('BACKEND_ERROR', `cannot read ${file} in sandbox ${id}: ${answer.error}`);
    // Exit 3: no such file, told apart from a file that exists but cannot be read.
    const result = await this.mapMissing(id, () => podRun(this.target(id), ['sh', '-c', '[ -f "$1" ] || exit 3; exec cat "$1"', 'sh', target]));
    if (result.exitCode === 3) throw new SandboxError('NOT_FOUND', `no file ${file} in sandbox ${id}`);
    if (result.exitCode !== 0) throw new SandboxError('BACKEND_ERROR', `cannot read ${file} in sandbox ${id}: ${result.stderr.trim()}`);
    return result.stdout;
  }

  /**
   * A file request over the sandbox's file channel; null when there is no channel or it was lost
   * on the way, and the caller goes through a plain exec instead (which also tells a missing
   * sandbox from a broken one).
   */
  private async overChannel(id: string, request: (channel: FileChannel) => Promise<ChannelAnswer>): Promise<ChannelAnswer | null> {
    if (!isSandboxId(id)) return null;
    const channel = await this.channel(id);
    if (channel === null) return null;
    try {
      return await request(channel);
    } catch (error) {
      if (!(error instanceof FileChannelLost)) throw error;
      // Lost on the way (the pod restarted, the connection broke): the next request opens another.
      if (this.channels.get(id) !== undefined && channel.answered) this.channels.delete(id);
      return null;
    }
  }

  /** The sandbox's open file channel, opened on first use; a sandbox that never answered on one gets none again. */
  private channel(id: string): Promise<FileChannel | null> {
    let opened = this.channels.get(id);
    if (opened === undefined) {
      opened = FileChannel.open(this.target(id)).catch(() => {
        this.channels.delete(id);
        return null;
      });
      this.channels.set(id, opened);
    }
    return opened;
  }

  private closeChannel(id: string): void {
    void this.channels.get(id)?.then((channel) => channel?.close());
    this.channels.delete(id);
  }

  async replaceSecretFiles(id: string, files: Record<string, Uint8Array>): Promise<void> {
    for (const name of Object.keys(files)) {
      if (!SECRET_FILE_NAME.test(name)) throw new SandboxError('SPAWN_FAILED', `not a secret file name: ${JSON.stringify(name)}`);
    }
    const pod = await this.read(id);
    if (pod === null || pod.metadata?.deletionTimestamp) throw new SandboxError('NOT_FOUND', `no sandbox ${id}`);
    await replaceSecretFiles(this.core, this.options.namespace, pod, id, files);
  }

  async exposePort(id: string, port: string): Promise<PortEndpoint> {
    const known = this.endpoints.get(id) ?? (await this.lookUp(id));
    const number = known.ports[port];
    if (number === undefined) throw new SandboxError('NOT_FOUND', `sandbox ${id} has no port named ${port}`);
    if (this.options.exposure === 'service') return { host: await this.serviceHost(id), port: number };
    return { host: known.ip, port: number };
  }

  async list(): Promise<SandboxSummary[]> {
    try {
      const pods = await this.core.listNamespacedPod({ namespace: this.options.namespace, labelSelector: ownerSelector(this.ownerId) });
      return pods.items.map(summaryOf).filter((summary): summary is SandboxSummary => summary !== null && summary.ownerId === this.ownerId);
    } catch (error) {
      throw backendError(error, 'cannot list sandbox pods');
    }
  }

  async destroy(id: string): Promise<void> {
    this.endpoints.delete(id);
    this.closeChannel(id);
    if (!isSandboxId(id)) return;
    const pod = await this.read(id);
    // A start that failed between its Secret and its pod left a Secret that nothing owns yet.
    if (pod === null) return deleteSandboxSecret(this.core, this.options.namespace, id).catch(() => {});
    if (this.options.exposure === 'service') await deleteSandboxService(this.core, this.options.namespace, id).catch(() => {});
    await this.deletePod(id, DELETE_GRACE_SECONDS);
    // The pod owns its Secret, so the garbage collector would remove it too: now is sooner.
    if (podHasSecret(pod)) await deleteSandboxSecret(this.core, this.options.namespace, id).catch(() => {});
    // The pod object goes once the kubelet has stopped its processes: only then is the sandbox gone.
    const deadline = Date.now() + DELETE_WAIT_MS;
    while ((await this.read(id)) !== null) {
      if (Date.now() > deadline) {
        // The node does not answer (it is down or cut off): remove the object, the node cleans up when it is back.
        await this.deletePod(id, 0);
        return;
      }
      await sleep(DELETE_POLL_MS);
    }
  }

  private async deletePod(id: string, gracePeriodSeconds: number): Promise<void> {
    try {
      await this.core.deleteNamespacedPod({ name: podNameOf(id), namespace: this.options.namespace, gracePeriodSeconds });
    } catch (error) {
      if (statusOf(error) !== 404) throw backendError(error, `cannot delete sandbox ${id}`);
    }
  }

  async close(): Promise<void> {
    this.endpoints.clear();
    for (const id of [...this.channels.keys()]) this.closeChannel(id);
  }

  private target(id: string): PodTarget {
    return { kubeConfig: this.options.kubeConfig, namespace: this.options.namespace, pod: podNameOf(id), cwd: IMAGE_WORKSPACE_DIR };
  }

  private ensurePolicy(): Promise<void> {
    this.policy ??= ensureSandboxNetworkPolicy(this.options.kubeConfig, this.options.namespace, this.ownerId, this.options.hubPeers).catch((error: unknown) => {
      this.policy = null;
      throw backendError(error, 'cannot set up the sandbox network policy');
    });
    return this.policy;
  }

  private remember(id: string, pod: V1Pod): void {
    const ip = pod.status?.podIP;
    const ports = JSON.parse(pod.metadata?.annotations?.[ANNOTATION.ports] ?? '{}') as Record<string, number>;
    if (ip) this.endpoints.set(id, { ip, ports });
  }

  /** This owner's pod of that sandbox, or null when there is none (or it is being deleted). */
  private async read(id: string): Promise<V1Pod | null> {
    if (!isSandboxId(id)) return null;
    try {
      const pod = await this.core.readNamespacedPod({ name: podNameOf(id), namespace: this.options.namespace });
      return pod.metadata?.annotations?.[ANNOTATION.owner] === this.ownerId && pod.metadata.labels?.[LABEL.sandbox] === id ? pod : null;
    } catch (error) {
      if (statusOf(error) === 404) return null;
      throw backendError(error, `cannot read sandbox ${id}`);
    }
  }

  private async lookUp(id: string): Promise<{ ip: string; ports: Record<string, number> }> {
    const pod = await this.read(id);
    if (pod === null || pod.metadata?.deletionTimestamp) throw new SandboxError('NOT_FOUND', `no sandbox ${id}`);
    this.remember(id, pod);
    const known = this.endpoints.get(id);
    if (known === undefined) throw new SandboxError('BACKEND_ERROR', `sandbox ${id} has no address (pod ${pod.status?.phase ?? 'unknown'})`);
    return known;
  }

  private async serviceHost(id: string): Promise<string> {
    try {
      return serviceAddress(await this.core.readNamespacedService({ name: podNameOf(id), namespace: this.options.namespace }));
    } catch (error) {
      if (statusOf(error) === 404) throw new SandboxError('NOT_FOUND', `sandbox ${id} has no Service`);
      throw backendError(error, `cannot read the Service of sandbox ${id}`);
    }
  }

  /**
   * Runs `work` against the pod; when it fails, tells a sandbox that does not exist (NOT_FOUND)
   * from one that cannot run commands any more (BACKEND_ERROR).
   */
  private async mapMissing<T>(id: string, work: () => Promise<T>): Promise<T> {
    if (!isSandboxId(id)) throw new SandboxError('NOT_FOUND', `no sandbox ${id}`);
    try {
      return await work();
    } catch (error) {
      if (error instanceof SandboxError && error.code !== 'BACKEND_ERROR') throw error;
      const pod = await this.read(id).catch(() => undefined);
      if (pod === null || pod?.metadata?.deletionTimestamp) throw new SandboxError('NOT_FOUND', `no sandbox ${id}`, { cause: error });
      throw backendError(error, `sandbox ${id} cannot run commands`);
    }
  }
}

const isSandboxId = (id: string): boolean => /^sbx-[0-9a-z]+$/.test(id);
