import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ComputeResources } from '@notebook-hub/kernel/ports/sandbox-driver.js';

/**
 * What the local driver keeps on disk per sandbox (`<root>/<id>/sandbox.json`), so a hub that
 * restarts after a crash still finds, and can reap, the sandboxes it had started.
 */
export interface LocalSandboxState {
  version: 1;
  id: string;
  ownerId: string;
  image: string;
  createdAt: string;
  pgid: number;
  leaderStartTime: string | null;
  ports: Record<string, number>;
  compute: ComputeResources;
  env: Record<string, string>;
  labels: Record<string, string>;
}

const STATE_FILE = 'sandbox.json';

export const sandboxDir = (root: string, id: string): string => path.join(root, id);

export async function writeState(root: string, state: LocalSandboxState): Promise<void> {
  const dir = sandboxDir(root, state.id);
  await mkdir(dir, { recursive: true });
  const temporary = path.join(dir, `${STATE_FILE}.tmp`);
  await writeFile(temporary, JSON.stringify(state, null, 2));
  await rename(temporary, path.join(dir, STATE_FILE));
}

export async function readState(root: string, id: string): Promise<LocalSandboxState | null> {
  const text = await readFile(path.join(sandboxDir(root, id), STATE_FILE), 'utf8').catch(() => null);
  if (text === null) return null;
  try {
    const state = JSON.parse(text) as LocalSandboxState;
    return state.version === 1 && state.id === id ? state : null;
  } catch {
    return null;
  }
}

export async function readAllStates(root: string): Promise<LocalSandboxState[]> {
  const entries = await readdir(root).catch(() => [] as string[]);
  const states = await Promise.all(entries.map((id) => readState(root, id)));
  return states.filter((state): state is LocalSandboxState => state !== null);
}
