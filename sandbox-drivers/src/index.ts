/** The sandbox drivers and the notebook runtime on top of them; the hub's composition imports this. */
export { LocalSandboxDriver, type LocalDriverOptions } from './local/local-driver.js';
export { ensureLocalRuntime, type LocalRuntime } from './local/runtime-venv.js';
export { DockerSandboxDriver, type DockerDriverOptions } from './docker/docker-driver.js';
export { startMarimo, newSessionSecret, normalizeBaseUrl, type MarimoServer, type MarimoLaunchOptions, type MarimoMode } from './marimo/marimo-server.js';
export { exportNotebookHtml, type ExportHtmlOptions } from './marimo/export-html.js';
export { MarimoRuntime } from './runtime/marimo-runtime.js';
export { prepareNotebookEnvironment, PythonEnvSetupError, SLOW_SETUP_MS, type NotebookEnvironment } from './environment/notebook-environment.js';
export { runStartupDiagnostic, type ComputeProfile, type StartupDiagnosticOptions } from './diagnostic/run-startup-diagnostic.js';
export type { SandboxStartupReport, SandboxStartupRequest } from './diagnostic/startup-report.js';
export { stderrProgress, type ProgressEvent, type ProgressListener } from './shared/progress.js';
export * from '../runtime/pins.js';
