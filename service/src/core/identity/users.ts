import type { AuditLog } from '../audit/audit-log.js';
import type { Catalog, CatalogPage, CatalogTx } from '../catalog/catalog.js';
import { HubError } from '../errors.js';
import { newRevisionId, newUserId } from '../ids.js';
import { commitRevision, retryChange } from '../records/revisions.js';
import { parseJson } from '../store/cas.js';
import type { ObjectStore } from '../ports/object-store.js';
import { catalogKeys, layout } from '../storage-layout.js';

/** One immutable revision of a user: `records/users/<uid>/<revision>`. */
export interface UserRevision {
  schema_version: 1;
  revision: string;
  parent_revision: string | null;
  id: string;
  email: string;
  name: string | null;
  picture_url: string | null;
  /** Who the identity provider says this is (`<issuer>#<sub>`, or `local`); null for users known only by e-mail. */
  subject: string | null;
  suspended_at: string | null;
  /** Identity-provider groups from the last login (for project group members). */
  groups: string[];
  /** Granted by an operator (`notebook-hub token create --super-admin`); configuration can grant it too. */
  super_admin: boolean;
  created_at: string;
  updated_at: string;
  written_by: string;
}

/** The catalog entry of a user (`users/<uid>`). */
export interface UserEntry {
  id: string;
  email: string;
  name: string | null;
  picture_url: string | null;
  subject: string | null;
  suspended_at: string | null;
  groups: string[];
  super_admin: boolean;
  created_at: string;
  updated_at: string;
  revision: string;
}

export interface IdentityClaims {
  subject: string;
  email: string;
  name: string | null;
  picture_url: string | null;
  groups?: string[];
}

export function userEntryOf(revision: UserRevision): UserEntry {
  const { id, email, name, picture_url, subject, suspended_at, super_admin, created_at, updated_at } = revision;
  return {
    id,
    email,
    name,
    picture_url,
    subject,
    suspended_at,
    groups: revision.groups ?? [],
    super_admin,
    created_at,
    updated_at,
    revision: revision.revision,
  };
}

/** Catalog entries a user revision owns: the user and its e-mail and subject indexes. */
export function userCatalogEntries(revision: UserRevision): [string, unknown][] {
  const entries: [string, unknown][] = [
    [catalogKeys.user(revision.id), userEntryOf(revision)],
    [catalogKeys.userEmail(revision.email), { user_id: revision.id }],
  ];
  if (revision.subject) entries.push([catalogKeys.userSubject(revision.subject), { user_id: revision.id }]);
  if (revision.super_admin) entries.push([catalogKeys.grantedSuperAdmin(revision.id), { user_id: revision.id, email: revision.email }]);
  return entries;
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * The hub's users. Identities come from the login provider; the hub keeps their profile, an
 * e-mail index (unique), a subject index and the suspension flag.
 */
export class UserDirectory {
  constructor(
    private readonly store: ObjectStore,
    private readonly catalog: Catalog,
    private readonly audit: AuditLog,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async get(userId: string): Promise<UserEntry | null> {
    return (await this.catalog.view()).get<UserEntry>(catalogKeys.user(userId));
  }

  async findByEmail(email: string): Promise<UserEntry | null> {
    const view = await this.catalog.view();
    const index = await view.get<{ user_id: string }>(catalogKeys.userEmail(normalizeEmail(email)));
    return index ? view.get<UserEntry>(catalogKeys.user(index.user_id)) : null;
  }

  /** Users, newest first. */
  async list(options: { cursor?: string | null; limit: number }): Promise<CatalogPage<UserEntry>> {
    return (await this.catalog.view()).list<UserEntry>(catalogKeys.usersPrefix, { ...options, reverse: true });
  }

  /** E-mails of users an operator made super admin (configuration may name more). */
  async grantedSuperAdminEmails(): Promise<string[]> {
    const page = await (await this.catalog.view()).list<{ email: string }>(catalogKeys.grantedSuperAdminsPrefix, { limit: 1000 });
    return page.items.map((item) => item.value.email);
  }

  /** Users whose e-mail starts with `query` (case-insensitive). */
  async searchByEmail(query: string, limit: number): Promise<UserEntry[]> {
    const view = await this.catalog.view();
    const page = await view.list<{ user_id: string }>(catalogKeys.userEmailsPrefix(query.trim()), { limit });
    const users = await Promise.all(page.items.map((item) => view.get<UserEntry>(catalogKeys.user(item.value.user_id))));
    return users.filter((user): user is UserEntry => user !== null);
  }

  /**
   * The user a login belongs to: found by subject, else by e-mail (a user first known by e-mail,
   * e.g. invited or given a token by an operator, is linked to the identity on first login), else
   * created. The profile follows the provider's claims.
   */
  async upsertFromLogin(claims: IdentityClaims): Promise<UserEntry> {
    const email = normalizeEmail(claims.email);
    return retryChange(`user ${email}`, async () => {
      const view = await this.catalog.view();
      const bySubject = await view.get<{ user_id: string }>(catalogKeys.userSubject(claims.subject));
      const byEmail = bySubject ? null : await view.get<{ user_id: string }>(catalogKeys.userEmail(email));
      const userId = bySubject?.user_id ?? byEmail?.user_id;
      const current = userId ? await this.readCurrent(userId) : null;
      if (current && current.subject && current.subject !== claims.subject) {
        throw new HubError('CONFLICT', `the e-mail ${email} already belongs to another identity`);
      }
      const profile = { email, name: claims.name, picture_url: claims.picture_url, subject: claims.subject, groups: [...(claims.groups ?? [])].sort() };
      if (current && Object.entries(profile).every(([field, value]) => JSON.stringify(current[field as keyof UserRevision] ?? []) === JSON.stringify(value))) {
        return userEntryOf(current);
      }
      const next = current ? await this.change(current, profile, current.id) : await this.create({ ...profile, super_admin: false }, 'system');
      if (next && current) await this.audit.append({ event: 'user.update', actor: next.id, metadata: { user_id: next.id } });
      return next ? userEntryOf(next) : undefined;
    });
  }

  /**
   * The user with this e-mail, created (without identity subject) if unknown; `superAdmin` grants
   * super-admin status (it is never taken away here).
   */
  async ensureByEmail(emailInput: string, options: { name: string | null; superAdmin: boolean }, actor: string): Promise<UserEntry> {
    const email = normalizeEmail(emailInput);
    return retryChange(`user ${email}`, async () => {
      const existing = await this.findByEmail(email);
      if (existing && (existing.super_admin || !options.superAdmin)) return existing;
      if (existing) {
        const current = await this.readCurrent(existing.id);
        const granted = current ? await this.change(current, { super_admin: true }, actor) : undefined;
        if (granted) await this.audit.append({ event: 'user.grant_super_admin', actor, metadata: { user_id: granted.id } });
        return granted ? userEntryOf(granted) : undefined;
      }
      const created = await this.create({ email, name: options.name, picture_url: null, subject: null, groups: [], super_admin: options.superAdmin }, actor);
      return created ? userEntryOf(created) : undefined;
    });
  }

  async setSuspended(userId: string, suspended: boolean, actor: string): Promise<UserEntry> {
    return retryChange(`user ${userId}`, async () => {
      const current = await this.readCurrent(userId);
      if (!current) throw new HubError('NOT_FOUND', `user ${userId} not found`);
      if ((current.suspended_at !== null) === suspended) return userEntryOf(current);
      const next = await this.change(current, { suspended_at: suspended ? this.now().toISOString() : null }, actor);
      if (next) await this.audit.append({ event: suspended ? 'user.suspend' : 'user.unsuspend', actor, metadata: { user_id: userId } });
      return next ? userEntryOf(next) : undefined;
    });
  }

  private async readCurrent(userId: string): Promise<UserRevision | null> {
    const entry = await (await this.catalog.view()).get<UserEntry>(catalogKeys.user(userId));
    if (!entry) return null;
    const key = layout.userRevision(userId, entry.revision);
    const object = await this.store.get(key);
    if (!object) throw new HubError('INTERNAL_ERROR', `user revision ${key} referenced by the catalog is missing`);
    return parseJson<UserRevision>(key, object.body);
  }

  private async create(
    profile: Pick<UserRevision, 'email' | 'name' | 'picture_url' | 'subject' | 'groups' | 'super_admin'>,
    actor: string,
  ): Promise<UserRevision | undefined> {
    const at = this.now();
    const revision: UserRevision = {
      schema_version: 1,
      revision: newRevisionId(at.getTime()),
      parent_revision: null,
      id: newUserId(at.getTime()),
      ...profile,
      suspended_at: null,
      created_at: at.toISOString(),
      updated_at: at.toISOString(),
      written_by: actor,
    };
    const adopted = await this.commit(revision, 'user.create', async (tx) => {
      if (await tx.get(catalogKeys.userEmail(revision.email))) return false;
      if (revision.subject && (await tx.get(catalogKeys.userSubject(revision.subject)))) return false;
      for (const [key, value] of userCatalogEntries(revision)) tx.put(key, value);
      return true;
    });
    if (!adopted) return undefined;
    await this.audit.append({ event: 'user.create', actor, metadata: { user_id: revision.id } });
    return revision;
  }

  private async change(current: UserRevision, patch: Partial<UserRevision>, actor: string): Promise<UserRevision | undefined> {
    const at = this.now();
    const next: UserRevision = {
      ...current,
      ...patch,
      revision: newRevisionId(at.getTime()),
      parent_revision: current.revision,
      updated_at: at.toISOString(),
      written_by: actor,
    };
    const adopted = await this.commit(next, 'user.update', async (tx) => {
      const entry = await tx.get<UserEntry>(catalogKeys.user(current.id));
      if (entry?.revision !== current.revision) return false;
      const owner = await tx.get<{ user_id: string }>(catalogKeys.userEmail(next.email));
      if (owner && owner.user_id !== current.id) throw new HubError('CONFLICT', `the e-mail ${next.email} already belongs to another user`);
      for (const [key] of userCatalogEntries(current)) tx.delete(key);
      for (const [key, value] of userCatalogEntries(next)) tx.put(key, value);
      return true;
    });
    return adopted ? next : undefined;
  }

  private commit(revision: UserRevision, reason: string, adopt: (tx: CatalogTx) => Promise<boolean>): Promise<boolean> {
    return commitRevision(this.store, this.catalog, { key: layout.userRevision(revision.id, revision.revision), body: revision, reason }, adopt);
  }
}
