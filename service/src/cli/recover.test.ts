import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeUnconditionalStore } from '../../../test/support/fake-unconditional-store.js';
import { makeTempDir } from '../../../test/support/temp-dir.js';
import { AuditLog } from '../core/audit/audit-log.js';
import { Catalog } from '../core/catalog/catalog.js';
import { UserDirectory } from '../core/identity/users.js';
import { ProjectRecords } from '../core/projects/project-records.js';
import { ProjectService } from '../core/projects/project-service.js';
import type { RecoveryReport } from '../core/recovery/plan.js';
import { layout } from '../core/storage-layout.js';
import { FsObjectStore } from '../adapters/store/fs-store.js';
import { runRecover, type RecoverIo, type RecoverOptions } from './recover.js';

const run = promisify(execFile);
const BIN = path.resolve(import.meta.dirname, '../../../bin/notebook-hub.mjs');

const owner = { id: 'usr-0000000000000001', email: 'owner@example.com' };

function projectServiceOn(store: FsObjectStore, catalog: Catalog): ProjectService {
  const audit = new AuditLog(store);
  return new ProjectService(
    new ProjectRecords(store, catalog),
    new UserDirectory(store, catalog, audit),
    audit,
    { publish: () => {} },
    {
      classificationOrder: [],
      policyVersion: '1',
    },
  );
}

describe('notebook-hub recover', () => {
  let dataDir: string;
  let store: FsObjectStore;
  let cleanup: () => Promise<void>;
  let projectIds: string[];

  beforeEach(async () => {
    const temp = await makeTempDir('recover');
    dataDir = temp.dir;
    cleanup = temp.cleanup;
    store = new FsObjectStore(path.join(dataDir, 'store'));
    const catalog = new Catalog(store);
    await catalog.initialize();
    const projects = projectServiceOn(store, catalog);
    projectIds = [];
    for (const name of ['alpha', 'beta', 'gamma']) projectIds.push((await projects.create({ name }, owner)).id);
    await projects.update(projectIds[1]!, { name: 'beta 2' }, owner);
    await projects.delete(projectIds[2]!, owner);
    const users = new UserDirectory(store, catalog, new AuditLog(store));
    await users.upsertFromLogin({ subject: 'https://idp.example#42', email: 'Dana@Example.com', name: 'Dana', picture_url: null });
    await users.ensureByEmail('root@example.com', { name: null, superAdmin: true }, 'ops');
  });
  afterEach(() => cleanup());

  const recover = async (options: RecoverOptions, extra: Partial<RecoverIo> = {}) => {
    let stdout = '';
    let stderr = '';
    const code = await runRecover(options, {
      stdout: (text) => (stdout += text),
      stderr: (text) => (stderr += text),
      store: new FsObjectStore(path.join(dataDir, 'store')),
      ...extra,
    });
    return { code, stdout, stderr, report: code !== 1 && options.apply === undefined ? (JSON.parse(stdout) as RecoveryReport) : null };
  };
  const applyOptions = (token: string): RecoverOptions => ({ rebuild: true, apply: token, writersStopped: true, actor: 'u-admin', acceptWarnings: true });

  it('dry-runs a rebuild of a healthy catalog with exit 0 and a warning', async () => {
    const { code, report } = await recover({ rebuild: true });
    expect(code).toBe(0);
    expect(report!.current.state).toBe('ok');
    expect(report!.proposed.by_prefix).toEqual({
      'projects/': 2,
      'deleted-projects/': 1,
      'project-access/': 2,
      'users/': 2,
      'user-emails/': 2,
      'user-subjects/': 1,
      'super-admins/': 1,
    });
    expect(report!.changes).toMatchObject({ added: 0, removed: 0, changed: 0, unchanged: 11 });
    expect(report!.warnings.map((w) => w.code)).toContain('REBUILD_FROM_RECORDS');
    expect(report!.report_token).toMatch(/^rpt_/);
    expect((await recover({ rebuild: true })).report!.report_token).toBe(report!.report_token);
  });

  it('rebuilds a lost catalog and the hub reads it again', async () => {
    await store.delete(layout.catalogPointer);
    await expect(new Catalog(store).view()).rejects.toMatchObject({ code: 'NOT_INITIALIZED' });
    const dry = await recover({ rebuild: true });
    expect(dry.report!.current.state).toBe('missing');
    expect(dry.report!.changes.added).toBe(11);

    const applied = await recover(applyOptions(dry.report!.report_token));
    expect(applied.code).toBe(0);
    expect(JSON.parse(applied.stdout)).toMatchObject({ applied: true, mode: 'rebuild', entries: 11 });
    const users = new UserDirectory(store, new Catalog(store), new AuditLog(store));
    expect(await users.findByEmail('dana@example.com')).toMatchObject({ name: 'Dana', subject: 'https://idp.example#42' });
    expect(await users.grantedSuperAdminEmails()).toEqual(['root@example.com']);
    const records = new ProjectRecords(store, new Catalog(store));
    const view = await new Catalog(store).view();
    const active = await view.list<{ name: string }>('projects/', { limit: 10 });
    expect(active.items.map((item) => item.value.name).sort()).toEqual(['alpha', 'beta 2']);
    expect((await records.get(projectIds[2]!))?.status).toBe('deleted');
    const audit = await store.list(layout.deploymentAuditPrefix());
    const events = await Promise.all(audit.items.map(async (item) => JSON.parse((await store.get(item.key))!.body.toString())));
    expect(events.find((event) => event.event === 'system.recover')).toMatchObject({ actor: 'u-admin', metadata: { mode: 'rebuild' } });
  });

  it('reinstates an earlier snapshot', async () => {
    const catalog = new Catalog(store);
    const before = (await catalog.readPointer())!.pointer.snapshot_id;
    await projectServiceOn(store, catalog).create({ name: 'late' }, owner);
    const dry = await recover({ snapshot: before });
    expect(dry.code).toBe(0);
    expect(dry.report!.changes.removed).toBe(2); // the project and its owner's access entry
    expect(dry.report!.warnings.map((w) => w.code)).toEqual(['CATALOG_ROLLBACK']);
    const applied = await recover({ snapshot: before, apply: dry.report!.report_token, writersStopped: true, actor: 'u', acceptWarnings: true });
    expect(applied.code).toBe(0);
    const view = await new Catalog(store).view();
    expect(view.snapshot.reason).toBe('recover:snapshot');
    expect(view.snapshot.root).toEqual((await catalog.readSnapshot(before))!.root);
  });

  it('exits 2 when the dry run finds blocking errors, and 1 when applying them', async () => {
    await store.put(layout.projectRevision(projectIds[0]!, 'rev-zzzzzzzzzzzzzzzz'), '{not json');
    const dry = await recover({ rebuild: true });
    expect(dry.code).toBe(2);
    expect(dry.report!.blocking).toBe(true);
    expect(dry.report!.errors).toEqual([expect.objectContaining({ code: 'INVALID_RECORD' })]);
    const apply = await recover(applyOptions(dry.report!.report_token));
    expect(apply.code).toBe(1);
    expect(apply.stderr).toMatch(/blocked/);

    const missing = await recover({ snapshot: 'snap-0000000000000000' });
    expect(missing.code).toBe(2);
    expect(missing.report!.errors[0]!.code).toBe('SNAPSHOT_NOT_FOUND');
  });

  it('exits 1 for a stale token, unaccepted warnings and invalid arguments', async () => {
    const dry = await recover({ rebuild: true });
    const token = dry.report!.report_token;
    const unaccepted = await recover({ ...applyOptions(token), acceptWarnings: false });
    expect(unaccepted.code).toBe(1);
    expect(unaccepted.stderr).toMatch(/--accept-warnings/);
    expect((await new Catalog(store).readPointer())!.pointer.snapshot_id).toBe(dry.report!.current.snapshot_id);

    await projectServiceOn(store, new Catalog(store)).create({ name: 'new' }, owner);
    const stale = await recover(applyOptions(token));
    expect(stale.code).toBe(1);
    expect(stale.stderr).toMatch(/stale/);
    expect((await recover(applyOptions('rpt_forged'))).code).toBe(1);

    for (const options of [
      {},
      { rebuild: true, snapshot: 'snap-0000000000000000' },
      { snapshot: '../etc' },
      { rebuild: true, apply: token, actor: 'u' },
      { rebuild: true, apply: token, writersStopped: true },
    ] as RecoverOptions[]) {
      expect((await recover(options)).code, JSON.stringify(options)).toBe(1);
    }
  });

  it('deletes its snapshot and exits 1 when the pointer moves during apply', async () => {
    const dry = await recover({ rebuild: true });
    const writer = new Catalog(store);
    let written = '';
    const result = await recover(applyOptions(dry.report!.report_token), {
      onApplyStep: async (step, snapshotId) => {
        if (step !== 'snapshot-written') return;
        written = snapshotId;
        await writer.mutate('concurrent', (tx) => tx.put('noise', 1));
      },
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/pointer moved/);
    expect(await store.get(layout.catalogSnapshot(written))).toBeNull();
    expect(await (await writer.view()).get('noise')).toBe(1);
  });

  it('exits 1 for a store that ignores conditional writes or cannot be reached', async () => {
    const ignored = await recover({ rebuild: true }, { store: fakeUnconditionalStore(store) });
    expect(ignored.code).toBe(1);
    expect(ignored.stderr).toMatch(/unsupported storage/);

    const unreachable = await recover({ rebuild: true }, { store: new FsObjectStore('/dev/null/store') });
    expect(unreachable.code).toBe(1);
    expect(unreachable.stderr).toMatch(/storage error/);
  });

  it('refuses a store in memory, which lives inside one hub process and is out of its reach', async () => {
    const attempt = runRecover({ rebuild: true }, { stdout: () => {}, stderr: () => {}, env: { SERVICE_DATA_DIR: dataDir, SERVICE_STORAGE: 'memory' } });
    await expect(attempt).rejects.toMatchObject({ variable: 'SERVICE_STORAGE', message: expect.stringContaining('no command can reach it') });
  });

  it('returns the same exit codes from the installed command', async () => {
    const env = { ...process.env, SERVICE_DATA_DIR: dataDir };
    const ok = await run(process.execPath, [BIN, 'recover', '--rebuild'], { env });
    expect(JSON.parse(ok.stdout).mode).toBe('rebuild');
    await expect(run(process.execPath, [BIN, 'recover'], { env })).rejects.toMatchObject({ code: 1 });
    await expect(run(process.execPath, [BIN, 'recover', '--rebuild', '--bogus'], { env })).rejects.toMatchObject({ code: 1 });
    await store.put(layout.projectRevision(projectIds[0]!, 'rev-zzzzzzzzzzzzzzzz'), '[]');
    await expect(run(process.execPath, [BIN, 'recover', '--rebuild'], { env })).rejects.toMatchObject({ code: 2 });
  });
});
