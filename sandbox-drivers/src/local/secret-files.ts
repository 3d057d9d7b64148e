import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { SandboxSecrets } from '@notebook-hub/kernel/ports/sandbox-driver.js';
import { secretVariables } from '../shared/secrets.js';

/**
 * A local sandbox's secrets live outside the hub's data directory, in a directory of their own
 * per sandbox (docs/sandboxes.md, "Secrets"): on Linux in /dev/shm (memory, never on a disk),
 * elsewhere in the temporary directory, owner-only (0700, files 0600). The variables are kept
 * there too (`env.json`, 0600), so that a hub that restarts still gives them to the commands it
 * runs in the sandbox. Destroying the sandbox removes the directory.
 */
export class LocalSecretFiles {
  private readonly root: string;
  /** Variables by sandbox, read once per process. */
  private readonly cache = new Map<string, Record<string, string>>();

  constructor(root?: string) {
    this.root = root ?? defaultRoot();
  }

  /** Writes the sandbox's secrets and answers the variables its processes get. */
  async write(id: string, secrets: SandboxSecrets): Promise<Record<string, string>> {
    const dir = this.dirOf(id);
    const files = path.join(dir, 'files');
    await mkdir(this.root, { recursive: true, mode: 0o700 });
    await chmod(this.root, 0o700);
    await mkdir(files, { recursive: true, mode: 0o700 });
    for (const [name, data] of Object.entries(secrets.files)) await writeFile(path.join(files, name), data, { mode: 0o600, flag: 'wx' });
    const variables = secretVariables(secrets, files);
    await writeFile(path.join(dir, 'env.json'), JSON.stringify(variables), { mode: 0o600, flag: 'wx' });
    this.cache.set(id, variables);
    return variables;
  }

  /** The variables of a sandbox's secrets ({} for a sandbox without any). */
  async variables(id: string): Promise<Record<string, string>> {
    const known = this.cache.get(id);
    if (known) return known;
    const text = await readFile(path.join(this.dirOf(id), 'env.json'), 'utf8').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return '{}';
      throw error;
    });
    const variables = JSON.parse(text) as Record<string, string>;
    this.cache.set(id, variables);
    return variables;
  }

  async remove(id: string): Promise<void> {
    this.cache.delete(id);
    await rm(this.dirOf(id), { recursive: true, force: true, maxRetries: 3 });
  }

  private dirOf(id: string): string {
    return path.join(this.root, id);
  }
}

/** Memory where the machine has it, else the temporary directory; per user, so that no other account shares it. */
function defaultRoot(): string {
  const user = typeof process.getuid === 'function' ? String(process.getuid()) : os.userInfo().username;
  const base = process.platform === 'linux' && existsSync('/dev/shm') ? '/dev/shm' : os.tmpdir();
  return path.join(base, `notebook-hub-secrets-${user}`);
}
