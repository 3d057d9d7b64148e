import type { AlertReceiver } from './alert-receiver.js';
import type { CallOptions, CallResult, TestHub } from './test-hub.js';

export interface ProjectWithRoles {
  id: string;
  name: string;
  tokens: { owner: string; manager: string; editor: string; viewer: string; outsider: string };
  ownerId: string;
}

let counter = 0;

/** A project created through the API by its owner, with one member of each assignable role. */
export async function projectWithRoles(t: TestHub, label: string): Promise<ProjectWithRoles> {
  const n = ++counter;
  const email = (role: string) => `${role}-${label}-${n}@example.com`;
  const tokens = {
    owner: await t.tokenFor(email('owner')),
    manager: await t.tokenFor(email('manager')),
    editor: await t.tokenFor(email('editor')),
    viewer: await t.tokenFor(email('viewer')),
    outsider: await t.tokenFor(email('outsider')),
  };
  const name = `Alerts ${label} ${n}`;
  const created = await t.call('/api/v1/projects', { method: 'POST', token: tokens.owner, body: { name } });
  if (created.status !== 201) throw new Error(`project create failed: ${created.status} ${created.text}`);
  const id = created.json.data.id as string;
  for (const role of ['manager', 'editor', 'viewer'] as const) {
    const user = await t.hub.services.users.findByEmail(email(role));
    const added = await t.call(`/api/v1/projects/${id}/members`, { method: 'POST', token: tokens.owner, body: { user_id: user!.id, role } });
    if (added.status !== 201) throw new Error(`member add failed: ${added.status} ${added.text}`);
  }
  const owner = await t.hub.services.users.findByEmail(email('owner'));
  return { id, name, tokens, ownerId: owner!.id };
}

/** Resolves with the first captured log line matching `match`, polling the hub's captured logs. */
export async function logLine(t: TestHub, match: (line: Record<string, unknown>) => boolean, timeoutMs = 10_000): Promise<Record<string, unknown>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = t.logs.find(match);
    if (found) return found;
    if (Date.now() > deadline) throw new Error('expected log line did not appear');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Every entry of a project's audit log, oldest first. */
export async function projectAudit(t: TestHub, projectId: string): Promise<{ event: string; metadata: Record<string, unknown>; raw: string }[]> {
  const { store } = t.hub;
  const entries: { event: string; metadata: Record<string, unknown>; raw: string }[] = [];
  let cursor: string | null = null;
  do {
    const page = await store.list(`audit/projects/${projectId}/`, { cursor });
    for (const item of page.items) {
      const raw = (await store.get(item.key))!.body.toString('utf8');
      const parsed = JSON.parse(raw) as { event: string; metadata: Record<string, unknown>; ts: string };
      entries.push({ event: parsed.event, metadata: parsed.metadata, raw });
    }
    cursor = page.nextCursor;
  } while (cursor);
  return entries.reverse();
}

export interface AlertApi {
  /** Every response body seen, to prove no URL or secret ever leaves the hub. */
  seen: string[];
  /** Every project made through `project`. */
  projects: ProjectWithRoles[];
  project(label: string): Promise<ProjectWithRoles>;
  call(path: string, options?: CallOptions): Promise<CallResult>;
  alerts(project: ProjectWithRoles): string;
  webhook(path: string, kinds: string[], extra?: Record<string, unknown>): Record<string, unknown>;
  /** Creates a destination as the project owner; throws unless 201. */
  create(project: ProjectWithRoles, body: unknown): Promise<{ id: string; verified_at: string | null }>;
  /** Adds a viewer through the project service, as the owner: a real member.added event. */
  addMember(project: ProjectWithRoles, email: string): Promise<void>;
}

/** Alert API helpers bound to a hub and receiver that the caller starts later (in beforeAll). */
export function alertApi(hub: () => TestHub, receiver: () => AlertReceiver, secret: string): AlertApi {
  const seen: string[] = [];
  const projects: ProjectWithRoles[] = [];
  const call = async (path: string, options: CallOptions = {}) => {
    const result = await hub().call(path, options);
    seen.push(result.text);
    return result;
  };
  const alerts = (project: ProjectWithRoles) => `/api/v1/projects/${project.id}/alerts`;
  return {
    seen,
    projects,
    call,
    alerts,
    async project(label) {
      const created = await projectWithRoles(hub(), label);
      projects.push(created);
      return created;
    },
    webhook: (path, kinds, extra = {}) => ({ type: 'webhook', name: `hook ${path}`, kinds, url: receiver().url(path), signing_secret: secret, ...extra }),
    async create(project, body) {
      const created = await call(alerts(project), { method: 'POST', token: project.tokens.owner, body });
      if (created.status !== 201) throw new Error(`destination create failed: ${created.status} ${created.text}`);
      return created.json.data as { id: string; verified_at: string | null };
    },
    async addMember(project, email) {
      const { users, projects: service } = hub().hub.services;
      const user = await users.ensureByEmail(email, { name: null, superAdmin: false }, 'test');
      await service.addMember(project.id, { user_id: user.id }, 'viewer', { id: project.ownerId, email: 'owner' });
    },
  };
}
