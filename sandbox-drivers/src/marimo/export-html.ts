import { randomBytes } from 'node:crypto';
import type { SandboxDriver } from '../../../service/src/core/ports/sandbox-driver.js';

export interface ExportHtmlOptions {
  /** The notebook, relative to the workspace. */
  notebook: string;
  /** Extra environment, e.g. the notebook's package environment. */
  env?: Record<string, string>;
  includeCode?: boolean;
  timeoutMs?: number;
}

/**
 * Runs the notebook headless and returns its HTML export (snapshots, job output). The file is
 * written as a hidden file in the workspace and removed again, so exports of any size stay
 * off the exec output channel.
 */
export async function exportNotebookHtml(driver: SandboxDriver, sandboxId: string, options: ExportHtmlOptions): Promise<Buffer> {
  const output = `.notebook-hub-export-${randomBytes(6).toString('hex')}.html`;
  try {
    await driver.exec(sandboxId, {
      argv: [
        'marimo', 'export', 'html', options.notebook, '--output', output, '--force', '--no-sandbox',
        options.includeCode === false ? '--no-include-code' : '--include-code',
      ],
      env: { MARIMO_SKIP_UPDATE_CHECK: '1', ...options.env },
      timeoutMs: options.timeoutMs ?? 10 * 60_000,
      check: true,
    });
    return await driver.readFile(sandboxId, output);
  } finally {
    await driver.exec(sandboxId, { argv: ['rm', '-f', output], timeoutMs: 30_000 }).catch(() => {});
  }
}
