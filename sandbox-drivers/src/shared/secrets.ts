import path from 'node:path';
import { checkSandboxSecrets, hasSecrets, SECRETS_DIR_VARIABLE, type SandboxSecrets } from '@notebook-hub/kernel/ports/sandbox-driver.js';

/**
 * Where container sandboxes (Docker, Kubernetes) keep their secret files: outside the workspace,
 * so that nothing the hub reads back from a sandbox (saves, snapshots, exports) can pick them up.
 */
export const CONTAINER_SECRETS_DIR = '/run/notebook-hub-secrets';

/**
 * The secrets a spec gives, checked (names a shell accepts, file names without a path), or null
 * when it gives nothing.
 */
export function secretsOf(secrets: SandboxSecrets | undefined): SandboxSecrets | null {
  if (!hasSecrets(secrets)) return null;
  checkSandboxSecrets(secrets);
  return secrets;
}

/**
 * The variables of a sandbox's secrets once their files are in `dir`: the values, each file
 * variable as the path of its file, and the directory's variable when there are files.
 */
export function secretVariables(secrets: SandboxSecrets, dir: string): Record<string, string> {
  const files = Object.keys(secrets.files);
  return {
    ...secrets.env,
    ...Object.fromEntries(Object.entries(secrets.fileEnv ?? {}).map(([name, file]) => [name, path.posix.join(dir, file)])),
    ...(files.length > 0 ? { [SECRETS_DIR_VARIABLE]: dir } : {}),
  };
}
