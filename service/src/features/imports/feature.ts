import { ZipFolderReader } from '../../adapters/zip/zip-folder-reader.js';
import type { BaseServices, Feature } from '../feature.js';
import { ImportUseCases } from './core/import-use-cases.js';
import { NotebookImports, importLimitsFor } from './core/notebook-imports.js';
import { notebookImportRoutes } from './http/import-routes.js';
import { notebookImportsTask } from './loops/import-housekeeping.js';

/** What notebook imports take of the base. */
type ImportsBase = Pick<BaseServices, 'settings' | 'store' | 'audit' | 'notebooks' | 'workspace' | 'access'>;

/**
 * Notebook imports (docs/imports.md): folders of notebooks uploaded as zips,
 * and the notebooks created from them; the maintenance loop removes what imports leave behind.
 */
export const importsFeature = {
  name: 'imports',
  build(base: ImportsBase) {
    const { settings, workspace } = base;
    const imports = new NotebookImports({
      store: base.store,
      audit: base.audit,
      notebooks: base.notebooks,
      workspace,
      reader: new ZipFolderReader(),
      limits: importLimitsFor(settings.limits.maxRequestBytes),
    });
    const useCases = { imports: new ImportUseCases({ access: base.access, imports, workspace }) };
    return {
      services: { imports },
      useCases,
      routes: [{ after: 'notebooks', register: (app) => notebookImportRoutes(app, { useCases, settings }) }],
      housekeeping: [notebookImportsTask(base.store)],
    };
  },
} satisfies Feature;
