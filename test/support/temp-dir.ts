import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** A fresh directory under the system temp dir, removed by the returned cleanup. */
export async function makeTempDir(label: string): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), `notebook-hub-${label}-`));
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}
