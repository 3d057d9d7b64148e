import type { CatalogView } from '../catalog/catalog.js';
import { PROJECT_ID_PATTERN } from '../ids.js';
import type { PolicyEnvironment, PolicySubject } from '../policy/engine.js';
import { checkLabels, type SecurityContext } from '../policy/security-labels.js';
import { higherRole, type ProjectRole } from '../policy/table.js';
import { InvalidCursorError } from '../ports/object-store.js';
import { catalogKeys } from '../storage-layout.js';
import type { AccessGrant, ProjectCatalogEntry } from './project-records.js';

export interface VisibleProject extends ProjectCatalogEntry {
  your_role: ProjectRole;
}

export interface ProjectListOptions {
  cursor: string | null;
  limit: number;
  /** Only projects with a tag in this namespace (`team` matches `team:data`). */
  tagNamespace?: string;
}

/**
 * The active projects a subject may see, newest first, one page at a time. Super admins and
 * deployments with a default role see every project; everyone else's list merges the access
 * indexes that concern them (their user id, their e-mail, each of their groups, projects open to
 * every user), so a page costs about the same whatever the total number of projects.
 */
export async function listVisibleProjects(
  view: CatalogView,
  subject: PolicySubject,
  context: SecurityContext | null,
  environment: PolicyEnvironment,
  options: ProjectListOptions,
): Promise<{ items: VisibleProject[]; nextCursor: string | null }> {
  const after = options.cursor ? decodeCursor(options.cursor) : undefined;
  const seesEverything = subject.entitlements.includes('super-admin') || subject.entitlements.some((entitlement) => entitlement.startsWith('default-role:'));
  const grants = accessPrefixes(subject);
  const candidates = seesEverything
    ? mapIds(view.entries<unknown>(catalogKeys.projectsPrefix, { reverse: true, ...(after ? { after: catalogKeys.project(after) } : {}) }))
    : mergeDescending(grants.map((prefix) => mapIds(view.entries<unknown>(prefix, { reverse: true, ...(after ? { after: prefix + after } : {}) }))));

  const items: VisibleProject[] = [];
  let more = false;
  for await (const projectId of candidates) {
    if (subject.grant && subject.grant.projects !== '*' && !subject.grant.projects.includes(projectId)) continue;
    const entry = await view.get<ProjectCatalogEntry>(catalogKeys.project(projectId));
    if (!entry || entry.status !== 'active') continue;
    if (options.tagNamespace !== undefined && !entry.tags.some((tag) => tag.startsWith(`${options.tagNamespace}:`))) continue;
    if (entry.security_labels && !checkLabels([entry.security_labels], context, environment.labels, environment.now).ok) continue;
    const role = await roleOf(view, subject, projectId, grants);
    if (role === null) continue;
    if (items.length === options.limit) {
      more = true;
      break;
    }
    items.push({ ...entry, your_role: role });
  }
  const last = items.at(-1);
  return { items, nextCursor: more && last ? encodeCursor(last.id) : null };
}

function accessPrefixes(subject: PolicySubject): string[] {
  return [
    catalogKeys.projectAccessPrefix('user', subject.id),
    catalogKeys.projectAccessPrefix('email', subject.email),
    ...subject.groups.map((group) => catalogKeys.projectAccessPrefix('group', group)),
    catalogKeys.projectAccessPrefix('open'),
  ];
}

/** The subject's role from the indexes: every grant that concerns them, the default role, or admin. */
async function roleOf(view: CatalogView, subject: PolicySubject, projectId: string, prefixes: string[]): Promise<ProjectRole | null> {
  if (subject.entitlements.includes('super-admin')) return 'admin';
  const deploymentDefault = subject.entitlements.find((entitlement) => entitlement.startsWith('default-role:'))?.slice('default-role:'.length) as
    ProjectRole | undefined;
  let role: ProjectRole | null = deploymentDefault ?? null;
  const found = await Promise.all(prefixes.map((prefix) => view.get<AccessGrant>(prefix + projectId)));
  const open = found.at(-1);
  // A project's own default role replaces the deployment's for non-members.
  if (open) role = open.role;
  for (const grant of found.slice(0, -1)) if (grant) role = higherRole(role, grant.role);
  return role;
}

async function* mapIds(entries: AsyncGenerator<{ key: string }>): AsyncGenerator<string> {
  for await (const { key } of entries) yield key.slice(key.lastIndexOf('/') + 1);
}

/** Merges streams of ids that each descend, dropping duplicates. */
async function* mergeDescending(streams: AsyncGenerator<string>[]): AsyncGenerator<string> {
  const heads = await Promise.all(streams.map(async (stream) => (await stream.next()).value as string | undefined));
  for (;;) {
    let best: string | undefined;
    for (const head of heads) if (head !== undefined && (best === undefined || head > best)) best = head;
    if (best === undefined) return;
    yield best;
    await Promise.all(
      heads.map(async (head, index) => {
        if (head === best) heads[index] = (await streams[index]!.next()).value as string | undefined;
      }),
    );
  }
}

function encodeCursor(projectId: string): string {
  return Buffer.from(JSON.stringify({ p: projectId }), 'utf8').toString('base64url');
}

function decodeCursor(cursor: string): string {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { p?: unknown };
    if (typeof parsed.p === 'string' && PROJECT_ID_PATTERN.test(parsed.p)) return parsed.p;
  } catch {
    // refused below
  }
  throw new InvalidCursorError();
}
