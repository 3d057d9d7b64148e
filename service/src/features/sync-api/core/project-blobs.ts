import type { NotebookService } from '../../../core/notebooks/notebook-service.js';
import type { SecurityLabels } from '../../../core/policy/security-labels.js';
import type { ObjectStore } from '../../../core/ports/object-store.js';
import { getJson } from '../../../core/store/cas.js';
import { layout } from '../../../core/storage-layout.js';
import type { WorkspaceHead, WorkspaceManifest } from '../../../core/workspace/workspace-model.js';

/** How long a project's index of the blobs its workspaces name is used before it is read again. */
const INDEX_LIFETIME_MS = 10_000;
/** A miss reads the workspaces again only when the index is older than this (a manifest written since). */
const REBUILD_AFTER_MS = 1000;
const MAX_PROJECTS = 100;
const PAGE = 200;

interface NotebookBlobs {
  labels: SecurityLabels | null;
  /** The manifests read for it, by id. */
  manifests: Set<string>;
}

interface ProjectIndex {
  builtAt: number;
  notebooks: Map<string, NotebookBlobs>;
  /** Blob hash -> the notebooks whose workspaces name it. */
  blobs: Map<string, Set<string>>;
}

/**
 * Which blobs a project's workspaces name (docs/remotes.md, "Blobs"): blobs are one store shared
 * by every project, so another hub reads a blob through a project only while a manifest of one of
 * its notebooks names it, and only of a notebook the caller may see. The notebooks' current
 * manifests are read once into an index kept for a few seconds (a pull reads many blobs of the same
 * project); a blob it does not know makes it read them again, then the manifests still stored
 * beside the current ones (one a writer replaced an instant ago).
 */
export class ProjectBlobs {
  private readonly indexes = new Map<string, ProjectIndex>();

  constructor(
    private readonly store: ObjectStore,
    private readonly notebooks: Pick<NotebookService, 'list'>,
    private readonly now: () => number = Date.now,
  ) {}

  /** Whether a manifest of a notebook of the project that `visible` lets the caller see names the blob. */
  async named(projectId: string, sha256: string, visible: (labels: SecurityLabels | null) => boolean): Promise<boolean> {
    let index = this.indexes.get(projectId);
    if (!index || this.now() - index.builtAt > INDEX_LIFETIME_MS) index = await this.build(projectId);
    if (namedIn(index, sha256, visible)) return true;
    if (this.now() - index.builtAt > REBUILD_AFTER_MS) {
      index = await this.build(projectId);
      if (namedIn(index, sha256, visible)) return true;
    }
    return this.inStoredManifests(projectId, index, sha256, visible);
  }

  private async build(projectId: string): Promise<ProjectIndex> {
    const index: ProjectIndex = { builtAt: this.now(), notebooks: new Map(), blobs: new Map() };
    let cursor: string | null = null;
    do {
      const page = await this.notebooks.list(projectId, { cursor, limit: PAGE });
      for (const { value: entry } of page.items) {
        const notebook: NotebookBlobs = { labels: entry.security_labels, manifests: new Set() };
        index.notebooks.set(entry.id, notebook);
        const head = await getJson<WorkspaceHead>(this.store, layout.workspaceHead(projectId, entry.id));
        if (head) await this.add(index, projectId, entry.id, head.value.manifest);
      }
      cursor = page.nextCursor;
    } while (cursor);
    if (this.indexes.size >= MAX_PROJECTS && !this.indexes.has(projectId)) this.indexes.delete(this.indexes.keys().next().value!);
    this.indexes.set(projectId, index);
    return index;
  }

  private async inStoredManifests(
    projectId: string,
    index: ProjectIndex,
    sha256: string,
    visible: (labels: SecurityLabels | null) => boolean,
  ): Promise<boolean> {
    for (const [notebookId, notebook] of index.notebooks) {
      if (!visible(notebook.labels)) continue;
      const prefix = `${layout.workspacePrefix(projectId, notebookId)}manifests/`;
      let cursor: string | null = null;
      do {
        const page = await this.store.list(prefix, { cursor });
        for (const { key } of page.items) {
          const manifestId = key.slice(prefix.length);
          if (notebook.manifests.has(manifestId)) continue;
          await this.add(index, projectId, notebookId, manifestId);
          if (index.blobs.get(sha256)?.has(notebookId)) return true;
        }
        cursor = page.nextCursor;
      } while (cursor);
    }
    return false;
  }

  private async add(index: ProjectIndex, projectId: string, notebookId: string, manifestId: string): Promise<void> {
    index.notebooks.get(notebookId)?.manifests.add(manifestId);
    const manifest = await getJson<WorkspaceManifest>(this.store, layout.workspaceManifest(projectId, notebookId, manifestId));
    for (const file of manifest?.value.files ?? []) {
      let holders = index.blobs.get(file.blob);
      if (!holders) index.blobs.set(file.blob, (holders = new Set()));
      holders.add(notebookId);
    }
  }
}

function namedIn(index: ProjectIndex, sha256: string, visible: (labels: SecurityLabels | null) => boolean): boolean {
  for (const notebookId of index.blobs.get(sha256) ?? []) {
    const notebook = index.notebooks.get(notebookId);
    if (notebook && visible(notebook.labels)) return true;
  }
  return false;
}
