import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { zipSync, type Zippable } from 'fflate';
import { describe, type HubCall } from './menu-actions.js';

/**
 * Folders that are tools' state rather than the project's files: a virtual environment or a
 * repository's history would push an import over its size limit and bring nothing a notebook reads.
 */
const SKIPPED_FOLDERS = new Set(['.git', '.hg', '.svn', '__pycache__', '.venv', 'venv', 'node_modules', '.ipynb_checkpoints', '.mypy_cache', '.pytest_cache']);

export interface FolderImport {
  importId: string;
  /** The UI page of the import, where the user picks the notebooks to create. */
  page: string;
  /** Paths (in the import) left out: tool folders and links. */
  skipped: string[];
}

/**
 * Imports a folder from disk into a project (docs/desktop.md, "Folders and files on disk"): the
 * same import as a zip uploaded in the browser (docs/imports.md), with the zip made here from the
 * folder, so the user never zips anything. Its entries are named under the folder's own name.
 */
export async function importFolder(call: HubCall, folder: string, projectId: string): Promise<FolderImport> {
  const root = path.basename(path.resolve(folder));
  const files: Zippable = {};
  const skipped: string[] = [];
  const visit = async (dir: string, prefix: string) => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const name = `${prefix}/${entry.name}`;
      if (entry.isDirectory()) {
        if (SKIPPED_FOLDERS.has(entry.name)) skipped.push(`${name}/`);
        else await visit(path.join(dir, entry.name), name);
      } else if (entry.isFile()) files[name] = new Uint8Array(await readFile(path.join(dir, entry.name)));
      else skipped.push(name);
    }
  };
  await visit(path.resolve(folder), root);
  if (Object.keys(files).length === 0) throw new Error(`${folder} has no files to import`);
  const uploaded = await call(`/api/v1/projects/${encodeURIComponent(projectId)}/notebook-imports`, {
    method: 'POST',
    bytes: { data: zipSync(files, { level: 6 }), contentType: 'application/zip' },
  });
  if (uploaded.status !== 201) throw new Error(`importing ${root} failed: ${describe(uploaded)}`);
  const importId = (uploaded.json as { data: { id: string } }).data.id;
  return { importId, page: `/projects/${encodeURIComponent(projectId)}/import/${encodeURIComponent(importId)}`, skipped: skipped.sort() };
}

/** The most a notebook may hold (docs/notebooks.md, "Fields"): a larger file is refused before it is read. */
const MAX_NOTEBOOK_BYTES = 8 * 1024 * 1024;
const MAX_TITLE = 200;
/** A name a notebook's entry file may have (docs/notebooks.md, "The entry file"); any other is stored as `notebook.py`. */
const ENTRY_FILE_NAME = /^[A-Za-z0-9_][A-Za-z0-9._ -]{0,99}\.py$/;
const APP_CALL = /^app\s*=\s*marimo\.App\(([^)]*)\)/m;
const APP_TITLE = /\bapp_title\s*=\s*(?:"([^"\n]*)"|'([^'\n]*)')/;

export interface NotebookImport {
  notebookId: string;
  /** The UI page of the new notebook's editor. */
  page: string;
}

/**
 * Imports one `.py` marimo notebook from disk as a new notebook of a project (docs/desktop.md,
 * "Folders and files on disk"), titled as a folder import would title it (docs/imports.md: its
 * `app_title`, else its file name) and keeping its file name as its entry file. The hub checks
 * that it is a marimo notebook and writes the `notebook.create` audit event.
 */
export async function importNotebookFile(call: HubCall, file: string, projectId: string): Promise<NotebookImport> {
  const name = path.basename(file);
  if ((await stat(file)).size > MAX_NOTEBOOK_BYTES) throw new Error(`${name} is larger than 8 MiB, the most a notebook may hold`);
  let code: string;
  try {
    code = new TextDecoder('utf-8', { fatal: true }).decode(await readFile(file));
  } catch (error) {
    if (error instanceof TypeError) throw new Error(`${name} is not UTF-8 text: save it as UTF-8 and import it again`, { cause: error });
    throw error;
  }
  const created = await call(`/api/v1/projects/${encodeURIComponent(projectId)}/notebooks`, {
    method: 'POST',
    body: { title: notebookTitleOf(code, name), code, ...(ENTRY_FILE_NAME.test(name) ? { entry_file: name } : {}) },
  });
  if (created.status !== 201) throw new Error(`${name} could not be imported: ${describe(created)}`);
  const notebookId = (created.json as { data: { meta: { id: string } } }).data.meta.id;
  return { notebookId, page: `/projects/${encodeURIComponent(projectId)}/notebooks/${encodeURIComponent(notebookId)}/edit` };
}

/** `App(app_title="...")` when the notebook names itself, else its file name without `.py` (as docs/imports.md titles an imported notebook). */
export function notebookTitleOf(code: string, fileName: string): string {
  const args = APP_CALL.exec(code)?.[1] ?? '';
  const match = APP_TITLE.exec(args);
  const declared = (match?.[1] ?? match?.[2] ?? '').trim();
  const stem = fileName.replace(/\.py$/i, '').trim();
  return (declared || stem || fileName).slice(0, MAX_TITLE);
}

/** A notebook's current source and a file name for it (its title, made safe for any file system). */
export async function notebookFile(call: HubCall, projectId: string, notebookId: string): Promise<{ fileName: string; code: string }> {
  const base = `/api/v1/projects/${encodeURIComponent(projectId)}/notebooks/${encodeURIComponent(notebookId)}`;
  const [detail, code] = await Promise.all([call(base), call(`${base}/code`)]);
  if (detail.status !== 200) throw new Error(`reading the notebook failed: ${describe(detail)}`);
  if (code.status !== 200) throw new Error(`reading the notebook's code failed: ${describe(code)}`);
  const title = (detail.json as { data: { meta: { title: string } } }).data.meta.title;
  return { fileName: `${fileNameOf(title)}.py`, code: code.text };
}

/** A title as a file name: letters, digits, `-` and `_`, lower case, never empty. */
export function fileNameOf(title: string): string {
  const name = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 80);
  return name || 'notebook';
}
