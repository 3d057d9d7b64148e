import type { SandboxDriver } from '../../../core/ports/sandbox-driver.js';
import type { PreviewSessionFiles } from '../../../core/sessions/preview-session-files.js';
import type { Previews } from './previews.js';

/** Where a preview session's files come from: the preview's prepared snapshot and the blobs it names. */
export interface PreviewFiles {
  previews: Pick<Previews, 'ensureReady'>;
  readBlob(blob: string): Promise<Buffer>;
}

/**
 * Puts a preview into a sandbox instead of the notebook (docs/sessions.md, "Preview sessions"):
 * the preview is prepared first when it is not ready, then its folder's files are written, the
 * entry notebook last at `entryFile`. Returns the entry notebook's code. The notebook's versions
 * and workspace are not read.
 */
export function previewSessionFiles(files: PreviewFiles, driver: Pick<SandboxDriver, 'writeFile'>): PreviewSessionFiles {
  return {
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
