import type { Logger } from '@notebook-hub/kernel/ports/logger.js';
import type { NotebookRuntime, RuntimeServer, SandboxWorkspaceListing, StartServerRequest } from '@notebook-hub/kernel/ports/notebook-runtime.js';
import type { Sandbox, SandboxDriver } from '@notebook-hub/kernel/ports/sandbox-driver.js';
import { prepareNotebookEnvironment } from '../environment/notebook-environment.js';
import { exportNotebookHtml } from '../marimo/export-html.js';
import { startMarimo } from '../marimo/marimo-server.js';
import { listSandboxWorkspace } from './workspace-listing.js';

/** The NotebookRuntime port on top of a sandbox driver: the pinned marimo and uv in the sandbox. */
export class MarimoRuntime implements NotebookRuntime {
  constructor(private readonly driver: SandboxDriver) {}

  async prepareEnvironment(
    sandbox: Sandbox,
    notebook: string,
    logger: Logger,
    source?: string,
    installEnv?: Record<string, string>,
  ): Promise<{ env: Record<string, string>; timings: Record<string, number> }> {
    const environment = await prepareNotebookEnvironment(this.driver, sandbox, {
      notebook,
      logger,
      ...(source === undefined ? {} : { source }),
      ...(installEnv === undefined ? {} : { installEnv }),
    });
    return { env: environment.env, timings: environment.timings };
  }

  async startServer(sandbox: Sandbox, request: StartServerRequest): Promise<RuntimeServer> {
    const server = await startMarimo(this.driver, sandbox, {
      mode: request.mode,
      notebook: request.notebook,
      baseUrl: request.baseUrl,
      token: request.token,
      env: request.env,
      readyTimeoutMs: request.readyTimeoutMs,
    });
    return { endpoint: server.endpoint, baseUrl: server.baseUrl, proxyHeaders: server.proxyHeaders, process: server.process };
  }

  exportHtml(sandbox: Sandbox, notebook: string, env: Record<string, string>): Promise<Buffer> {
    return exportNotebookHtml(this.driver, sandbox.id, { notebook, env });
  }

  listWorkspace(sandbox: Sandbox, maxFileBytes: number): Promise<SandboxWorkspaceListing> {
    return listSandboxWorkspace(this.driver, sandbox.id, maxFileBytes);
  }
}
