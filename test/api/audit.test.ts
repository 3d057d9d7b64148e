import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditLog, type AuditLogEntry } from '../../service/src/core/audit/audit-log.js';
import { AuditQueries } from '../../service/src/core/audit/audit-queries.js';
import type { ObjectStore } from '../../service/src/core/ports/object-store.js';
import { startTestHub, type TestHub } from '../support/test-hub.js';

const DAY_MS = 86_400_000;
const dayOf = (date: Date) => date.toISOString().slice(0, 10);
const daysAgo = (days: number) => dayOf(new Date(Date.now() - days * DAY_MS));

describe('audit queries', () => {
  let t: TestHub;
  let admin: string;
  let owner: { id: string; email: string; token: string };
  const tokens: Record<string, string> = {};
  let projectId: string;

  const userFor = async (email: string, superAdmin = false) => {
    const token = await t.tokenFor(email, { superAdmin });
    const user = (await t.hub.services.users.findByEmail(email))!;
    return { id: user.id, email: user.email, token };
  };
  /** Entries written at chosen moments, as earlier days of the log would have been. */
  const writeAt = (at: Date, event: string, actor: string, projectId?: string) =>
    new AuditLog(t.hub.services.store, () => at).append({ event, actor, ...(projectId ? { projectId } : {}), metadata: { seeded: true } });

  beforeAll(async () => {
    t = await startTestHub({ env: { SERVICE_MAX_PAGE_SIZE: '5', SERVICE_DEFAULT_PAGE_SIZE: '3' } });
    admin = (await userFor('root@example.com', true)).token;
    owner = await userFor('owner@example.com');
    const project = await t.hub.services.projects.create({ name: 'Audited' }, owner);
    projectId = project.id;
    await t.hub.services.projects.update(projectId, { description: 'changed' }, owner);
    for (const role of ['manager', 'editor', 'viewer'] as const) {
      const member = await userFor(`${role}@example.com`);
      tokens[role] = member.token;
      await t.hub.services.projects.addMember(projectId, { user_id: member.id }, role, owner);
    }
    tokens.stranger = (await userFor('stranger@example.com')).token;
  });
  afterAll(() => t.close());

  describe('GET /projects/{pid}/events', () => {
    it("returns today's events of the project's real mutations, newest first", async () => {
      const response = await t.call(`/api/v1/projects/${projectId}/events`, { token: owner.token });
      expect(response.status).toBe(200);
      const events: AuditLogEntry[] = response.json.data;
      expect(events.map((entry) => entry.event)).toEqual([
        'project.member.add',
        'project.member.add',
        'project.member.add',
        'project.update',
        'project.create',
      ]);
      expect(events[3]).toEqual({
        id: expect.stringMatching(/^evt-/),
        schema_version: 1,
        ts: expect.any(String),
        event: 'project.update',
        actor: owner.id,
        project_id: projectId,
        metadata: { fields: ['description'] },
      });
      const times = events.map((entry) => Date.parse(entry.ts));
      expect([...times].sort((a, b) => b - a)).toEqual(times);
      const explicit = await t.call(`/api/v1/projects/${projectId}/events?date=${dayOf(new Date())}`, { token: owner.token });
      expect(explicit.json.data).toEqual(events);
    });

    it('needs the manager role: managers and owners read, viewers get 403, non-members 404', async () => {
      expect((await t.call(`/api/v1/projects/${projectId}/events`, { token: tokens.manager })).status).toBe(200);
      expect((await t.call(`/api/v1/projects/${projectId}/events`, { token: admin })).status).toBe(200);
      for (const role of ['editor', 'viewer']) {
        const denied = await t.call(`/api/v1/projects/${projectId}/events`, { token: tokens[role] });
        expect(denied.status).toBe(403);
        expect(denied.json.error.code).toBe('FORBIDDEN');
      }
      const hidden = await t.call(`/api/v1/projects/${projectId}/events`, { token: tokens.stranger });
      expect(hidden.status).toBe(404);
      expect(hidden.json.error.code).toBe('NOT_FOUND');
      expect((await t.call('/api/v1/projects/proj-0000000000000000/events', { token: admin })).status).toBe(404);
    });

    it('reads exactly one UTC day; other days, even future ones, are their own (possibly empty) lists', async () => {
      await writeAt(new Date(Date.now() - 3 * DAY_MS), 'project.seeded', owner.id, projectId);
      const earlier = await t.call(`/api/v1/projects/${projectId}/events?date=${daysAgo(3)}`, { token: owner.token });
      expect(earlier.json.data.map((entry: AuditLogEntry) => entry.event)).toEqual(['project.seeded']);
      const today = await t.call(`/api/v1/projects/${projectId}/events`, { token: owner.token });
      expect(today.json.data.map((entry: AuditLogEntry) => entry.event)).not.toContain('project.seeded');
      const future = await t.call(`/api/v1/projects/${projectId}/events?date=2999-12-31`, { token: owner.token });
      expect(future.status).toBe(200);
      expect(future.json.data).toEqual([]);
    });

    it('refuses dates that are not YYYY-MM-DD or not real days with 422', async () => {
      for (const date of ['2024-02-30', '2023-02-29', '2024-13-01', '2024-1-1', 'yesterday', '2024-01-01T00:00:00Z']) {
        const response = await t.call(`/api/v1/projects/${projectId}/events?date=${encodeURIComponent(date)}`, { token: owner.token });
        expect(response.status, date).toBe(422);
        expect(response.json.error.code).toBe('VALIDATION_ERROR');
        expect(response.json.error.details).toEqual([{ field: 'query.date', message: expect.any(String) }]);
      }
      expect((await t.call(`/api/v1/projects/${projectId}/events?date=2024-02-29`, { token: owner.token })).status).toBe(200);
    });
  });

  describe('GET /events', () => {
    const actor = 'usr-seededactor00001';
    let seeded: AuditLogEntry[];

    beforeAll(async () => {
      seeded = [];
      // Several entries on each of several days, two of them for the project.
      for (const days of [0, 1, 2, 5, 12]) {
        for (let n = 0; n < 2; n++) {
          const at = new Date(Date.now() - days * DAY_MS - (n + 1) * 60_000);
          seeded.push(await writeAt(at, n === 0 ? 'seed.first' : 'seed.second', actor, days === 2 ? projectId : undefined));
        }
      }
      seeded.sort((a, b) => Date.parse(b.ts) - Date.parse(a.ts));
    });

    const all = async (query: string, limit = 2) => {
      const items: AuditLogEntry[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const response = await t.call(`/api/v1/events?limit=${limit}&${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, { token: admin });
        expect(response.status, response.text).toBe(200);
        expect(response.json.data.items.length).toBeLessThanOrEqual(limit);
        items.push(...response.json.data.items);
        cursor = response.json.data.next_cursor;
        pages++;
      } while (cursor && pages < 100);
      return { items, pages };
    };

    it('pages newest first across several days with an opaque cursor', async () => {
      const { items, pages } = await all(`actor=${actor}`);
      expect(items.map((entry) => entry.id)).toEqual(seeded.map((entry) => entry.id));
      expect(pages).toBeGreaterThanOrEqual(5);

      const everything = await all('', 3);
      const ids = everything.items.map((entry) => entry.id);
      expect(new Set(ids).size).toBe(ids.length);
      const times = everything.items.map((entry) => Date.parse(entry.ts));
      expect([...times].sort((a, b) => b - a)).toEqual(times);
      expect(ids.filter((id) => seeded.some((entry) => entry.id === id))).toEqual(seeded.map((entry) => entry.id));
      expect(everything.items.map((entry) => entry.event)).toEqual(expect.arrayContaining(['system.initialize', 'project.create', 'project.update']));
    });

    it('caps the page at max_page_size and uses the default page size', async () => {
      const page = await t.call('/api/v1/events?limit=1000', { token: admin });
      expect(page.json.data.items).toHaveLength(5);
      expect((await t.call('/api/v1/events', { token: admin })).json.data.items).toHaveLength(3);
    });

    it('filters exactly by event, actor and project', async () => {
      expect((await all(`actor=${actor}&event=seed.first`)).items.map((entry) => entry.id)).toEqual(
        seeded.filter((entry) => entry.event === 'seed.first').map((entry) => entry.id),
      );
      expect((await all('event=seed.fir')).items).toEqual([]);
      const project = await all(`project_id=${projectId}`, 5);
      expect(project.items.every((entry) => entry.project_id === projectId)).toBe(true);
      expect(project.items.map((entry) => entry.event)).toEqual(expect.arrayContaining(['seed.first', 'seed.second', 'project.create', 'project.update']));
      expect((await all(`actor=${owner.id}&event=project.update`)).items).toHaveLength(1);
    });

    it('covers the last 30 UTC days by default; older days need an explicit range', async () => {
      const old = await writeAt(new Date(Date.now() - 31 * DAY_MS), 'seed.old', actor);
      expect((await all('event=seed.old')).items).toEqual([]);
      const ranged = await all(`event=seed.old&from=${daysAgo(40)}&to=${daysAgo(20)}`);
      expect(ranged.items.map((entry) => entry.id)).toEqual([old.id]);
      const window = await all(`actor=${actor}&from=${daysAgo(2)}&to=${daysAgo(1)}`);
      expect(window.items.map((entry) => entry.ts.slice(0, 10)).every((day) => day === daysAgo(1) || day === daysAgo(2))).toBe(true);
      expect(window.items).toHaveLength(seeded.filter((entry) => [daysAgo(1), daysAgo(2)].includes(entry.ts.slice(0, 10))).length);
    });

    it('refuses ranges over 30 days, reversed ranges and bad days with 422 naming the field', async () => {
      const cases: [string, string][] = [
        [`from=${daysAgo(30)}&to=${daysAgo(0)}`, 'query.from'],
        [`from=${daysAgo(40)}`, 'query.from'],
        [`from=${daysAgo(1)}&to=${daysAgo(2)}`, 'query.from'],
        ['to=2024-02-30', 'query.to'],
        ['from=2024/01/01', 'query.from'],
        ['cursor=not-a-cursor', 'query.cursor'],
      ];
      for (const [query, field] of cases) {
        const response = await t.call(`/api/v1/events?${query}`, { token: admin });
        expect(response.status, query).toBe(422);
        expect(response.json.error.code).toBe('VALIDATION_ERROR');
        expect(response.json.error.details).toEqual([{ field, message: expect.any(String) }]);
      }
      expect((await t.call(`/api/v1/events?from=${daysAgo(29)}&to=${daysAgo(0)}`, { token: admin })).status).toBe(200);
    });

    it('keeps the range a cursor was issued for and refuses it with another range', async () => {
      const first = await t.call(`/api/v1/events?limit=1&actor=${actor}`, { token: admin });
      const cursor = encodeURIComponent(first.json.data.next_cursor);
      expect((await t.call(`/api/v1/events?limit=1&actor=${actor}&cursor=${cursor}`, { token: admin })).status).toBe(200);
      const other = await t.call(`/api/v1/events?limit=1&actor=${actor}&to=${daysAgo(1)}&cursor=${cursor}`, { token: admin });
      expect(other.status).toBe(422);
      expect(other.json.error.details).toEqual([{ field: 'query.cursor', message: expect.any(String) }]);
    });

    it('is for super admins only', async () => {
      for (const token of [owner.token, tokens.manager]) {
        const response = await t.call('/api/v1/events', { token });
        expect(response.status).toBe(403);
        expect(response.json.error.code).toBe('FORBIDDEN');
      }
      expect((await t.call('/api/v1/events')).status).toBe(401);
    });
  });

  it('reads only what a page needs, not all of history', async () => {
    const store = t.hub.services.store;
    let reads = 0;
    const counting: ObjectStore = Object.create(store, { get: { value: (key: string) => (reads++, store.get(key)) } }) as ObjectStore;
    const busy = new Date(Date.now() - 7 * DAY_MS);
    await Promise.all(Array.from({ length: 150 }, (_, n) => writeAt(new Date(busy.getTime() - n * 1000), 'seed.busy', 'usr-busyactor0000001')));
    const queries = new AuditQueries(counting);
    const page = await queries.deploymentPage({ limit: 3 });
    expect(page.items).toHaveLength(3);
    expect(reads).toBe(3);
    reads = 0;
    const filtered = await queries.deploymentPage({ limit: 2, event: 'seed.busy' });
    expect(filtered.items).toHaveLength(2);
    expect(reads).toBeLessThan(150);
  });
});
