import type { AuditLog } from '../../../core/audit/audit-log.js';
import { HubError } from '../../../core/errors.js';
import { newImportId } from '../../../core/ids.js';
import type { NotebookRevision } from '../../../core/notebooks/notebook-model.js';
import type { Actor, NotebookInput, NotebookService } from '../../../core/notebooks/notebook-service.js';
import type { FolderArchiveLimits, FolderArchiveReader } from '../../../core/ports/folder-archive.js';
import type { ObjectStore } from '../../../core/ports/object-store.js';
import { layout } from '../../../core/storage-layout.js';
import { mimeTypeOf } from '../../../core/workspace/mime.js';
import { nameOf } from '../../../core/workspace/paths.js';
import type { WorkspaceService } from '../../../core/workspace/workspace-service.js';
import { WorkspaceStore } from '../../../core/workspace/workspace-store.js';
import { planFolder } from './folder-plan.js';
import {
  RECEIPT_RETENTION_MS,
  SNAPSHOT_RETENTION_MS,
  type ImportRecord,
  type ImportSnapshot,
  type NotebookImportView,
  type NotebookReceipt,
  type SnapshotFile,
} from './import-model.js';
import { ImportRecords } from './import-records.js';
import { filesAvailable, importViewOf, isLiveClaim } from './import-view.js';
import { detectNotebooks, neighbourFiles, neighbourFolders } from './notebook-detection.js';

export interface ImportLimits extends FolderArchiveLimits {
  /** The uploaded archive itself. */
  maxArchiveBytes: number;
}

const MIB = 1024 * 1024;

/**
 * Limits derived from the largest request body, so a deployment that accepts bigger uploads
 * accepts bigger folders: the files may add up to four request bodies (at most 1 GiB, since they
 * are held in memory until every check passed), and no file, nor the whole archive, may expand
 * more than 100 times once past 1 MiB.
 */
export function importLimitsFor(maxRequestBytes: number): ImportLimits {
  return {
    maxArchiveBytes: maxRequestBytes,
    maxTotalBytes: Math.min(4 * maxRequestBytes, 1024 * MIB),
    maxEntries: 10_000,
    maxExpansionRatio: 100,
    ratioFloorBytes: MIB,
  };
}

export interface NotebookFromImport {
  /** The notebook's path in the imported folder. */
  path: string;
  title?: string;
  description?: string;
  tags?: string[];
}

export interface NotebookImportsDeps {
  store: ObjectStore;
  audit: AuditLog;
  notebooks: NotebookService;
  workspace: WorkspaceService;
  reader: FolderArchiveReader;
  limits: ImportLimits;
  now?: () => Date;
}

/** Blob writes in flight at once while storing a folder. */
const BLOB_WRITERS = 8;

function invalid(field: string, message: string): HubError {
  return new HubError('VALIDATION_ERROR', `${field} ${message}`, [{ field, message }]);
}

/**
 * Notebook imports: an uploaded folder (a zip) is checked entry by entry, its marimo notebooks are
 * detected, and each can then become a notebook whose workspace holds the files around it.
 * Authorization happens before; every change is audited.
 */
export class NotebookImports {
  private readonly records: ImportRecords;
  private readonly blobs: WorkspaceStore;
  private readonly now: () => Date;

  constructor(private readonly deps: NotebookImportsDeps) {
    this.records = new ImportRecords(deps.store);
    this.now = deps.now ?? (() => new Date());
    this.blobs = new WorkspaceStore(deps.store, this.now);
  }

  /**
   * Stores an uploaded folder. Every entry is checked, and every file inflated within the limits,
   * before anything is written: a refused archive leaves nothing behind.
   */
  async upload(projectId: string, archive: Buffer, actor: string): Promise<NotebookImportView> {
    const { limits } = this.deps;
    if (archive.length > limits.maxArchiveBytes)
      throw new HubError('PAYLOAD_TOO_LARGE', `the archive is larger than ${limits.maxArchiveBytes} bytes (limits.max_request_bytes)`);
    const opened = this.deps.reader.open(archive, limits);
    const plan = planFolder(opened.entries);
    const bodies = await opened.readFiles(plan.files.map((file) => file.index));
    const files = plan.files.map((file, i) => ({ path: file.path, body: bodies[i]! }));
    const notebooks = detectNotebooks(files, plan.directories);
    if (notebooks.length === 0) {
      throw invalid('body', 'holds no marimo notebook: a notebook is a .py file that does `import marimo` and defines `app = marimo.App(...)`');
    }

    const at = this.now();
    const id = newImportId(at.getTime());
    const snapshot: ImportSnapshot = { schema_version: 1, import_id: id, files: await this.storeBlobs(files), directories: plan.directories };
    const filesExpireAt = at.getTime() + SNAPSHOT_RETENTION_MS;
    const record: ImportRecord = {
      schema_version: 1,
      id,
      project_id: projectId,
      created_at: at.toISOString(),
      created_by: actor,
      files_expire_at: new Date(filesExpireAt).toISOString(),
      expires_at: new Date(filesExpireAt + RECEIPT_RETENTION_MS).toISOString(),
      archive_bytes: archive.length,
      file_count: files.length,
      folder_count: plan.directories.length,
      total_bytes: files.reduce((sum, file) => sum + file.body.length, 0),
      ignored_count: plan.ignoredCount,
      notebooks,
    };
    await this.records.create(record, snapshot);
    await this.deps.audit.append({
      event: 'notebook_import.create',
      actor,
      projectId,
      metadata: {
        import_id: id,
        files: record.file_count,
        bytes: record.total_bytes,
        notebooks: notebooks.length,
        ready: notebooks.filter((notebook) => notebook.state === 'ready').length,
      },
    });
    return importViewOf(record, snapshot, new Map(), this.now());
  }

  async get(projectId: string, importId: string): Promise<NotebookImportView> {
    const record = await this.load(projectId, importId);
    const now = this.now();
    const [snapshot, receipts] = await Promise.all([
      filesAvailable(record, now) ? this.records.snapshot(projectId, importId) : Promise.resolve(null),
      this.records.receipts(projectId, importId),
    ]);
    return importViewOf(record, snapshot, receipts, now);
  }

  /**
   * Creates one notebook from the import: its code is the notebook file, its workspace the files
   * around it (added in one change). A notebook is imported once: a second request gets CONFLICT
   * naming the notebook created the first time. GONE once the folder snapshot expired.
   */
  async createNotebook(
    projectId: string,
    projectName: string,
    importId: string,
    request: NotebookFromImport,
    actor: Actor,
  ): Promise<{ notebook: NotebookRevision; import: NotebookImportView }> {
    const record = await this.load(projectId, importId);
    const path = request.path.normalize('NFC');
    const index = record.notebooks.findIndex((notebook) => notebook.path === path);
    if (index < 0) {
      const known = record.notebooks.map((notebook) => JSON.stringify(notebook.path)).join(', ');
      throw invalid('path', `is not a notebook of this import; its notebooks are ${known}`);
    }
    const detected = record.notebooks[index]!;
    if (detected.state === 'invalid') throw invalid('path', `cannot be imported: ${detected.message}`);
    const existing = await this.records.receipt(projectId, importId, index);
    if (existing?.value.state === 'imported') throw new HubError('CONFLICT', `${path} was already imported as notebook ${existing.value.notebook_id}`);
    if (existing && isLiveClaim(existing.value, this.now())) throw new HubError('CONFLICT', `${path} is being imported by another request`);
    const snapshot = filesAvailable(record, this.now()) ? await this.records.snapshot(projectId, importId) : null;
    if (!snapshot)
      throw new HubError('GONE', `the files of import ${importId} expired ${SNAPSHOT_RETENTION_MS / 3600_000} hours after the upload; upload the folder again`);
    const notebookFile = snapshot.files.find((file) => file.path === path);
    if (!notebookFile) throw new HubError('INTERNAL_ERROR', `import ${importId} lists ${path} as a notebook, but its snapshot does not hold it`);

    const claim: NotebookReceipt = { schema_version: 1, import_id: importId, path, state: 'creating', actor: actor.id, claimed_at: this.now().toISOString() };
    const claimEtag = await this.records.claim(projectId, claim, index, existing?.etag ?? null);
    if (!claimEtag) throw new HubError('CONFLICT', `${path} is being imported by another request`);
    const origin = { import_id: importId, import_path: path };
    let notebook: NotebookRevision;
    try {
      const code = (await this.blobs.getBlob(notebookFile.blob)).toString('utf8');
      const input = {
        title: request.title ?? detected.title,
        code,
        entry_file: detected.entry_file,
        ...(request.description !== undefined ? { description: request.description } : {}),
        ...(request.tags ? { tags: request.tags } : {}),
      };
      notebook = await this.createWithWorkspace(projectName, input, record, detected, snapshot, actor, origin);
    } catch (error) {
      await this.records.release(projectId, importId, index, claimEtag);
      throw error;
    }
    await this.records.complete(projectId, { ...claim, state: 'imported', notebook_id: notebook.id, imported_at: this.now().toISOString() }, index, claimEtag);
    return { notebook, import: await this.get(projectId, importId) };
  }

  /**
   * Fills the workspace of the notebook-to-be, then stores the notebook. Until then nothing lists
   * the notebook nor can reach its workspace, so a failure on the way leaves no notebook, no
   * notebook audit event and no alert; the unreachable workspace is removed again here.
   */
  private async createWithWorkspace(
    projectName: string,
    input: NotebookInput,
    record: ImportRecord,
    detected: ImportRecord['notebooks'][number],
    snapshot: ImportSnapshot,
    actor: Actor,
    origin: Record<string, unknown>,
  ): Promise<NotebookRevision> {
    const prepared = this.deps.notebooks.prepare(record.project_id, input, actor);
    const notebookPaths = new Set(record.notebooks.map((candidate) => candidate.path));
    const files = neighbourFiles(detected.folder, snapshot.files, notebookPaths).map((file) => ({
      path: file.workspacePath,
      blob: file.blob,
      size: file.size,
    }));
    try {
      const summary = await this.deps.workspace.importFiles(prepared.notebook, files, neighbourFolders(detected.folder, snapshot.directories), actor.id);
      const { notebook } = await this.deps.notebooks.commit(prepared, projectName, actor, origin);
      await this.deps.workspace.recordImport(notebook, actor.id, summary, origin);
      return notebook;
    } catch (error) {
      await this.discardWorkspace(prepared.notebook);
      throw error;
    }
  }

  /** Deletes every object of a workspace whose notebook was never stored (so nobody else wrote it). */
  private async discardWorkspace(notebook: NotebookRevision): Promise<void> {
    const prefix = layout.workspacePrefix(notebook.project_id, notebook.id);
    try {
      let cursor: string | null = null;
      do {
        const page: Awaited<ReturnType<ObjectStore['list']>> = await this.deps.store.list(prefix, { cursor });
        for (const item of page.items) await this.deps.store.delete(item.key);
        cursor = page.nextCursor;
      } while (cursor);
    } catch {
      // Unreachable without its notebook: a leftover costs space, never correctness.
    }
  }

  /** The import's record; NOT_FOUND when there is none or its receipts expired too. */
  private async load(projectId: string, importId: string): Promise<ImportRecord> {
    const record = await this.records.record(projectId, importId);
    if (!record || this.now().getTime() >= Date.parse(record.expires_at)) throw new HubError('NOT_FOUND', `import ${importId} not found`);
    return record;
  }

  /** Content-addressed, so a file already stored (by any workspace or import) is not written again. */
  private async storeBlobs(files: { path: string; body: Buffer }[]): Promise<SnapshotFile[]> {
    const stored: SnapshotFile[] = [];
    for (let start = 0; start < files.length; start += BLOB_WRITERS) {
      const batch = files.slice(start, start + BLOB_WRITERS);
      const hashes = await Promise.all(batch.map((file) => this.blobs.putBlob(file.body)));
      batch.forEach((file, i) => stored.push({ path: file.path, blob: hashes[i]!, size: file.body.length, mime_type: mimeTypeOf(nameOf(file.path)) }));
    }
    return stored;
  }
}
