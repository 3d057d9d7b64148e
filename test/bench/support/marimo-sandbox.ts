import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freeLoopbackPort } from '../../../sandbox-drivers/src/local/free-port.js';
import { connectKernel } from '../../support/marimo-client.js';

export interface MarimoSandboxOptions {
  /** The runtime venv's `bin/`: its marimo, its uv and its Python. */
  binDir: string;
  /** The folder with `notebook.py`. */
  dir: string;
  /** A package index on 127.0.0.1 that serves the notebook's dependencies and marimo with its own. */
  indexUrl: string;
  /** uv's cache for these starts: empty for the first, which fills it; the script environment is kept there. */
  uvCacheDir: string;
}

/**
 * The baseline of the locked environments benchmark: `marimo edit --sandbox` for the notebook
 * file, as someone would run it without a hub. marimo's server starts at once (with its editor
 * tools layered by uv); the notebook's environment comes with its kernel: when the page connects,
 * uv makes (or finds) the script environment of the PEP 723 block and the kernel starts in it.
 * So this is timed from the spawn to the page served and then to `kernel-ready` on the page's
 * socket, as `kernelReady` times a hub's start; uv reads only the index given here and uses no
 * Python but the runtime's.
 */
export async function marimoSandboxStart(options: MarimoSandboxOptions): Promise<number> {
  const port = await freeLoopbackPort();
  const began = performance.now();
  const { VIRTUAL_ENV: _venv, ...env } = process.env;
  const child = spawn(
    path.join(options.binDir, 'marimo'),
    ['edit', '--sandbox', 'uv', '--headless', '--host', '127.0.0.1', '--port', String(port), '--no-token', 'notebook.py'],
    {
      cwd: options.dir,
      env: {
        ...env,
        PATH: `${options.binDir}${path.delimiter}${process.env.PATH ?? ''}`,
        MARIMO_SKIP_UPDATE_CHECK: '1',
        UV_DEFAULT_INDEX: options.indexUrl,
        UV_INDEX_URL: options.indexUrl,
        UV_CACHE_DIR: options.uvCacheDir,
        UV_NO_CONFIG: '1',
        UV_PYTHON_DOWNLOADS: 'never',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
      detached: true,
    },
  );
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  try {
    for (;;) {
      const ok = await fetch(`http://127.0.0.1:${port}/`).then(
        async (response) => response.ok && /<html/i.test(await response.text()),
        () => false,
      );
      if (ok) {
        const kernel = await connectKernel(`http://127.0.0.1:${port}`, {});
        try {
          await kernel.waitFor('kernel-ready', 15 * 60_000);
          return performance.now() - began;
        } finally {
          kernel.close();
        }
      }
      if (child.exitCode !== null) throw new Error(`marimo edit --sandbox exited (${child.exitCode}) before serving:\n${stderr}`);
      if (performance.now() - began > 15 * 60_000) throw new Error(`marimo edit --sandbox served nothing within 15 minutes:\n${stderr}`);
      await sleep(25);
    }
  } finally {
    if (child.exitCode === null) {
      // The server uv started runs in the same process group.
      process.kill(-child.pid!, 'SIGKILL');
      await once(child, 'exit');
    }
  }
}
