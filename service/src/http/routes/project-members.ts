import { Type } from 'typebox';
import { HubError } from '../../core/errors.js';
import { USER_ID_PATTERN } from '../../core/ids.js';
import type { MemberRef } from '../../core/projects/project-service.js';
import type { HubServices } from '../../compose/services.js';
import { principalOf } from '../auth/authenticate.js';
import { authorizeProject } from '../auth/authorize.js';
import { Envelope, SuccessResponse } from '../schemas.js';
import type { HubApp } from '../types.js';
import { GroupMember, GroupMemberAdd, MemberAdd, ProjectIdParams, ProjectMember, RoleChange, membersOf } from './project-schemas.js';

const MemberParams = Type.Intersect([
  ProjectIdParams,
  Type.Object({ member: Type.String({ minLength: 1, maxLength: 320, description: 'A user id, or the e-mail of an invited member' }) }),
]);
const GroupParams = Type.Intersect([ProjectIdParams, Type.Object({ group: Type.String({ pattern: '^[A-Za-z0-9][A-Za-z0-9._:@ -]{0,127}$' }) })]);

function memberRef(value: string): MemberRef {
  if (USER_ID_PATTERN.test(value)) return { user_id: value };
  if (/^[^\s@]+@[^\s@]+$/.test(value)) return { email: value };
  throw new HubError('NOT_FOUND', 'no such member');
}

/** Members (users and invited e-mails) and identity-provider group members of a project. */
export function projectMemberRoutes(app: HubApp, services: HubServices): void {
  const actorOf = (request: Parameters<typeof principalOf>[0]) => {
    const { user } = principalOf(request);
    return { id: user.id, email: user.email };
  };
  const Members = Envelope(Type.Array(ProjectMember));
  const Groups = Envelope(Type.Array(GroupMember));

  app.get(
    '/api/v1/projects/:pid/members',
    { schema: { tags: ['Projects'], summary: 'Members, the owner first as admin', params: ProjectIdParams, response: { 200: Members } } },
    async (request) => {
      const { project } = await authorizeProject(request, services, request.params.pid, 'project.read');
      return { success: true as const, data: membersOf(project) };
    },
  );

  app.post(
    '/api/v1/projects/:pid/members',
    {
      schema: {
        tags: ['Projects'],
        summary: 'Add a member by user id, or invite one by e-mail',
        params: ProjectIdParams,
        body: MemberAdd,
        response: { 201: Members },
      },
    },
    async (request, reply) => {
      const { pid } = request.params;
      await authorizeProject(request, services, pid, 'project.members.manage');
      const { user_id, email, role } = request.body;
      if ((user_id === undefined) === (email === undefined)) {
        throw new HubError('VALIDATION_ERROR', 'give exactly one of user_id or email', [{ field: 'user_id', message: 'exactly one of user_id or email' }]);
      }
      const project = await services.projects.addMember(pid, user_id !== undefined ? { user_id } : { email: email! }, role, actorOf(request));
      return reply.code(201).send({ success: true as const, data: membersOf(project) });
    },
  );

  app.patch(
    '/api/v1/projects/:pid/members/:member',
    { schema: { tags: ['Projects'], summary: "Change a member's role", params: MemberParams, body: RoleChange, response: { 200: Members } } },
    async (request) => {
      const { pid, member } = request.params;
      await authorizeProject(request, services, pid, 'project.members.manage');
      const project = await services.projects.changeMemberRole(pid, memberRef(member), request.body.role, actorOf(request));
      return { success: true as const, data: membersOf(project) };
    },
  );

  app.delete(
    '/api/v1/projects/:pid/members/:member',
    { schema: { tags: ['Projects'], summary: 'Remove a member', params: MemberParams, response: { 200: SuccessResponse } } },
    async (request) => {
      const { pid, member } = request.params;
      await authorizeProject(request, services, pid, 'project.members.manage');
      await services.projects.removeMember(pid, memberRef(member), actorOf(request));
      return { success: true as const };
    },
  );

  app.get(
    '/api/v1/projects/:pid/group-members',
    { schema: { tags: ['Projects'], summary: 'Identity-provider groups with a role in the project', params: ProjectIdParams, response: { 200: Groups } } },
    async (request) => {
      const { project } = await authorizeProject(request, services, request.params.pid, 'project.read');
      return { success: true as const, data: project.group_members };
    },
  );

  app.post(
    '/api/v1/projects/:pid/group-members',
    {
      schema: {
        tags: ['Projects'],
        summary: 'Give an identity-provider group a role',
        params: ProjectIdParams,
        body: GroupMemberAdd,
        response: { 201: Groups },
      },
    },
    async (request, reply) => {
      const { pid } = request.params;
      await authorizeProject(request, services, pid, 'project.members.manage');
      const project = await services.projects.setGroupMember(pid, request.body.group, request.body.role, 'add', actorOf(request));
      return reply.code(201).send({ success: true as const, data: project.group_members });
    },
  );

  app.patch(
    '/api/v1/projects/:pid/group-members/:group',
    { schema: { tags: ['Projects'], summary: "Change a group's role", params: GroupParams, body: RoleChange, response: { 200: Groups } } },
    async (request) => {
      const { pid, group } = request.params;
      await authorizeProject(request, services, pid, 'project.members.manage');
      const project = await services.projects.setGroupMember(pid, group, request.body.role, 'update', actorOf(request));
      return { success: true as const, data: project.group_members };
    },
  );

  app.delete(
    '/api/v1/projects/:pid/group-members/:group',
    { schema: { tags: ['Projects'], summary: 'Remove a group member', params: GroupParams, response: { 200: SuccessResponse } } },
    async (request) => {
      const { pid, group } = request.params;
      await authorizeProject(request, services, pid, 'project.members.manage');
      await services.projects.setGroupMember(pid, group, null, 'remove', actorOf(request));
      return { success: true as const };
    },
  );
}
