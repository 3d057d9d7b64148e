import { HubError } from '../errors.js';
import { USER_ID_PATTERN } from '../ids.js';
import type { Principal } from '../identity/authenticator.js';
import type { AccessControl } from '../access/access-control.js';
import type { AssignableRole, GroupMember, ProjectRevision } from '../projects/project-records.js';
import type { MemberRef, ProjectService } from '../projects/project-service.js';
import { actorOf } from './caller.js';

export interface MemberUseCaseDeps {
  access: AccessControl;
  projects: ProjectService;
}

/** A member as a caller names one: a user id, or the e-mail of someone invited. Anything else is no member. */
export function memberRef(value: string): MemberRef {
  if (USER_ID_PATTERN.test(value)) return { user_id: value };
  if (/^[^\s@]+@[^\s@]+$/.test(value)) return { email: value };
  throw new HubError('NOT_FOUND', 'no such member');
}

/**
 * A project's members (users and invited e-mails) and group members (identity-provider groups).
 * Reading them is `project.read`; every change is `project.members.manage` and writes its audit
 * event. Changes answer the project as it is afterwards.
 */
export class MemberUseCases {
  constructor(private readonly deps: MemberUseCaseDeps) {}

  /** `project.read`: the project, whose owner and members the caller sees. */
  async list(principal: Principal, input: { projectId: string }): Promise<ProjectRevision> {
    return (await this.deps.access.project(principal, input.projectId, 'project.read')).project;
  }

  /** Adds a member by user id, or invites one by e-mail: exactly one of the two. */
  async add(
    principal: Principal,
    input: { projectId: string; userId?: string | undefined; email?: string | undefined; role: AssignableRole },
  ): Promise<ProjectRevision> {
    await this.manage(principal, input.projectId);
    const { userId, email } = input;
    if ((userId === undefined) === (email === undefined)) {
      throw new HubError('VALIDATION_ERROR', 'give exactly one of user_id or email', [{ field: 'user_id', message: 'exactly one of user_id or email' }]);
    }
    return this.deps.projects.addMember(input.projectId, userId !== undefined ? { user_id: userId } : { email: email! }, input.role, actorOf(principal));
  }

  /** `member`: a user id, or the e-mail of an invited member. */
  async changeRole(principal: Principal, input: { projectId: string; member: string; role: AssignableRole }): Promise<ProjectRevision> {
    await this.manage(principal, input.projectId);
    return this.deps.projects.changeMemberRole(input.projectId, memberRef(input.member), input.role, actorOf(principal));
  }

  async remove(principal: Principal, input: { projectId: string; member: string }): Promise<void> {
    await this.manage(principal, input.projectId);
    await this.deps.projects.removeMember(input.projectId, memberRef(input.member), actorOf(principal));
  }

  /** `project.read`: the groups with a role in the project. */
  async groups(principal: Principal, input: { projectId: string }): Promise<GroupMember[]> {
    return (await this.deps.access.project(principal, input.projectId, 'project.read')).project.group_members;
  }

  async addGroup(principal: Principal, input: { projectId: string; group: string; role: AssignableRole }): Promise<GroupMember[]> {
    await this.manage(principal, input.projectId);
    return (await this.deps.projects.setGroupMember(input.projectId, input.group, input.role, 'add', actorOf(principal))).group_members;
  }

  async changeGroupRole(principal: Principal, input: { projectId: string; group: string; role: AssignableRole }): Promise<GroupMember[]> {
    await this.manage(principal, input.projectId);
    return (await this.deps.projects.setGroupMember(input.projectId, input.group, input.role, 'update', actorOf(principal))).group_members;
  }

  async removeGroup(principal: Principal, input: { projectId: string; group: string }): Promise<void> {
    await this.manage(principal, input.projectId);
    await this.deps.projects.setGroupMember(input.projectId, input.group, null, 'remove', actorOf(principal));
  }

  private async manage(principal: Principal, projectId: string): Promise<void> {
    await this.deps.access.project(principal, projectId, 'project.members.manage');
  }
}
