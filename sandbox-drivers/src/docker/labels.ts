import type Docker from 'dockerode';
import type { SandboxSummary } from '@notebook-hub/kernel/ports/sandbox-driver.js';

/** Container labels that make a container a sandbox of one hub. */
export const LABEL = {
  owner: 'notebook-hub.owner',
  id: 'notebook-hub.sandbox-id',
  createdAt: 'notebook-hub.created-at',
  ports: 'notebook-hub.ports',
  /** Caller labels are stored under this prefix so they cannot overwrite the ones above. */
  userPrefix: 'notebook-hub.label.',
} as const;

export function labelsFor(sandbox: {
  ownerId: string;
  id: string;
  createdAt: string;
  ports: Record<string, number>;
  labels: Record<string, string>;
}): Record<string, string> {
  const labels: Record<string, string> = {
    [LABEL.owner]: sandbox.ownerId,
    [LABEL.id]: sandbox.id,
    [LABEL.createdAt]: sandbox.createdAt,
    [LABEL.ports]: JSON.stringify(sandbox.ports),
  };
  for (const [key, value] of Object.entries(sandbox.labels)) labels[`${LABEL.userPrefix}${key}`] = value;
  return labels;
}

export function summaryOf(container: Docker.ContainerInfo): SandboxSummary | null {
  const labels = container.Labels ?? {};
  const id = labels[LABEL.id];
  const ownerId = labels[LABEL.owner];
  if (id === undefined || ownerId === undefined) return null;
  const caller: Record<string, string> = {};
  for (const [key, value] of Object.entries(labels)) {
    if (key.startsWith(LABEL.userPrefix)) caller[key.slice(LABEL.userPrefix.length)] = value;
  }
  return {
    id,
    ownerId,
    image: container.Image,
    createdAt: labels[LABEL.createdAt] ?? new Date(container.Created * 1000).toISOString(),
    state: container.State === 'running' ? 'running' : container.State === undefined ? 'unknown' : 'exited',
    labels: caller,
  };
}
