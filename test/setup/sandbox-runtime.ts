import { ensureLocalRuntime } from '../../sandbox-drivers/src/local/runtime-venv.js';
import { stderrProgress } from '../../sandbox-drivers/src/shared/progress.js';
import { testCacheDir } from './cache-dir.js';

/** What the local-driver suites get through `prerequisite('sandboxRuntime')`. */
export interface SandboxRuntimeInfo {
  /** A runtime directory holding the pinned marimo + uv venv, shared by every test run. */
  runtimeDir: string;
}

/**
 * Creates (once, then reuses) the local driver's runtime venv in the test cache, with the very
 * code the driver uses on first start, so that path is exercised too.
 */
export async function provisionSandboxRuntime(): Promise<SandboxRuntimeInfo> {
  const runtimeDir = testCacheDir('sandbox-runtime');
  await ensureLocalRuntime({ dir: runtimeDir, onProgress: stderrProgress('setup: sandbox runtime') });
  return { runtimeDir };
}
