import type { HubServices } from '../../service/src/compose/services.js';
import type { NotebookVersion } from '../../service/src/core/notebooks/notebook-model.js';

/** A marimo notebook whose one cell returns `value`: distinct code per version. */
export function notebookCode(value: string): string {
  return `import marimo\n\napp = marimo.App()\n\n\n@app.cell\ndef _():\n    return ${JSON.stringify(value)}\n\n\nif __name__ == "__main__":\n    app.run()\n`;
}

/** Every version of a local notebook, oldest first. */
export async function localVersions(services: Pick<HubServices, 'notebooks'>, notebookId: string): Promise<NotebookVersion[]> {
  const versions: NotebookVersion[] = [];
  let cursor: string | null = null;
  do {
    const page: Awaited<ReturnType<HubServices['notebooks']['versions']>> = await services.notebooks.versions(notebookId, { cursor, limit: 100 });
    versions.push(...page.items.map((item) => item.value));
    cursor = page.nextCursor;
  } while (cursor);
  return versions.reverse();
}

/** The code of every version of a local notebook, oldest first. */
export async function localCodes(services: Pick<HubServices, 'notebooks'>, projectId: string, notebookId: string): Promise<string[]> {
  const codes: string[] = [];
  for (const version of await localVersions(services, notebookId)) codes.push(await services.notebooks.code(projectId, notebookId, version.version_id));
  return codes;
}

/** A local notebook's workspace files, as text by path. */
export async function localFiles(services: Pick<HubServices, 'workspace'>, projectId: string, notebookId: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const file of await services.workspace.filesOf(projectId, notebookId)) files[file.path] = (await file.read()).toString();
  return files;
}

/** The local notebooks of a project by title. */
export async function localNotebooks(
  services: Pick<HubServices, 'notebooks'>,
  projectId: string,
): Promise<Record<string, { id: string; current_version_id: string | null }>> {
  const page = await services.notebooks.list(projectId, { limit: 500 });
  return Object.fromEntries(page.items.map(({ value }) => [value.title, { id: value.id, current_version_id: value.current_version_id }]));
}
