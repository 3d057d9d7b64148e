import type { NotebookRevision } from './notebook-model.js';
import type { SandboxWorkspaceListing } from '../ports/notebook-runtime.js';

/** The files of a notebook's workspace, as a sandbox receives them. */
export interface WorkspaceFile {
  /** Relative to the workspace. */
  path: string;
  read(): Promise<Buffer>;
}

/** What came back from a sandbox's workspace. */
export interface SandboxSyncOutcome {
  writes: { path: string }[];
  deletions: { path: string }[];
  skipped: { path: string; reason: string }[];
}

/** Where sessions get a notebook's workspace files (everything but the notebook file itself), and return them. */
export interface NotebookFiles {
  filesOf(projectId: string, notebookId: string): Promise<WorkspaceFile[]>;
  /** Applies the changes an edit session's sandbox made to the workspace; `read` reads a sandbox file. */
  syncFromSandbox(
    notebook: NotebookRevision,
    listing: SandboxWorkspaceListing,
    read: (sandboxPath: string) => Promise<Buffer>,
    actor: string,
    sessionId: string,
  ): Promise<SandboxSyncOutcome>;
}
