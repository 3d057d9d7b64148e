import { PatchStrategy, setHeaderOptions, type CoreV1Api, type V1Container, type V1Pod, type V1Secret, type V1Volume } from '@kubernetes/client-node';
import { SandboxError, type SandboxSecrets } from '@notebook-hub/kernel/ports/sandbox-driver.js';
import { CONTAINER_SECRETS_DIR, secretVariables } from '../shared/secrets.js';
import { backendError, statusOf } from './kube-errors.js';
import { LABEL, MANAGED_BY, labelValueOf, podNameOf } from './pod-manifest.js';

/**
 * A sandbox's secrets on Kubernetes (docs/kubernetes.md, "Secrets"): a Secret of their own,
 * created with the pod and owned by it (so that it goes when the pod goes), mounted as a
 * read-only volume for the files and referenced key by key for the variables. Nothing of it ever
 * travels as a command's text through the exec subresource, whose requests the API server may
 * log.
 */

export const SECRETS_VOLUME = 'notebook-hub-secrets';
/** Labels a sandbox's Secret as one of a hub's, beside its pod. */
export const SECRET_COMPONENT = 'sandbox-secrets';

/** Keys in the Secret: variables and files apart, so that a file named like a variable stays a file. */
const variableKey = (name: string): string => `env.${name}`;
const fileKey = (name: string): string => `file.${name}`;

export const sandboxSecretName = podNameOf;

export function sandboxSecret(ownerId: string, sandboxId: string, secrets: SandboxSecrets): V1Secret {
  const data: Record<string, string> = {};
  for (const [name, value] of Object.entries(secrets.env)) data[variableKey(name)] = Buffer.from(value, 'utf8').toString('base64');
  for (const [name, bytes] of Object.entries(secrets.files)) data[fileKey(name)] = Buffer.from(bytes).toString('base64');
  return {
    apiVersion: 'v1',
    kind: 'Secret',
    type: 'Opaque',
    metadata: {
      name: sandboxSecretName(sandboxId),
      labels: {
        [LABEL.component]: SECRET_COMPONENT,
        [LABEL.managedBy]: MANAGED_BY,
        [LABEL.owner]: labelValueOf(ownerId),
        [LABEL.sandbox]: sandboxId,
      },
    },
    data,
  };
}

/**
 * What the pod's container takes of the Secret: each variable by reference to its key, the file
 * variables and the directory as plain paths, and the volume (0400; with the pod's fsGroup the
 * kubelet adds read for the sandbox user's group) mounted outside the workspace.
 */
export function secretsInPod(sandboxId: string, secrets: SandboxSecrets): { env: V1Container['env']; volume: V1Volume | null; mountPath: string } {
  const name = sandboxSecretName(sandboxId);
  const plain = secretVariables({ ...secrets, env: {} }, CONTAINER_SECRETS_DIR);
  const files = Object.keys(secrets.files);
  return {
    env: [
      ...Object.keys(secrets.env).map((variable) => ({ name: variable, valueFrom: { secretKeyRef: { name, key: variableKey(variable) } } })),
      ...Object.entries(plain).map(([variable, value]) => ({ name: variable, value })),
    ],
    volume:
      files.length === 0
        ? null
        : { name: SECRETS_VOLUME, secret: { secretName: name, defaultMode: 0o400, items: files.map((file) => ({ key: fileKey(file), path: file })) } },
    mountPath: CONTAINER_SECRETS_DIR,
  };
}

/** Makes the pod the Secret's owner: the garbage collector removes the Secret with the pod. */
export async function ownSecretByPod(core: CoreV1Api, namespace: string, secret: V1Secret, pod: V1Pod): Promise<void> {
  await core.replaceNamespacedSecret({
    name: secret.metadata!.name!,
    namespace,
    body: {
      ...secret,
      metadata: {
        ...secret.metadata,
        ownerReferences: [{ apiVersion: 'v1', kind: 'Pod', name: pod.metadata!.name!, uid: pod.metadata!.uid! }],
      },
    },
  });
}

/** The files a pod mounts of its sandbox's Secret, by name. */
export const secretFilesOf = (pod: V1Pod): string[] =>
  (pod.spec?.volumes ?? []).find((volume) => volume.name === SECRETS_VOLUME)?.secret?.items?.map((item) => item.path) ?? [];

/**
 * Gives files of a sandbox's Secret new content, with one JSON patch: the API server applies it
 * whole or not at all, and the hub needs no right to read Secrets. Only files its pod mounts
 * ({@link secretFilesOf}): another key would be added to the Secret and never reach the sandbox.
 * The kubelet carries the change into the mounted volume on its next sync of the pod, swapping the
 * volume's files at once (its atomic writer): the sandbox reads one whole content or the other.
 */
export async function replaceSecretFiles(core: CoreV1Api, namespace: string, pod: V1Pod, sandboxId: string, files: Record<string, Uint8Array>): Promise<void> {
  const mounted = secretFilesOf(pod);
  for (const file of Object.keys(files)) {
    if (!mounted.includes(file)) throw new SandboxError('SPAWN_FAILED', `sandbox ${sandboxId} received no secret file ${JSON.stringify(file)}`);
  }
  const operations = Object.entries(files).map(([file, bytes]) => ({
    op: 'replace',
    path: `/data/${fileKey(file)}`,
    value: Buffer.from(bytes).toString('base64'),
  }));
  try {
    await core.patchNamespacedSecret(
      { name: sandboxSecretName(sandboxId), namespace, body: operations },
      setHeaderOptions('Content-Type', PatchStrategy.JsonPatch),
    );
  } catch (error) {
    if (statusOf(error) === 404) throw new SandboxError('NOT_FOUND', `sandbox ${sandboxId} has no Secret`);
    throw backendError(error, `cannot replace the secret files of sandbox ${sandboxId}`);
  }
}

/** Removes a sandbox's Secret; one that is not there is fine. */
export async function deleteSandboxSecret(core: CoreV1Api, namespace: string, sandboxId: string): Promise<void> {
  try {
    await core.deleteNamespacedSecret({ name: sandboxSecretName(sandboxId), namespace });
  } catch (error) {
    if (statusOf(error) !== 404) throw error;
  }
}

/** Whether a pod mounts or references its sandbox's Secret. */
export const podHasSecret = (pod: V1Pod): boolean =>
  (pod.spec?.containers ?? []).some((container) => (container.env ?? []).some((variable) => variable.valueFrom?.secretKeyRef !== undefined)) ||
  (pod.spec?.volumes ?? []).some((volume) => volume.name === SECRETS_VOLUME);
