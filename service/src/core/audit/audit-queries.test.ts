import { afterEach, describe, expect, it } from 'vitest';
import { makeTempDir } from '../../../../test/support/temp-dir.js';
import { FsObjectStore } from '../../adapters/store/fs-store.js';
import { AuditLog } from './audit-log.js';
import { AuditQueries } from './audit-queries.js';

const TODAY = new Date('2026-03-10T12:00:00Z');

describe('AuditQueries', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  /** Entries on several days: each `[day, event, projectId?]`, written at noon UTC. */
  async function world(entries: [string, string, string?][]) {
    const { dir, cleanup } = await makeTempDir('audit-queries');
    cleanups.push(cleanup);
    const store = new FsObjectStore(dir);
    for (const [day, event, projectId] of entries) {
      await new AuditLog(store, () => new Date(`${day}T12:00:00Z`)).append({ event, actor: 'usr-a', ...(projectId ? { projectId } : {}) });
    }
    return new AuditQueries(store, () => TODAY);
  }

  it("reads one day of a project's log, today by default, and refuses days that do not exist", async () => {
    const queries = await world([
      ['2026-03-10', 'project.update', 'proj-1'],
      ['2026-03-09', 'project.create', 'proj-1'],
      ['2026-03-10', 'project.update', 'proj-2'],
    ]);
    expect((await queries.projectDay('proj-1')).map((entry) => entry.event)).toEqual(['project.update']);
    expect((await queries.projectDay('proj-1', '2026-03-09')).map((entry) => entry.event)).toEqual(['project.create']);
    expect(await queries.projectDay('proj-1', '2027-01-01')).toEqual([]);
    await expect(queries.projectDay('proj-1', '2026-02-30')).rejects.toMatchObject({ code: 'VALIDATION_ERROR', details: [{ field: 'date' }] });
    await expect(queries.projectDay('proj-1', '10.03.2026')).rejects.toMatchObject({ details: [{ field: 'date' }] });
  });

  it('walks the deployment log newest first across days, within the last 30 days by default', async () => {
    const queries = await world([
      ['2026-02-01', 'too.old'],
      ['2026-02-09', 'first.day'],
      ['2026-03-01', 'a'],
      ['2026-03-05', 'b'],
      ['2026-03-10', 'c'],
    ]);
    const events: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await queries.deploymentPage({ limit: 2, cursor });
      events.push(...page.items.map((entry) => entry.event));
      cursor = page.nextCursor;
    } while (cursor);
    expect(events).toEqual(['c', 'b', 'a', 'first.day']);
    expect((await queries.deploymentPage({ limit: 10, event: 'b' })).items.map((entry) => entry.event)).toEqual(['b']);
    expect((await queries.deploymentPage({ limit: 10, from: '2026-02-01', to: '2026-02-01' })).items.map((entry) => entry.event)).toEqual(['too.old']);
  });

  it('names the query field of a bad range or cursor', async () => {
    const queries = await world([
      ['2026-03-09', 'a'],
      ['2026-03-10', 'b'],
    ]);
    const fieldOf = (query: Parameters<AuditQueries['deploymentPage']>[0]) =>
      queries.deploymentPage(query).then(
        () => null,
        (error: { code: string; details: { field: string }[] }) => `${error.code} ${error.details[0]!.field}`,
      );
    expect(await fieldOf({ limit: 10, from: '2026-03-10', to: '2026-03-01' })).toBe('VALIDATION_ERROR from');
    expect(await fieldOf({ limit: 10, from: '2026-01-01', to: '2026-03-01' })).toBe('VALIDATION_ERROR from');
    expect(await fieldOf({ limit: 10, to: '2026-13-01' })).toBe('VALIDATION_ERROR to');
    expect(await fieldOf({ limit: 10, cursor: 'not-a-cursor' })).toBe('VALIDATION_ERROR cursor');

    const first = await queries.deploymentPage({ limit: 1 });
    expect(first.nextCursor).not.toBeNull();
    expect(await fieldOf({ limit: 1, cursor: first.nextCursor, from: '2026-03-01' })).toBe('VALIDATION_ERROR cursor');
    const forged = Buffer.from(JSON.stringify({ v: 1, from: '2026-03-01', to: '2026-03-10', day: '2026-03-09', after: 'garbage' })).toString('base64url');
    expect(await fieldOf({ limit: 1, cursor: forged })).toBe('VALIDATION_ERROR cursor');
  });
});
