import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Sandbox, SandboxDriver } from '@notebook-hub/kernel/ports/sandbox-driver.js';
import { runStartupDiagnostic } from './diagnostic/run-startup-diagnostic.js';
import { prepareNotebookEnvironment, PythonEnvSetupError } from './environment/notebook-environment.js';
import { exportNotebookHtml } from './marimo/export-html.js';
import { newSessionSecret, startMarimo } from './marimo/marimo-server.js';
import { captureLogger } from './testing/capture-logger.js';
import { probeWebSocket } from './testing/websocket-probe.js';

const NOTEBOOK = `import marimo

app = marimo.App()


@app.cell
def _():
    import marimo as mo
    answer = 6 * 7
    mo.md(f"computed-answer-{answer}")
    return


if __name__ == "__main__":
    app.run()
`;

const RAISING_NOTEBOOK = `import marimo

app = marimo.App()


@app.cell
def _():
    raise ValueError("raised-on-purpose")
    return


if __name__ == "__main__":
    app.run()
`;

const withDependencies = (dependency: string) => `# /// script
# requires-python = ">=3.10"
# dependencies = [
#     "${dependency}",
# ]
# ///
import marimo

app = marimo.App()


@app.cell
def _():
    import marimo as mo
    import six
    mo.md(f"six-version-{six.__version__}")
    return


if __name__ == "__main__":
    app.run()
`;

/** The marimo part of the conformance suite: the runtime really runs in every driver's sandboxes. */
export function describeMarimoConformance(driver: () => SandboxDriver, create: (driver: SandboxDriver, ports?: string[]) => Promise<Sandbox>): void {
  describe('with marimo', () => {
    it('starts edit and app mode behind a per-session secret; pages and WebSockets need it', async () => {
      const d = driver();
      const sandbox = await create(d, ['marimo', 'app']);
      await d.writeFile(sandbox.id, 'notebook.py', NOTEBOOK);
      const token = newSessionSecret();
      const baseUrl = `/s/sess-${randomBytes(4).toString('hex')}`;
      const server = await startMarimo(d, sandbox, { mode: 'edit', notebook: 'notebook.py', baseUrl, token, readyTimeoutMs: 90_000 });
      const root = `http://${server.endpoint.host}:${server.endpoint.port}${server.baseUrl}`;

      const health = await fetch(`${root}/health`);
      expect(health.status).toBe(200);
      const anonymous = await fetch(`${root}/`, { redirect: 'manual' });
      expect(anonymous.status).not.toBe(200);
      const wrong = await fetch(`${root}/`, { headers: { authorization: 'Bearer not-the-secret' }, redirect: 'manual' });
      expect(wrong.status).not.toBe(200);
      const page = await fetch(`${root}/`, { headers: server.proxyHeaders, redirect: 'manual' });
      expect(page.status).toBe(200);
      expect(await page.text()).toMatch(/marimo/i);

      const wsUrl = `${root}/ws?session_id=s_${randomBytes(3).toString('hex')}&file=notebook.py`;
      const refused = await probeWebSocket(wsUrl, {});
      expect(refused.status).not.toBe(101);
      const socket = await probeWebSocket(wsUrl, server.proxyHeaders);
      expect(socket.status).toBe(101);
      expect(socket.firstMessage).toMatch(/kernel-ready|"op"/);

      const app = await startMarimo(d, sandbox, {
        mode: 'app',
        port: 'app',
        notebook: 'notebook.py',
        baseUrl: `${baseUrl}-app`,
        token,
        readyTimeoutMs: 90_000,
      });
      const appRoot = `http://${app.endpoint.host}:${app.endpoint.port}${app.baseUrl}`;
      expect((await fetch(`${appRoot}/`, { redirect: 'manual' })).status).not.toBe(200);
      expect((await fetch(`${appRoot}/`, { headers: app.proxyHeaders })).status).toBe(200);

      await d.destroy(sandbox.id);
      expect(await Promise.race([server.process.exited.then(() => 'exited'), new Promise((resolve) => setTimeout(() => resolve('running'), 15_000))])).toBe(
        'exited',
      );
    });

    it('exports a notebook to HTML headless', async () => {
      const d = driver();
      const sandbox = await create(d);
      await d.writeFile(sandbox.id, 'notebooks/report.py', NOTEBOOK);
      const html = (await exportNotebookHtml(d, sandbox.id, { notebook: 'notebooks/report.py' })).toString('utf8');
      expect(html).toMatch(/<html/i);
      expect(html).toContain('computed-answer-42');
      expect((await d.exec(sandbox.id, { argv: ['sh', '-c', 'ls -a'] })).stdout).not.toMatch(/notebook-hub-export/);

      // A cell that raises is part of the notebook's output, not a failed export.
      await d.writeFile(sandbox.id, 'raises.py', RAISING_NOTEBOOK);
      expect((await exportNotebookHtml(d, sandbox.id, { notebook: 'raises.py' })).toString('utf8')).toContain('raised-on-purpose');
      // An export marimo could not make at all is.
      await expect(exportNotebookHtml(d, sandbox.id, { notebook: 'missing.py' })).rejects.toMatchObject({ code: 'COMMAND_FAILED', message: /does not exist/ });
      expect((await d.exec(sandbox.id, { argv: ['sh', '-c', 'ls -a'] })).stdout).not.toMatch(/notebook-hub-export/);
      await d.destroy(sandbox.id);
    });

    it('installs PEP 723 dependencies with uv before the kernel starts, and reports slow set-up', async () => {
      const d = driver();
      const sandbox = await create(d);
      await d.writeFile(sandbox.id, 'deps.py', withDependencies('six==1.17.0'));
      const logger = captureLogger();
      const environment = await prepareNotebookEnvironment(d, sandbox, { notebook: 'deps.py', logger, slowThresholdMs: 0 });
      expect(environment.installed).toBe(true);
      expect(environment.env.PYTHONPATH).toContain(sandbox.homeDir);
      const slow = logger.lines.find((line) => line.fields.event === 'sandbox_setup_slow');
      expect(slow?.fields).toMatchObject({ sandbox_id: sandbox.id, outcome: 'installed', steps: expect.objectContaining({ uv_ms: expect.any(Number) }) });
      expect(String(slow?.fields.stderr_tail).length).toBeLessThanOrEqual(4096);

      const html = (await exportNotebookHtml(d, sandbox.id, { notebook: 'deps.py', env: environment.env })).toString('utf8');
      expect(html).toContain('six-version-1.17.0');

      await d.writeFile(sandbox.id, 'plain.py', NOTEBOOK);
      expect((await prepareNotebookEnvironment(d, sandbox, { notebook: 'plain.py', logger })).installed).toBe(false);
      await d.destroy(sandbox.id);
    });

    it('fails with PYTHON_ENV_SETUP_FAILED and the tail of stderr when dependencies cannot be installed', async () => {
      const d = driver();
      const sandbox = await create(d);
      await d.writeFile(sandbox.id, 'broken.py', withDependencies('six==0.0.0'));
      const logger = captureLogger();
      const error = await prepareNotebookEnvironment(d, sandbox, { notebook: 'broken.py', logger, slowThresholdMs: 0 }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(PythonEnvSetupError);
      expect((error as PythonEnvSetupError).code).toBe('PYTHON_ENV_SETUP_FAILED');
      expect((error as PythonEnvSetupError).stderrTail).toMatch(/six/);
      expect((error as Error).message).toMatch(/six/);
      expect(logger.lines.find((line) => line.fields.event === 'sandbox_setup_slow')?.fields.outcome).toBe('failed');
      await d.destroy(sandbox.id);
    });

    it('produces the startup diagnostic report and always destroys its sandbox', async () => {
      const d = driver();
      const logger = captureLogger();
      const report = await runStartupDiagnostic(
        d,
        { compute_profile: 'small', environment_setup_benchmark: true },
        {
          profiles: [
            { name: 'default', cpu: 1 },
            { name: 'small', cpu: 0.5, memory_bytes: 512 * 1024 ** 2 },
          ],
          readinessTimeoutMs: 30_000,
          logger,
        },
      );
      // The whole report in the message: which step failed is the first thing to know.
      expect(report, JSON.stringify(report)).toMatchObject({
        ok: true,
        compute_profile: 'small',
        compute_resources: { cpu: 0.5 },
        handle: { status: 'ok' },
        cleanup: { status: 'ok' },
      });
      expect(report.readiness).toMatchObject({ status: 'ok', command: 'echo notebook-hub-ready', stdout: 'notebook-hub-ready\n' });
      expect(report.exec).toMatchObject({ status: 'ok', stdout: 'notebook-hub-exec\n' });
      expect(report.environment_setup_benchmark?.install.status).toBe('ok');
      expect(report.startup_timings_ms).toMatchObject({ create_ms: expect.any(Number), exec_ms: expect.any(Number), cleanup_ms: expect.any(Number) });
      expect((await d.list()).map((summary) => summary.id)).not.toContain(report.sandbox_id);
      expect(logger.lines.some((line) => line.fields.event === 'sandbox_startup_diagnostic')).toBe(true);
    });
  });
}
