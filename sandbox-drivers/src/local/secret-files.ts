import { existsSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { chmod, lstat, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { SandboxError, SECRET_FILE_NAME, type SandboxSecrets } from '@notebook-hub/kernel/ports/sandbox-driver.js';
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

  /**
   * Gives files the sandbox was created with new content, each through a file of its own renamed
   * over the old one: a process that reads it meanwhile sees one whole token or the other.
   */
  async replace(id: string, files: Record<string, Uint8Array>): Promise<void> {
    const dir = path.join(this.dirOf(id), 'files');
    for (const name of Object.keys(files)) {
      const known =
        SECRET_FILE_NAME.test(name) &&
        (await lstat(path.join(dir, name)).then(
          (stat) => stat.isFile(),
          () => false,
        ));
      if (!known) throw new SandboxError('SPAWN_FAILED', `sandbox ${id} received no secret file ${JSON.stringify(name)}`);
    }
    for (const [name, data] of Object.entries(files)) {
      const next = path.join(dir, `.${name}.${randomBytes(6).toString('hex')}`);
      try {
        await writeFile(next, data, { mode: 0o600, flag: 'wx' });
        await rename(next, path.join(dir, name));
      } catch (error) {
        await rm(next, { force: true });
        throw new SandboxError('BACKEND_ERROR', `cannot replace the secret file ${name} of sandbox ${id}: ${(error as Error).message}`, { cause: error });
      }
    }
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
