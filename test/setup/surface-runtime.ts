import { missingCodeServerBuildTools } from '../../sandbox-drivers/src/surfaces/build-prerequisites.js';
import { ensureSurfaceRuntime } from '../../sandbox-drivers/src/surfaces/surface-runtime.js';
import { stderrProgress } from '../../sandbox-drivers/src/shared/progress.js';
import { aptInstall } from './apt.js';
import { testCacheDir } from './cache-dir.js';

/** What the surface suites get through `prerequisite('surfaceRuntime')`. */
export interface SurfaceRuntimeInfo {
  /** The surfaces directory, shared by every test run. */
  dir: string;
  /** The launchers of code-server (on its own Node 24) and OpenCode. */
  codeServer: string;
  openCode: string;
}

/**
 * Installs (once, then reuses) code-server and OpenCode in the test cache with the very code the
 * local driver uses, so that path is exercised too. code-server's native modules need a compiler
 * and the Kerberos headers: installed with apt-get when missing and this is root on Debian.
 */
export async function provisionSurfaceRuntime(): Promise<SurfaceRuntimeInfo> {
  const missing = await missingCodeServerBuildTools();
  if (missing.length > 0) {
    aptInstall(missing, `code-server's build needs ${missing.join(', ')} (install them, or run the tests as root on Debian)`, { recommends: false });
  }
  const dir = testCacheDir('surface-runtime');
  const runtime = await ensureSurfaceRuntime({ dir, onProgress: stderrProgress('setup: surfaces') });
  return { dir, codeServer: runtime.codeServer!, openCode: runtime.openCode! };
}
