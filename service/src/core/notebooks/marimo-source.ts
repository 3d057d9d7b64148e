import { HubError } from '../errors.js';

/** A new notebook: one cell importing marimo, as `marimo new` writes it. */
export function blankNotebook(marimoVersion: string): string {
  return `import marimo

__generated_with = "${marimoVersion}"
app = marimo.App()


@app.cell
def _():
    import marimo as mo
    return (mo,)


if __name__ == "__main__":
    app.run()
`;
}

export const MAX_NOTEBOOK_BYTES = 8 * 1024 * 1024;

/** Whether a file is a marimo notebook: it imports marimo and defines the app. */
export function looksLikeMarimoNotebook(code: string): boolean {
  return /^\s*import marimo\b/m.test(code) && /^app\s*=\s*marimo\.App\(/m.test(code);
}

/** Refuses code that is not a marimo notebook the hub can store and run. */
export function assertNotebookCode(code: string, field = 'code'): void {
  if (Buffer.byteLength(code, 'utf8') > MAX_NOTEBOOK_BYTES) {
    throw new HubError('PAYLOAD_TOO_LARGE', `a notebook may hold at most ${MAX_NOTEBOOK_BYTES} bytes`);
  }
  if (code.includes('\u0000')) throw new HubError('VALIDATION_ERROR', 'the code contains NUL bytes', [{ field, message: 'contains NUL bytes' }]);
  if (!looksLikeMarimoNotebook(code)) {
    throw new HubError('VALIDATION_ERROR', 'not a marimo notebook: it must `import marimo` and define `app = marimo.App(...)`', [
      { field, message: 'not a marimo notebook' },
    ]);
  }
}

export interface RuntimeInfo {
  python_version?: string;
  marimo_version?: string;
}

/** True when the notebook has a PEP 723 `# /// script` block (dependencies to install). */
export function hasScriptBlock(code: string): boolean {
  return /^# \/\/\/ script\s*$/m.test(code);
}

/**
 * What the notebook says about its runtime: the marimo version that wrote it (`__generated_with`)
 * and the Python its PEP 723 header asks for (`requires-python`).
 */
export function runtimeOf(code: string): RuntimeInfo | undefined {
  const marimo = /^__generated_with\s*=\s*["']([^"']{1,40})["']/m.exec(code)?.[1];
  const header = /^# \/\/\/ script\s*$([\s\S]*?)^# \/\/\/\s*$/m.exec(code)?.[1];
  const python = header ? /^#\s*requires-python\s*=\s*["']([^"']{1,40})["']/m.exec(header)?.[1] : undefined;
  if (!marimo && !python) return undefined;
  return { ...(python ? { python_version: python } : {}), ...(marimo ? { marimo_version: marimo } : {}) };
}
