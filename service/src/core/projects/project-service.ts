import type { AuditLog } from '../audit/audit-log.js';
import { HubError } from '../errors.js';
import type { UserDirectory } from '../identity/users.js';
import { normalizeEmail } from '../identity/users.js';
import type { AlertKind } from '../ports/alert-kinds.js';
import { normalizeLabels, type LabelPolicy, type SecurityLabels } from '../policy/security-labels.js';
import type { ProjectEventPublisher } from '../ports/project-events.js';
import type { AssignableRole, GroupMember, ProjectChange, ProjectMember, ProjectRecords, ProjectRevision } from './project-records.js';
import { assertNoProblems, projectFieldProblems } from './project-validation.js';

export interface Actor {
  id: string;
  email: string;
}

export interface ProjectInput {
  name: string;
  description?: string;
  tags?: string[];
  default_role?: AssignableRole | null;
  federation?: { enabled: boolean; target?: string } | null;
  security_labels?: SecurityLabels | null;
}

export type ProjectPatch = Partial<ProjectInput>;

/** A member as the API names it: a user id, or an e-mail for someone without an account yet. */
export type MemberRef = { user_id: string } | { email: string };

/**
 * Project operations: validation, persistence, the audit event of every change, and the project
 * events alert destinations subscribe to. Authorization is decided before these are called.
 */
export class ProjectService {
  constructor(
    private readonly records: ProjectRecords,
    private readonly users: UserDirectory,
    private readonly audit: AuditLog,
    private readonly events: ProjectEventPublisher,
    private readonly labels: LabelPolicy,
    private readonly now: () => Date = () => new Date(),
  ) {}

  get(projectId: string): Promise<ProjectRevision | null> {
    return this.records.get(projectId);
  }

  /** `origin` adds facts about where the project came from (a push from another hub) to its audit event. */
  async create(input: ProjectInput, actor: Actor, origin: Record<string, unknown> = {}): Promise<ProjectRevision> {
    assertNoProblems(projectFieldProblems(input, this.labels));
    const project = await this.records.create(
      {
        name: input.name.trim(),
        description: input.description ?? '',
        owner: actor.id,
        owner_email: actor.email,
        tags: input.tags ?? [],
        default_role: input.default_role ?? null,
        federation: input.federation ?? null,
        security_labels: normalizeLabels(input.security_labels),
      },
      actor.id,
    );
    await this.audit.append({ event: 'project.create', actor: actor.id, projectId: project.id, metadata: { ...origin, name: project.name } });
    return project;
  }

  async update(projectId: string, patch: ProjectPatch, actor: Actor): Promise<ProjectRevision> {
    assertNoProblems(projectFieldProblems(patch, this.labels));
    const { after } = await this.records.update(
      projectId,
      (current) => ({
        ...changeOf(current),
        ...(patch.name !== undefined ? { name: patch.name.trim() } : {}),
        ...(patch.description !== undefined ? { description: patch.description } : {}),
        ...(patch.tags !== undefined ? { tags: patch.tags } : {}),
        ...(patch.default_role !== undefined ? { default_role: patch.default_role } : {}),
        ...(patch.federation !== undefined ? { federation: patch.federation } : {}),
        ...(patch.security_labels !== undefined ? { security_labels: normalizeLabels(patch.security_labels) } : {}),
      }),
      actor.id,
    );
    await this.audit.append({ event: 'project.update', actor: actor.id, projectId, metadata: { fields: Object.keys(patch).sort() } });
    return after;
  }

  async delete(projectId: string, actor: Actor): Promise<void> {
    const { after } = await this.records.update(projectId, (current) => ({ ...changeOf(current), status: 'deleted' }), actor.id);
    await this.audit.append({ event: 'project.delete', actor: actor.id, projectId, metadata: { name: after.name } });
    this.publish('project.deleted', after, actor, {});
  }

  /** Adds a member by user id or e-mail; an e-mail without an account yet is an invitation. */
  async addMember(projectId: string, ref: MemberRef, role: AssignableRole, actor: Actor): Promise<ProjectRevision> {
    const member = await this.resolveMember(ref);
    const { after } = await this.records.update(
      projectId,
      (current) => {
        if (isOwner(current, member)) throw new HubError('CONFLICT', 'the owner is already the project admin');
        if (current.members.some((existing) => sameMember(existing, member))) throw new HubError('CONFLICT', 'already a member; change the role instead');
        return { ...changeOf(current), members: [...current.members, { ...member, role }] };
      },
      actor.id,
    );
    const invited = !member.user_id;
    await this.audit.append({ event: 'project.member.add', actor: actor.id, projectId, metadata: { ...member, role, invited } });
    this.publish(invited ? 'member.invited' : 'member.added', after, actor, { ...member, role });
    return after;
  }

  async changeMemberRole(projectId: string, ref: MemberRef, role: AssignableRole, actor: Actor): Promise<ProjectRevision> {
    let previous: AssignableRole | undefined;
    let changed: ProjectMember | undefined;
    const { after } = await this.records.update(
      projectId,
      (current) => {
        const existing = current.members.find((member) => matches(member, ref));
        if (!existing) throw new HubError('NOT_FOUND', 'no such member');
        previous = existing.role;
        changed = existing;
        return { ...changeOf(current), members: current.members.map((member) => (member === existing ? { ...member, role } : member)) };
      },
      actor.id,
    );
    const who = { ...(changed?.user_id ? { user_id: changed.user_id } : {}), ...(changed?.email ? { email: changed.email } : {}) };
    await this.audit.append({ event: 'project.member.update', actor: actor.id, projectId, metadata: { ...who, from: previous, to: role } });
    this.publish('member.role_changed', after, actor, { ...who, from: previous, to: role });
    return after;
  }

  async removeMember(projectId: string, ref: MemberRef, actor: Actor): Promise<ProjectRevision> {
    let removed: ProjectMember | undefined;
    const { after } = await this.records.update(
      projectId,
      (current) => {
        removed = current.members.find((member) => matches(member, ref));
        if (!removed) throw new HubError('NOT_FOUND', 'no such member');
        return { ...changeOf(current), members: current.members.filter((member) => member !== removed) };
      },
      actor.id,
    );
    const who = { ...(removed?.user_id ? { user_id: removed.user_id } : {}), ...(removed?.email ? { email: removed.email } : {}) };
    await this.audit.append({ event: 'project.member.remove', actor: actor.id, projectId, metadata: who });
    this.publish('member.removed', after, actor, who);
    return after;
  }

  /** Adds, re-roles (`role`) or removes (`role` null) an identity-provider group. */
  async setGroupMember(
    projectId: string,
    group: string,
    role: AssignableRole | null,
    mode: 'add' | 'update' | 'remove',
    actor: Actor,
  ): Promise<ProjectRevision> {
    const { before, after } = await this.records.update(
      projectId,
      (current) => {
        const existing = current.group_members.find((member) => member.group === group);
        if (mode === 'add' && existing) throw new HubError('CONFLICT', 'this group is already a member; change its role instead');
        if (mode !== 'add' && !existing) throw new HubError('NOT_FOUND', 'no such group member');
        const others = current.group_members.filter((member) => member.group !== group);
        const group_members: GroupMember[] = role === null ? others : [...others, { group, role }].sort((a, b) => (a.group < b.group ? -1 : 1));
        return { ...changeOf(current), group_members };
      },
      actor.id,
    );
    const from = before.group_members.find((member) => member.group === group)?.role ?? null;
    await this.audit.append({ event: `project.group_member.${mode}`, actor: actor.id, projectId, metadata: { group, from, to: role } });
    return after;
  }

  private async resolveMember(ref: MemberRef): Promise<{ user_id?: string; email?: string }> {
    if ('user_id' in ref) {
      const user = await this.users.get(ref.user_id);
      if (!user) throw new HubError('VALIDATION_ERROR', 'no user with this id', [{ field: 'user_id', message: 'unknown user' }]);
      return { user_id: user.id, email: user.email };
    }
    const email = normalizeEmail(ref.email);
    const user = await this.users.findByEmail(email);
    return user ? { user_id: user.id, email: user.email } : { email };
  }

  private publish(kind: AlertKind, project: ProjectRevision, actor: Actor, data: Record<string, unknown>): void {
    this.events.publish({ kind, project_id: project.id, project_name: project.name, actor: actor.id, occurred_at: this.now().toISOString(), data });
  }
}

function changeOf(current: ProjectRevision): ProjectChange {
  const {
    revision: _revision,
    parent_revision: _parent,
    updated_at: _updated,
    written_by: _writer,
    schema_version: _schema,
    id: _id,
    created_at: _created,
    ...rest
  } = current;
  return rest;
}

function isOwner(project: ProjectRevision, member: { user_id?: string; email?: string }): boolean {
  return member.user_id === project.owner || (member.email !== undefined && member.email === project.owner_email);
}

function sameMember(a: { user_id?: string; email?: string }, b: { user_id?: string; email?: string }): boolean {
  return (a.user_id !== undefined && a.user_id === b.user_id) || (a.email !== undefined && a.email === b.email);
}

function matches(member: ProjectMember, ref: MemberRef): boolean {
  return 'user_id' in ref ? member.user_id === ref.user_id : member.email === normalizeEmail(ref.email);
}
