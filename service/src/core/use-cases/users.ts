import { HubError } from '../errors.js';
import type { Authenticator, Principal } from '../identity/authenticator.js';
import type { UserDirectory, UserEntry } from '../identity/users.js';
import type { AccessControl } from '../access/access-control.js';
import { pageSize, type Page, type PageInput, type PageLimits } from './caller.js';

export interface UserUseCaseDeps {
  access: AccessControl;
  users: UserDirectory;
  authenticator: Pick<Authenticator, 'isSuperAdminUser' | 'forgetUser'>;
  /** SERVICE_SUPER_ADMINS: the e-mails the configuration makes super admins. */
  configuredSuperAdmins: readonly string[];
  limits: PageLimits;
}

/** A user as administrators see one: the record, and whether they are a super admin. */
export interface AdminUserView {
  user: UserEntry;
  superAdmin: boolean;
}

/**
 * The deployment's users: resolving and searching them is `directory.search`, the administration
 * (listing, suspending) is `admin.access`.
 */
export class UserUseCases {
  constructor(private readonly deps: UserUseCaseDeps) {}

  /** One user by id or by e-mail (exactly one of the two). */
  async resolve(principal: Principal, input: { id?: string | undefined; email?: string | undefined }): Promise<UserEntry> {
    this.deps.access.deployment(principal, 'directory.search');
    const { id, email } = input;
    if ((id === undefined) === (email === undefined)) {
      throw new HubError('VALIDATION_ERROR', 'give exactly one of id or email', [{ field: 'query', message: 'exactly one of id or email' }]);
    }
    const user = id !== undefined ? await this.deps.users.get(id) : await this.deps.users.findByEmail(email!);
    if (!user) throw new HubError('NOT_FOUND', 'no such user');
    return user;
  }

  /** Users whose e-mail starts with `query`. */
  async search(principal: Principal, input: { query: string; limit?: number | undefined }): Promise<UserEntry[]> {
    this.deps.access.deployment(principal, 'directory.search');
    return this.deps.users.searchByEmail(input.query, input.limit ?? 20);
  }

  /** Every user, newest first. */
  async list(principal: Principal, input: PageInput): Promise<Page<AdminUserView>> {
    this.deps.access.deployment(principal, 'admin.access');
    const page = await this.deps.users.list({ cursor: input.cursor ?? null, limit: pageSize(input.limit, this.deps.limits) });
    return { items: page.items.map(({ value }) => this.viewOf(value)), nextCursor: page.nextCursor };
  }

  /**
   * Suspends a user (every request of theirs then answers USER_SUSPENDED) or lifts a suspension.
   * Suspending yourself is refused with CONFLICT: not a question of who may (the same super admin
   * suspends anyone else), but a change that would leave the deployment without the person making
   * it. Writes `user.suspend` / `user.unsuspend` when the state changes.
   */
  async setSuspended(principal: Principal, input: { userId: string; suspended: boolean }): Promise<AdminUserView> {
    this.deps.access.deployment(principal, 'admin.access');
    const actor = principal.user.id;
    if (input.suspended && input.userId === actor) throw new HubError('CONFLICT', 'you cannot suspend yourself');
    const user = await this.deps.users.setSuspended(input.userId, input.suspended, actor);
    this.deps.authenticator.forgetUser(user.id);
    return this.viewOf(user);
  }

  /** The super admins' e-mails: those the configuration names and those an operator granted, sorted. */
  async superAdminEmails(principal: Principal): Promise<string[]> {
    this.deps.access.deployment(principal, 'admin.access');
    const granted = await this.deps.users.grantedSuperAdminEmails();
    return [...new Set([...this.deps.configuredSuperAdmins, ...granted])].sort();
  }

  private viewOf(user: UserEntry): AdminUserView {
    return { user, superAdmin: this.deps.authenticator.isSuperAdminUser(user) };
  }
}
