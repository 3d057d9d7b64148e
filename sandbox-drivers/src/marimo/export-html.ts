import { randomBytes } from 'node:crypto';
import { SandboxError, type SandboxDriver } from '@notebook-hub/kernel/ports/sandbox-driver.js';

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
    const result = await driver.exec(sandboxId, {
      argv: [
        'marimo',
        'export',
        'html',
        options.notebook,
        '--output',
        output,
        '--force',
        '--no-sandbox',
        options.includeCode === false ? '--no-include-code' : '--include-code',
      ],
      env: { MARIMO_SKIP_UPDATE_CHECK: '1', ...options.env },
      timeoutMs: options.timeoutMs ?? 10 * 60_000,
    });
    // marimo exits 1 when a cell raised but still writes the page, errors shown where the cells
    // failed, as the notebook itself shows them: that is the notebook's true output. The file name
    // is fresh, so a file there was written by this run.
    const html = await driver.readFile(sandboxId, output).catch(() => null);
    if (html && html.length > 0) return html;
    throw new SandboxError('COMMAND_FAILED', `marimo export html exited with ${result.exitCode}: ${tail(result.stderr)}`, { result });
  } finally {
    await driver.exec(sandboxId, { argv: ['rm', '-f', output], timeoutMs: 30_000 }).catch(() => {});
  }
}

function tail(text: string): string {
  return text.length > 2000 ? `...${text.slice(-2000)}` : text;
}
