import { HubError } from '../../../core/errors.js';
import type { Principal } from '../../../core/identity/authenticator.js';
import {
  ObjectSourceError,
  type ObjectBody,
  type ObjectEnds,
  type ObjectFacts,
  type ObjectListing,
  type ObjectSource,
  type ObjectVersion,
} from '../../../core/ports/data-objects.js';
import type { NotebookRef, WorkspaceUseCases } from '../../../core/use-cases/workspace.js';
import type { WorkspaceItem } from '../../../core/workspace/workspace-model.js';

/**
 * A notebook's workspace files as the data browser lists them: folders and files under a path,
 * read as the caller (the workspace's own access rules apply). Workspace files are small enough
 * to be read whole; ranges are cut from the one file kept between reads.
 */
export class WorkspaceObjects implements ObjectSource {
  readonly bucket: string;
  private kept: { path: string; body: Buffer } | null = null;

  constructor(
    private readonly workspace: WorkspaceUseCases,
    private readonly principal: Principal,
    private readonly notebook: NotebookRef,
  ) {
    this.bucket = `workspace of ${notebook.notebookId}`;
  }

  async list(input: { prefix: string; cursor: string | null; limit: number }): Promise<ObjectListing> {
    const slash = input.prefix.lastIndexOf('/');
    const folder = slash < 0 ? '' : input.prefix.slice(0, slash);
    const search = input.prefix.slice(slash + 1).toLowerCase();
    const items = (await this.items(folder)).filter((item) => item.name.toLowerCase().startsWith(search));
    const start = input.cursor === null ? 0 : Number.parseInt(input.cursor, 10);
    if (!Number.isSafeInteger(start) || start < 0)
      throw new HubError('VALIDATION_ERROR', 'the cursor is not one this listing gave', [{ field: 'cursor', message: 'unknown cursor' }]);
    const page = items.slice(start, start + input.limit);
    return {
      entries: page.map((item) =>
        item.kind === 'directory' ? { type: 'folder' as const, prefix: `${item.path}/` } : { type: 'object' as const, ...facts(item) },
      ),
      nextCursor: start + input.limit < items.length ? String(start + input.limit) : null,
    };
  }

  async head(key: string): Promise<ObjectFacts> {
    const slash = key.lastIndexOf('/');
    const item = (await this.items(slash < 0 ? '' : key.slice(0, slash))).find((candidate) => candidate.path === key && candidate.kind === 'file');
    if (!item) throw new ObjectSourceError('not-found', `there is no file ${key} in the workspace`);
    return { ...facts(item), contentType: item.mime_type ?? null, versionId: null };
  }

  async versions(): Promise<ObjectVersion[]> {
    return [];
  }

  async read(key: string, range: { offset: number; length: number }): Promise<Uint8Array> {
    const body = await this.body(key);
    return body.subarray(range.offset, range.offset + range.length);
  }

  /** The file is read whole once (as for `read`); its ends are cut from it. */
  async readEnds(key: string, ends: { head: number; tail: number }): Promise<ObjectEnds> {
    const facts = await this.head(key);
    const body = await this.body(key);
    return { facts, head: body.subarray(0, ends.head), tail: ends.tail > 0 ? body.subarray(Math.max(0, body.length - ends.tail)) : new Uint8Array(0) };
  }

  async open(key: string): Promise<ObjectBody> {
    const [facts, body] = await Promise.all([this.head(key), this.body(key)]);
    return {
      facts,
      body: (async function* () {
        yield body;
      })(),
    };
  }

  close(): void {
    this.kept = null;
  }

  private async items(folder: string): Promise<WorkspaceItem[]> {
    try {
      return await this.workspace.list(this.principal, { ...this.notebook, ...(folder === '' ? {} : { path: folder }) });
    } catch (error) {
      if (error instanceof HubError && error.code === 'NOT_FOUND') return [];
      throw error;
    }
  }

  private async body(path: string): Promise<Buffer> {
    if (this.kept?.path !== path) {
      try {
        this.kept = { path, body: (await this.workspace.readFile(this.principal, { ...this.notebook, path })).body };
      } catch (error) {
        if (error instanceof HubError && error.code === 'NOT_FOUND') throw new ObjectSourceError('not-found', `there is no file ${path} in the workspace`);
        throw error;
      }
    }
    return this.kept.body;
  }
}

function facts(item: WorkspaceItem): { key: string; size: number; modified: string | null; etag: null } {
  return { key: item.path, size: item.size ?? 0, modified: item.modified_at === undefined ? null : new Date(item.modified_at).toISOString(), etag: null };
}
