import type { NotebookFiles } from './notebook-files.js';
import type { SandboxDriver } from '../ports/sandbox-driver.js';
import type { NotebookService } from './notebook-service.js';

/**
 * Puts a notebook into a sandbox: its workspace files, then the notebook file at `entryFile` with
 * the code of `versionId` (written last, so that it wins over a workspace file of the same name).
 * Returns that code. Sessions and job runs start from here.
 */
export async function writeNotebookIntoSandbox(
  deps: { notebooks: NotebookService; files: NotebookFiles; driver: SandboxDriver },
  sandboxId: string,
  notebook: { projectId: string; notebookId: string; versionId: string; entryFile: string },
): Promise<string> {
  const code = await deps.notebooks.code(notebook.projectId, notebook.notebookId, notebook.versionId);
  for (const file of await deps.files.filesOf(notebook.projectId, notebook.notebookId)) {
    if (file.path === notebook.entryFile) continue;
    await deps.driver.writeFile(sandboxId, file.path, await file.read());
  }
  await deps.driver.writeFile(sandboxId, notebook.entryFile, code);
  return code;
}
