import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTempDir } from '../../../../test/support/temp-dir.js';
import { FsObjectStore } from '../../store/fs-store.js';
import { AuditLog } from '../audit/audit-log.js';
import { Catalog } from '../catalog/catalog.js';
import { PROJECT_ID_PATTERN } from '../ids.js';
import { layout } from '../storage-layout.js';
import { ProjectRecords } from './project-records.js';

describe('project records', () => {
  let store: FsObjectStore;
  let projects: ProjectRecords;
  let cleanup: () => Promise<void>;
  beforeEach(async () => {
    const temp = await makeTempDir('projects');
    store = new FsObjectStore(temp.dir);
    cleanup = temp.cleanup;
    const catalog = new Catalog(store);
    await catalog.initialize();
    projects = new ProjectRecords(store, catalog, new AuditLog(store));
  });
  afterEach(() => cleanup());

  it('creates, updates and soft-deletes with one immutable revision per change', async () => {
    const created = await projects.create({ name: 'Sales', description: '', owner: 'u-1' }, 'u-1');
    expect(created.id).toMatch(PROJECT_ID_PATTERN);
    const renamed = await projects.update(created.id, (p) => ({ ...p, name: 'Sales EU' }), 'u-1');
    expect(renamed.parent_revision).toBe(created.revision);
    expect((await projects.get(created.id))?.name).toBe('Sales EU');
    await projects.update(created.id, (p) => ({ ...p, status: 'deleted' }), 'u-1', 'project.delete');
    expect((await projects.get(created.id))?.status).toBe('deleted');
    expect((await projects.list({ limit: 10 })).items).toEqual([]);
    await expect(projects.update(created.id, (p) => p, 'u-1')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const revisions = await store.list(layout.projectRevisionsPrefix(created.id));
    expect(revisions.items).toHaveLength(3);
    const audit = await store.list(layout.projectAuditPrefix(created.id));
    expect(audit.items).toHaveLength(3);
  });

  it('lists newest first with cursors', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) {
      ids.push((await projects.create({ name: `p${i}`, description: '', owner: 'u' }, 'u')).id);
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    const first = await projects.list({ limit: 4 });
    const second = await projects.list({ limit: 4, cursor: first.nextCursor });
    expect([...first.items, ...second.items].map((item) => item.value.id)).toEqual([...ids].reverse());
    expect(second.nextCursor).toBeNull();
  });

  it('applies concurrent updates one after another without losing any', async () => {
    const created = await projects.create({ name: 'Tags', description: '', owner: 'u' }, 'u');
    await Promise.all(
      ['a', 'b', 'c', 'd'].map((tag) => projects.update(created.id, (p) => ({ ...p, tags: [...p.tags, tag] }), 'u')),
    );
    expect((await projects.get(created.id))?.tags.sort()).toEqual(['a', 'b', 'c', 'd']);
    // Losers' revisions are removed: exactly one revision per committed change remains.
    expect((await store.list(layout.projectRevisionsPrefix(created.id))).items).toHaveLength(5);
  });
});
