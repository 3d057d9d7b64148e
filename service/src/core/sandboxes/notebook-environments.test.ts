import { describe, expect, it } from 'vitest';
import type { Logger } from '../ports/logger.js';
import type { NotebookRuntime } from '../ports/notebook-runtime.js';
import type { Sandbox } from '../ports/sandbox-driver.js';
import { NotebookEnvironments, type EnvironmentStart } from './notebook-environments.js';

const silent: Logger = { fatal() {}, error() {}, warn() {}, info() {}, debug() {}, child: () => silent };
const sandbox: Sandbox = {
  id: 'sbx-1',
  image: 'local',
  workspaceDir: '/w',
  homeDir: '/h',
  bindHost: '127.0.0.1',
  ports: {},
  createdAt: '2024-01-01T00:00:00Z',
};
const WITH_DEPENDENCIES = '# /// script\n# dependencies = ["polars"]\n# ///\nimport marimo\n';

/** A runtime that records its installs instead of running uv (no sandbox here), and the variables each install got. */
function fakeInstallingRuntime(installs: string[], installEnvs: (Record<string, string> | undefined)[] = []): NotebookRuntime {
  return {
    prepareEnvironment: async (_sandbox, notebook, _logger, _source, installEnv) => {
      installs.push(notebook);
      installEnvs.push(installEnv);
      return { env: { PYTHONPATH: '/h/.notebook-env/x' }, timings: {} };
    },
    startServer: () => Promise.reject(new Error('not here')),
    exportHtml: () => Promise.reject(new Error('not here')),
    listWorkspace: () => Promise.reject(new Error('not here')),
  };
}

const start = (code: string, steps: string[]): EnvironmentStart => ({
  projectId: 'proj-1',
  notebookId: 'nb-1',
  versionId: 'ver-1',
  entryFile: 'notebook.py',
  code,
  sandbox,
  onStep: (step) => steps.push(step),
});

describe('notebook environments', () => {
  it('installs at start where no provider serves the start, saying so only when there is something to install', async () => {
    const installs: string[] = [];
    const environments = new NotebookEnvironments(fakeInstallingRuntime(installs));
    const steps: string[] = [];
    expect(await environments.prepare(start(WITH_DEPENDENCIES, steps), silent)).toEqual({ env: { PYTHONPATH: '/h/.notebook-env/x' }, environmentId: null });
    expect(steps).toEqual(['installing the notebook’s dependencies']);
    await environments.prepare(start('import marimo\n', steps), silent);
    expect(steps).toHaveLength(1);
    expect(installs).toEqual(['notebook.py', 'notebook.py']);
  });

  it("starts in the provider's locked environment instead of installing, and installs where it declines", async () => {
    const installs: string[] = [];
    const environments = new NotebookEnvironments(fakeInstallingRuntime(installs));
    environments.use({
      prepare: async (request) => (request.versionId === 'ver-1' ? { env: { PYTHONPATH: '/cache/env-1/packages' }, environmentId: 'env-1' } : null),
      builtFor: async () => null,
      recent: async () => [],
      enter: async () => null,
    });
    expect(await environments.prepare(start(WITH_DEPENDENCIES, []), silent)).toEqual({ env: { PYTHONPATH: '/cache/env-1/packages' }, environmentId: 'env-1' });
    expect(installs).toEqual([]);
    expect(await environments.prepare({ ...start(WITH_DEPENDENCIES, []), versionId: 'ver-2' }, silent)).toMatchObject({ environmentId: null });
    expect(installs).toEqual(['notebook.py']);
  });

  it('asks the provider which environments to keep warm, and answers none without one', async () => {
    const environments = new NotebookEnvironments(fakeInstallingRuntime([]));
    const version = { projectId: 'proj-1', notebookId: 'nb-1', versionId: 'ver-1', code: WITH_DEPENDENCIES };
    expect(await environments.builtFor(version)).toBeNull();
    expect(await environments.recent(3)).toEqual([]);
    expect(await environments.enter('env-1', 'sbx-1')).toBeNull();
    const used: string[] = [];
    environments.use({
      prepare: async () => null,
      builtFor: async (asked) => (asked.versionId === 'ver-1' ? 'env-1' : null),
      recent: async (limit) => ['env-2', 'env-1', 'env-3'].slice(0, limit),
      enter: async (id, sandboxId) => {
        used.push(`${id}:${sandboxId}`);
        return { PYTHONPATH: `/cache/${id}/packages` };
      },
    });
    expect(await environments.builtFor(version)).toBe('env-1');
    expect(await environments.recent(2)).toEqual(['env-2', 'env-1']);
    expect(await environments.recent(0)).toEqual([]);
    expect(await environments.enter('env-2', 'sbx-9')).toEqual({ PYTHONPATH: '/cache/env-2/packages' });
    expect(used).toEqual(['env-2:sbx-9']);
  });
  it("installs from the project's private indexes, asking for them only when there is something to install", async () => {
    const installEnvs: (Record<string, string> | undefined)[] = [];
    const environments = new NotebookEnvironments(fakeInstallingRuntime([], installEnvs));
    const asked: string[] = [];
    environments.useIndexes({
      installEnv: async (projectId) => {
        asked.push(projectId);
        return { UV_INDEX: 'hub-index-1=https://pypi.example.com/simple' };
      },
    });
    await environments.prepare(start(WITH_DEPENDENCIES, []), silent);
    await environments.install(start('import marimo\n', []), silent);
    expect(asked).toEqual(['proj-1']);
    expect(installEnvs).toEqual([{ UV_INDEX: 'hub-index-1=https://pypi.example.com/simple' }, {}]);
  });

  it('fails the start when a private index may not be reached, before any install', async () => {
    const installs: string[] = [];
    const environments = new NotebookEnvironments(fakeInstallingRuntime(installs));
    environments.useIndexes({ installEnv: () => Promise.reject(new Error('the package index of the integration “Team index” is not one the hub may reach')) });
    await expect(environments.prepare(start(WITH_DEPENDENCIES, []), silent)).rejects.toThrow('“Team index” is not one the hub may reach');
    expect(installs).toEqual([]);
  });
});
