/** The local sandbox driver (`@notebook-hub/sandbox-drivers/local`): child processes in their own process group, on the pinned runtime venv. */
export { LocalSandboxDriver, type LocalDriverOptions } from './local-driver.js';
export { ensureLocalRuntime, type LocalRuntime } from './runtime-venv.js';
export { inspectLocalRuntime, type RuntimeHealth, type RuntimeState } from './runtime-health.js';
export { LocalRuntimeSetup, type LocalRuntimeSetupOptions } from './runtime-setup.js';
