/**
 * The notebook runtime on top of any sandbox driver: marimo servers, HTML export, notebook
 * environments, the start-up diagnostic and the runtime pins. The drivers themselves are separate
 * entry points (`@notebook-hub/sandbox-drivers/local`, `@notebook-hub/sandbox-drivers/docker`), so
 * loading this module never loads a driver's SDK (no Docker client unless the Docker driver is used).
 */
export { startMarimo, newSessionSecret, normalizeBaseUrl, type MarimoServer, type MarimoLaunchOptions, type MarimoMode } from './marimo/marimo-server.js';
export { exportNotebookHtml, type ExportHtmlOptions } from './marimo/export-html.js';
export { MarimoHealth } from './marimo/marimo-health.js';
export { MarimoRuntime } from './runtime/marimo-runtime.js';
export { prepareNotebookEnvironment, PythonEnvSetupError, SLOW_SETUP_MS, type NotebookEnvironment } from './environment/notebook-environment.js';
export { runStartupDiagnostic, type ComputeProfile, type StartupDiagnosticOptions } from './diagnostic/run-startup-diagnostic.js';
export type { SandboxStartupReport, SandboxStartupRequest } from './diagnostic/startup-report.js';
export { stderrProgress, type ProgressEvent, type ProgressListener } from './shared/progress.js';
export * from '../runtime/pins.js';
