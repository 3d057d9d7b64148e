import { Watch, type CoreV1Event, type KubeConfig, type V1Pod } from '@kubernetes/client-node';
import { SandboxError } from '@notebook-hub/kernel/ports/sandbox-driver.js';
import { CONTAINER } from './pod-manifest.js';

/** Reasons a container waits with that mean it will never start without someone's help. */
const IMAGE_FAILURES = new Set(['ErrImageNeverPull', 'ImagePullBackOff', 'ErrImagePull', 'InvalidImageName', 'ImageInspectError', 'RegistryUnavailable']);
const CONTAINER_FAILURES = new Set([
  'CreateContainerConfigError',
  'CreateContainerError',
  'RunContainerError',
  'CrashLoopBackOff',
  'PreCreateHookError',
  'PreStartHookError',
]);

/** Warnings that hold a start up (others, such as a node without cluster DNS, do not). */
const SLOW_START_WARNINGS = new Set(['FailedCreatePodSandBox', 'FailedMount', 'FailedAttachVolume', 'BackOff', 'Failed', 'NetworkNotReady']);

export interface PodStartOptions {
  kubeConfig: KubeConfig;
  namespace: string;
  /** The pod as created (its resourceVersion is where the watch starts). */
  pod: V1Pod;
  timeoutMs: number;
  onProgress?: (step: string) => void;
}

/**
 * Follows a new sandbox pod until its container runs, by watching the pod and its events (never by
 * polling), and reports each step. Ends at once when the pod can never start: its image is missing
 * or cannot be pulled, no node fits it (CAPACITY when resources are short), its container cannot be
 * created, it ended or was deleted. NOT_READY after `timeoutMs`.
 */
export async function podRunning(options: PodStartOptions): Promise<V1Pod> {
  const name = options.pod.metadata!.name!;
  const watch = new Watch(options.kubeConfig);
  const controllers: AbortController[] = [];
  const said = new Set<string>();
  const say = (step: string) => {
    if (said.has(step)) return;
    said.add(step);
    options.onProgress?.(step);
  };
  let settle!: { resolve: (pod: V1Pod) => void; reject: (error: Error) => void };
  const outcome = new Promise<V1Pod>((resolve, reject) => (settle = { resolve, reject }));
  let over = false;
  const finish = (result: V1Pod | Error) => {
    if (over) return;
    over = true;
    if (result instanceof Error) settle.reject(result);
    else settle.resolve(result);
  };
  const timer = setTimeout(
    () => finish(new SandboxError('NOT_READY', `pod ${name} was not running after ${options.timeoutMs} ms (last step: ${[...said].at(-1) ?? 'created'})`)),
    options.timeoutMs,
  );

  const onPod = (type: string, pod: V1Pod) => {
    if (type === 'DELETED') return finish(new SandboxError('BACKEND_ERROR', `pod ${name} was deleted while it started`));
    const verdict = judge(pod, say);
    if (verdict !== null) finish(verdict);
  };
  const onEvent = (_type: string, event: CoreV1Event) => {
    if (!event.reason || !event.message) return;
    if (['Pulling', 'Pulled', 'Created', 'Started'].includes(event.reason)) say(stepOfEvent(event.reason, event.message));
    // The kubelet retries these; whoever watches the start should see why it takes long.
    else if (event.type === 'Warning' && SLOW_START_WARNINGS.has(event.reason)) say(`${event.reason}: ${event.message}`.slice(0, 200));
  };

  let resourceVersion = options.pod.metadata!.resourceVersion;
  const follow = async (): Promise<void> => {
    if (over) return;
    try {
      controllers.push(
        await watch.watch(
          `/api/v1/namespaces/${options.namespace}/pods`,
          { fieldSelector: `metadata.name=${name}`, resourceVersion, allowWatchBookmarks: true },
          (type, object: V1Pod) => {
            resourceVersion = object.metadata?.resourceVersion ?? resourceVersion;
            if (type !== 'BOOKMARK') onPod(type, object);
          },
          (error: unknown) => {
            // The server ends watches after a while: carry on from the last version seen.
            if (over) return;
            if (error) finish(new SandboxError('BACKEND_ERROR', `lost the watch on pod ${name}: ${String((error as Error).message ?? error)}`));
            else void follow();
          },
        ),
      );
    } catch (error) {
      finish(new SandboxError('BACKEND_ERROR', `cannot watch pod ${name}: ${error instanceof Error ? error.message : String(error)}`, { cause: error }));
    }
  };
  say('pod created, waiting for a node');
  onPod('ADDED', options.pod);
  void follow();
  void watch
    .watch(`/api/v1/namespaces/${options.namespace}/events`, { fieldSelector: `involvedObject.name=${name}` }, onEvent, () => {})
    .then((controller) => (over ? controller.abort() : controllers.push(controller)))
    .catch(() => {});
  try {
    return await outcome;
  } finally {
    clearTimeout(timer);
    for (const controller of controllers) controller.abort();
  }
}

/** The pod's state: running (the pod), a failure that ends the start, or null to keep waiting. */
function judge(pod: V1Pod, say: (step: string) => void): V1Pod | SandboxError | null {
  const name = pod.metadata?.name ?? 'the sandbox pod';
  const conditions = pod.status?.conditions ?? [];
  const scheduled = conditions.find((condition) => condition.type === 'PodScheduled');
  if (scheduled?.status === 'True') say(`scheduled on node ${pod.spec?.nodeName ?? '?'}`);
  else if (scheduled?.status === 'False' && scheduled.reason === 'Unschedulable') {
    const message = scheduled.message ?? 'no node fits the pod';
    const code = /insufficient|too many pods/i.test(message) ? 'CAPACITY' : 'BACKEND_ERROR';
    return new SandboxError(code, `no node can run ${name}: ${message}`);
  }
  if (conditions.some((condition) => condition.type === 'PodReadyToStartContainers' && condition.status === 'True')) say('pod network ready');
  const container = pod.status?.containerStatuses?.find((status) => status.name === CONTAINER);
  const waiting = container?.state?.waiting;
  if (waiting?.reason && IMAGE_FAILURES.has(waiting.reason)) {
    return new SandboxError(
      'BACKEND_ERROR',
      `the sandbox image ${pod.spec?.containers[0]?.image ?? ''} is not available on the node (${waiting.reason}): ${waiting.message ?? ''}`.trim(),
    );
  }
  if (waiting?.reason && CONTAINER_FAILURES.has(waiting.reason)) {
    return new SandboxError('BACKEND_ERROR', `the sandbox container cannot start (${waiting.reason}): ${waiting.message ?? ''}`.trim());
  }
  const terminated = container?.state?.terminated;
  if (terminated || pod.status?.phase === 'Failed' || pod.status?.phase === 'Succeeded') {
    const why = terminated ? `${terminated.reason ?? 'exited'} with ${terminated.exitCode}` : (pod.status?.reason ?? pod.status?.phase);
    return new SandboxError('BACKEND_ERROR', `the sandbox pod ended while it started (${why}): ${terminated?.message ?? pod.status?.message ?? ''}`.trim());
  }
  if (pod.status?.phase === 'Running' && container?.state?.running) {
    say('container started');
    return pod;
  }
  return null;
}

function stepOfEvent(reason: string, message: string): string {
  if (reason === 'Pulled') return /already present/i.test(message) ? 'image present on the node' : 'image pulled';
  if (reason === 'Pulling') return 'pulling the image';
  return reason === 'Created' ? 'container created' : 'container started';
}
