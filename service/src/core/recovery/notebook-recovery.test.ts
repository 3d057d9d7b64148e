import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTempDir } from '../../../../test/support/temp-dir.js';
import { FsObjectStore } from '../../adapters/store/fs-store.js';
import { AuditLog } from '../audit/audit-log.js';
import { Catalog } from '../catalog/catalog.js';
import { UserDirectory } from '../identity/users.js';
import { blankNotebook } from '../notebooks/marimo-source.js';
import { NotebookRecords } from '../notebooks/notebook-records.js';
import { NotebookService } from '../notebooks/notebook-service.js';
import { ProjectRecords, type ProjectCatalogEntry } from '../projects/project-records.js';
import { ProjectService } from '../projects/project-service.js';
import { catalogKeys, layout } from '../storage-layout.js';
import { applyRecovery } from './apply.js';
import { planRecovery } from './plan.js';

describe('catalog rebuild of notebooks', () => {
  let store: FsObjectStore;
  let cleanup: () => Promise<void>;
  const actor = { id: 'usr-0000000000000001', email: 'owner@example.com' };
  const labels = { classificationOrder: [], policyVersion: '1' };
  beforeEach(async () => {
    const temp = await makeTempDir('notebook-recovery');
    store = new FsObjectStore(temp.dir);
    cleanup = temp.cleanup;
  });
  afterEach(() => cleanup());

  async function seed() {
    const catalog = new Catalog(store);
    await catalog.initialize();
    const audit = new AuditLog(store);
    const projects = new ProjectService(new ProjectRecords(store, catalog), new UserDirectory(store, catalog, audit), audit, { publish: () => {} }, labels);
    const notebooks = new NotebookService(
      new NotebookRecords(store, catalog),
      audit,
      { publish: () => {} },
      { maxVersions: 10, marimoVersion: '0.25.2', computeProfiles: [], sandboxImages: [], labels },
    );
    const project = await projects.create({ name: 'P' }, actor);
    const kept = await notebooks.create(project.id, 'P', { title: 'kept' }, actor);
    const saved = await notebooks.save(
      project.id,
      kept.notebook.id,
      { code: blankNotebook('0.25.2').replace('import marimo as mo', 'import marimo as mo  # v2'), baseVersionId: kept.version.version_id },
      actor,
    );
    await notebooks.attachSnapshot(project.id, kept.notebook.id, saved.version_id, Buffer.from('<p>html</p>'), 'system');
    const gone = await notebooks.create(project.id, 'P', { title: 'gone' }, actor);
    await notebooks.delete(project.id, 'P', gone.notebook.id, actor);
    return { catalog, project, kept, saved, gone };
  }

  it('restores notebooks, their versions and snapshots, and the project notebook count', async () => {
    const { catalog, project, kept, saved, gone } = await seed();
    const before = await catalog.view();
    const expectedVersions = (await before.list(catalogKeys.notebookVersionsPrefix(kept.notebook.id), { limit: 50 })).items;
    await store.delete(layout.catalogPointer);

    const plan = await planRecovery(store, new Catalog(store), { mode: 'rebuild' });
    expect(plan.report.errors).toEqual([]);
    await applyRecovery(new Catalog(store), new AuditLog(store), plan, { token: plan.report.report_token, actor: 'ops', acceptWarnings: true });
    const after = await new Catalog(store).view();
    expect((await after.get<ProjectCatalogEntry>(catalogKeys.project(project.id)))?.notebook_count).toBe(1);
    expect(await after.get(catalogKeys.notebook(project.id, kept.notebook.id))).toMatchObject({ title: 'kept', current_version_id: saved.version_id });
    expect(await after.get(catalogKeys.deletedNotebook(project.id, gone.notebook.id))).toMatchObject({ status: 'deleted' });
    const versions = (await after.list(catalogKeys.notebookVersionsPrefix(kept.notebook.id), { limit: 50 })).items;
    expect(versions.map((item) => item.key)).toEqual(expectedVersions.map((item) => item.key));
    expect(versions.find((item) => item.key.endsWith(saved.version_id))?.value).toMatchObject({ html_snapshot: { bytes: 11 } });
  });

  it('blocks when a notebook has lost the content of its current version', async () => {
    const { project, kept, saved } = await seed();
    await store.delete(layout.notebookVersionPart(project.id, kept.notebook.id, saved.version_id, 'code'));
    const rebuild = await planRecovery(store, new Catalog(store), { mode: 'rebuild' });
    expect(rebuild.report.blocking).toBe(true);
    expect(rebuild.report.errors[0]).toMatchObject({ code: 'MISSING_CONTENT' });
    const snapshotId = (await new Catalog(store).readPointer())!.pointer.snapshot_id;
    const reinstate = await planRecovery(store, new Catalog(store), { mode: 'snapshot', snapshotId });
    expect(reinstate.report.errors.map((error) => error.code)).toContain('MISSING_CONTENT');
  });
});
