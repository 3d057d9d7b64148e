import type { SandboxDriver } from '../../../core/ports/sandbox-driver.js';
import type { PreviewSessions } from '../../../core/sessions/session-extensions.js';
import type { Previews } from './previews.js';

/** Where a preview session's files come from: the preview's prepared snapshot and the blobs it names. */
export interface PreviewFiles {
  previews: Pick<Previews, 'ensureReady' | 'get'>;
  readBlob(blob: string): Promise<Buffer>;
}

/**
 * Preview sessions (docs/sessions.md, "Preview sessions"): `writeInto` puts a preview into a
 * sandbox instead of the notebook: the preview is prepared first when it is not ready, then its
 * folder's files are written, the entry notebook last at `entryFile`. Returns the entry notebook's
 * code. The notebook's versions and workspace are not read.
 */
export function previewSessions(files: PreviewFiles, driver: Pick<SandboxDriver, 'writeFile'>): PreviewSessions {
  return {
    get: (projectId, notebookId, previewId) => files.previews.get(projectId, notebookId, previewId),
    async writeInto(sandboxId, session) {
      const { snapshot } = await files.previews.ensureReady(session.project_id, session.notebook_id, session.preview_id);
      let code = '';
      for (const file of snapshot.files) {
        const body = await files.readBlob(file.blob);
        if (file.path === snapshot.entry_notebook) code = body.toString('utf8');
        else if (file.path !== session.entry_file) await driver.writeFile(sandboxId, file.path, body);
      }
      await driver.writeFile(sandboxId, session.entry_file, code);
      return code;
    },
  };
}
