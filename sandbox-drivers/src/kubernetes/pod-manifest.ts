import { createHash } from 'node:crypto';
import type { V1Container, V1Pod, V1Toleration, V1Volume } from '@kubernetes/client-node';
import type { ComputeResources, SandboxSummary } from '@notebook-hub/kernel/ports/sandbox-driver.js';
import { IMAGE_USER, IMAGE_WORKSPACE_DIR } from '../../runtime/pins.js';
import { launcherContainerCommand } from './marimo-launcher.js';

/** Labels (selectable) and annotations (exact values) that make a pod a sandbox of one hub. */
export const LABEL = {
  component: 'app.kubernetes.io/component',
  managedBy: 'app.kubernetes.io/managed-by',
  /** The owner id as a label value (hashed when the id is not a valid label value). */
  owner: 'notebook-hub.dev/owner',
  sandbox: 'notebook-hub.dev/sandbox',
  /** Caller labels that are valid label values are copied under this prefix, to select by session, project... */
  userPrefix: 'notebook-hub.dev/',
} as const;

export const ANNOTATION = {
  owner: 'notebook-hub.dev/owner-id',
  createdAt: 'notebook-hub.dev/created-at',
  ports: 'notebook-hub.dev/ports',
  labels: 'notebook-hub.dev/labels',
} as const;

export const SANDBOX_COMPONENT = 'sandbox';
export const MANAGED_BY = 'notebook-hub';
export const CONTAINER = 'sandbox';

/** What the configuration says about every sandbox pod (docs/kubernetes.md). */
export interface PodSettings {
  ownerId: string;
  image: string;
  imagePullPolicy: 'Always' | 'IfNotPresent' | 'Never';
  /** The extended resource a profile's `gpu` requests. */
  gpuResource: string;
  /** Requests are this fraction of the limits (1: the pod is guaranteed what it may use). */
  requestRatio: number;
  nodeSelector: Record<string, string>;
  tolerations: V1Toleration[];
  imagePullSecrets: string[];
  /** The provider's lifetime cap: the pod's activeDeadlineSeconds. */
  lifetimeCapSeconds: number;
}

const LABEL_VALUE = /^(([A-Za-z0-9][-A-Za-z0-9_.]{0,61})?[A-Za-z0-9])?$/;

/** `value` when it is a valid label value, else a stable hash of it that is one. */
export function labelValueOf(value: string): string {
  return LABEL_VALUE.test(value) ? value : `h-${createHash('sha256').update(value).digest('hex').slice(0, 40)}`;
}

export const podNameOf = (sandboxId: string): string => `notebook-hub-${sandboxId}`;

export function ownerSelector(ownerId: string): string {
  return `${LABEL.component}=${SANDBOX_COMPONENT},${LABEL.owner}=${labelValueOf(ownerId)}`;
}

export function sandboxPod(
  settings: PodSettings,
  sandbox: {
    id: string;
    image: string;
    createdAt: string;
    ports: Record<string, number>;
    env: Record<string, string>;
    labels: Record<string, string>;
    compute: ComputeResources;
    /** What the container takes of the sandbox's Secret (sandbox-secret.ts). */
    secrets?: { env: V1Container['env']; volume: V1Volume | null; mountPath: string };
  },
): V1Pod {
  const labels: Record<string, string> = {
    [LABEL.component]: SANDBOX_COMPONENT,
    [LABEL.managedBy]: MANAGED_BY,
    [LABEL.owner]: labelValueOf(settings.ownerId),
    [LABEL.sandbox]: sandbox.id,
  };
  for (const [key, value] of Object.entries(sandbox.labels)) {
    if (/^[a-z0-9]([-a-z0-9_.]{0,40}[a-z0-9])?$/.test(key) && LABEL_VALUE.test(value)) labels[`${LABEL.userPrefix}${key.replaceAll('_', '-')}`] = value;
  }
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name: podNameOf(sandbox.id),
      labels,
      annotations: {
        [ANNOTATION.owner]: settings.ownerId,
        [ANNOTATION.createdAt]: sandbox.createdAt,
        [ANNOTATION.ports]: JSON.stringify(sandbox.ports),
        [ANNOTATION.labels]: JSON.stringify(sandbox.labels),
      },
    },
    spec: {
      restartPolicy: 'Never',
      // The sandbox cannot outlive the provider's cap, even with every hub replica gone.
      activeDeadlineSeconds: settings.lifetimeCapSeconds,
      // A notebook has no business with the API server.
      automountServiceAccountToken: false,
      enableServiceLinks: false,
      // The pause process is PID 1 and reaps what commands run with exec leave behind.
      shareProcessNamespace: true,
      terminationGracePeriodSeconds: 2,
      securityContext: {
        runAsNonRoot: true,
        runAsUser: IMAGE_USER.uid,
        runAsGroup: IMAGE_USER.gid,
        fsGroup: IMAGE_USER.gid,
        seccompProfile: { type: 'RuntimeDefault' },
      },
      ...(Object.keys(settings.nodeSelector).length > 0 ? { nodeSelector: settings.nodeSelector } : {}),
      ...(settings.tolerations.length > 0 ? { tolerations: settings.tolerations } : {}),
      ...(settings.imagePullSecrets.length > 0 ? { imagePullSecrets: settings.imagePullSecrets.map((name) => ({ name })) } : {}),
      ...(sandbox.secrets?.volume ? { volumes: [sandbox.secrets.volume] } : {}),
      containers: [
        {
          name: CONTAINER,
          image: sandbox.image,
          imagePullPolicy: settings.imagePullPolicy,
          // Keeps the container running, and imports marimo ahead of the session's request for it.
          command: launcherContainerCommand(),
          workingDir: IMAGE_WORKSPACE_DIR,
          env: [...(sandbox.secrets?.env ?? []), ...Object.entries({ HOME: IMAGE_USER.home, ...sandbox.env }).map(([name, value]) => ({ name, value }))],
          ...(sandbox.secrets?.volume ? { volumeMounts: [{ name: sandbox.secrets.volume.name, mountPath: sandbox.secrets.mountPath, readOnly: true }] } : {}),
          ports: Object.entries(sandbox.ports).map(([name, containerPort]) => ({ name: portName(name), containerPort, protocol: 'TCP' })),
          resources: resourcesOf(settings, sandbox.compute),
          securityContext: {
            allowPrivilegeEscalation: false,
            privileged: false,
            capabilities: { drop: ['ALL'] },
            runAsNonRoot: true,
            seccompProfile: { type: 'RuntimeDefault' },
          },
        },
      ],
    },
  };
}

/** Port names are at most 15 characters, lowercase letters, digits and dashes. */
export const portName = (name: string): string =>
  name
    .toLowerCase()
    .replaceAll(/[^a-z0-9-]/g, '-')
    .slice(0, 15)
    .replace(/^-+|-+$/g, '') || 'port';

function resourcesOf(settings: PodSettings, compute: ComputeResources): { limits?: Record<string, string>; requests?: Record<string, string> } {
  const limits: Record<string, string> = {};
  const requests: Record<string, string> = {};
  if (compute.cpu !== undefined) {
    limits.cpu = `${Math.max(1, Math.round(compute.cpu * 1000))}m`;
    requests.cpu = `${Math.max(1, Math.round(compute.cpu * 1000 * settings.requestRatio))}m`;
  }
  if (compute.memory_bytes !== undefined) {
    limits.memory = String(compute.memory_bytes);
    requests.memory = String(Math.round(compute.memory_bytes * settings.requestRatio));
  }
  if (compute.gpu !== undefined) {
    // Extended resources are never overcommitted: request and limit are the same whole number.
    const count = /^\d+$/.test(compute.gpu) ? compute.gpu : '1';
    limits[settings.gpuResource] = count;
    requests[settings.gpuResource] = count;
  }
  return Object.keys(limits).length === 0 ? {} : { limits, requests };
}

export function summaryOf(pod: V1Pod): SandboxSummary | null {
  const annotations = pod.metadata?.annotations ?? {};
  const id = pod.metadata?.labels?.[LABEL.sandbox];
  const ownerId = annotations[ANNOTATION.owner];
  if (id === undefined || ownerId === undefined || pod.metadata?.deletionTimestamp) return null;
  let labels: Record<string, string> = {};
  try {
    labels = JSON.parse(annotations[ANNOTATION.labels] ?? '{}') as Record<string, string>;
  } catch {
    // Someone edited the annotation: the sandbox is still listed, without caller labels.
  }
  return {
    id,
    ownerId,
    image: pod.spec?.containers[0]?.image ?? '',
    createdAt: annotations[ANNOTATION.createdAt] ?? new Date(pod.metadata?.creationTimestamp ?? Date.now()).toISOString(),
    state: stateOf(pod),
    labels,
  };
}

function stateOf(pod: V1Pod): SandboxSummary['state'] {
  const phase = pod.status?.phase;
  if (phase === 'Succeeded' || phase === 'Failed') return 'exited';
  const container = pod.status?.containerStatuses?.find((status) => status.name === CONTAINER);
  if (container?.state?.terminated) return 'exited';
  // Pending (not scheduled yet, or its image or container on the way) is not running yet.
  return phase === 'Running' && container?.state?.running ? 'running' : 'unknown';
}
