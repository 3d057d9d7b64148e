import { Type } from 'typebox';
import type { UseCases } from '../../core/use-cases/index.js';
import { principalOf } from '../auth/authenticate.js';
import { Envelope, SuccessResponse } from '../schemas.js';
import type { HubApp } from '../types.js';
import { GroupMember, GroupMemberAdd, MemberAdd, ProjectIdParams, ProjectMember, RoleChange, membersOf } from './project-schemas.js';

const MemberParams = Type.Intersect([
  ProjectIdParams,
  Type.Object({ member: Type.String({ minLength: 1, maxLength: 320, description: 'A user id, or the e-mail of an invited member' }) }),
]);
const GroupParams = Type.Intersect([ProjectIdParams, Type.Object({ group: Type.String({ pattern: '^[A-Za-z0-9][A-Za-z0-9._:@ -]{0,127}$' }) })]);

/** What the member routes use. */
export interface ProjectMemberRouteServices {
  useCases: Pick<UseCases, 'members'>;
}

/** Members (users and invited e-mails) and identity-provider group members of a project. */
export function projectMemberRoutes(app: HubApp, services: ProjectMemberRouteServices): void {
  const { members } = services.useCases;
  const Members = Envelope(Type.Array(ProjectMember));
  const Groups = Envelope(Type.Array(GroupMember));

  app.get(
    '/api/v1/projects/:pid/members',
    { schema: { tags: ['Projects'], summary: 'Members, the owner first as admin', params: ProjectIdParams, response: { 200: Members } } },
    async (request) => {
      const project = await members.list(principalOf(request), { projectId: request.params.pid });
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
      const { user_id, email, role } = request.body;
      const project = await members.add(principalOf(request), { projectId: request.params.pid, userId: user_id, email, role });
      return reply.code(201).send({ success: true as const, data: membersOf(project) });
    },
  );

  app.patch(
    '/api/v1/projects/:pid/members/:member',
    { schema: { tags: ['Projects'], summary: "Change a member's role", params: MemberParams, body: RoleChange, response: { 200: Members } } },
    async (request) => {
      const { pid, member } = request.params;
      const project = await members.changeRole(principalOf(request), { projectId: pid, member, role: request.body.role });
      return { success: true as const, data: membersOf(project) };
    },
  );

  app.delete(
    '/api/v1/projects/:pid/members/:member',
    { schema: { tags: ['Projects'], summary: 'Remove a member', params: MemberParams, response: { 200: SuccessResponse } } },
    async (request) => {
      const { pid, member } = request.params;
      await members.remove(principalOf(request), { projectId: pid, member });
      return { success: true as const };
    },
  );

  app.get(
    '/api/v1/projects/:pid/group-members',
    { schema: { tags: ['Projects'], summary: 'Identity-provider groups with a role in the project', params: ProjectIdParams, response: { 200: Groups } } },
    async (request) => {
      return { success: true as const, data: await members.groups(principalOf(request), { projectId: request.params.pid }) };
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
      const groups = await members.addGroup(principalOf(request), { projectId: request.params.pid, group: request.body.group, role: request.body.role });
      return reply.code(201).send({ success: true as const, data: groups });
    },
  );

  app.patch(
    '/api/v1/projects/:pid/group-members/:group',
    { schema: { tags: ['Projects'], summary: "Change a group's role", params: GroupParams, body: RoleChange, response: { 200: Groups } } },
    async (request) => {
      const { pid, group } = request.params;
      return { success: true as const, data: await members.changeGroupRole(principalOf(request), { projectId: pid, group, role: request.body.role }) };
    },
  );

  app.delete(
    '/api/v1/projects/:pid/group-members/:group',
    { schema: { tags: ['Projects'], summary: 'Remove a group member', params: GroupParams, response: { 200: SuccessResponse } } },
    async (request) => {
      const { pid, group } = request.params;
      await members.removeGroup(principalOf(request), { projectId: pid, group });
      return { success: true as const };
    },
  );
}
