import type { KernelHealth } from '../core/ports/kernel-health.js';
import type { NotebookRuntime } from '../core/ports/notebook-runtime.js';

/**
 * The notebook runtime of a hub served under a path prefix (docs/deploy.md, "Behind a reverse
 * proxy"). A session's base URL in the core is its path on the hub (`/s/<id>`); marimo is mounted
 * at the path browsers use (`/notebooks/s/<id>`), so the absolute links and WebSocket URLs it
 * writes into its pages come back through the proxy. Health checks ask it at the same path.
 */
export function runtimeUnderBasePath(basePath: string, runtime: NotebookRuntime, kernels: KernelHealth): { runtime: NotebookRuntime; kernels: KernelHealth } {
  if (basePath === '') return { runtime, kernels };
  return {
    runtime: {
      prepareEnvironment: (sandbox, notebook, logger, source, installEnv) => runtime.prepareEnvironment(sandbox, notebook, logger, source, installEnv),
      startServer: (sandbox, request) => runtime.startServer(sandbox, { ...request, baseUrl: `${basePath}${request.baseUrl}` }),
      exportHtml: (sandbox, notebook, env) => runtime.exportHtml(sandbox, notebook, env),
      listWorkspace: (sandbox, maxFileBytes) => runtime.listWorkspace(sandbox, maxFileBytes),
    },
    kernels: { answers: (address, timeoutMs) => kernels.answers({ ...address, baseUrl: `${basePath}${address.baseUrl}` }, timeoutMs) },
  };
}
