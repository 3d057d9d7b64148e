import type { PolicyAction } from '../../service/src/core/policy/actions.js';

export interface RouteCase {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  path: string;
  action: PolicyAction;
  url(projectId: string, fixture: { viewerId: string }): string;
  body?: unknown;
}

const route = (method: RouteCase['method'], path: string, action: PolicyAction, body?: unknown): RouteCase => ({
  method,
  path,
  action,
  url: (projectId, fixture) => path.replace(':pid', projectId).replace(':member', fixture.viewerId).replace(':group', 'fixture-group'),
  ...(body !== undefined ? { body } : {}),
});

/** Every project-scoped route with the action it performs and a valid request for it. */
export function projectRouteTable(): RouteCase[] {
  return [
    route('GET', '/api/v1/projects/:pid', 'project.read'),
    route('PATCH', '/api/v1/projects/:pid', 'project.update', { description: 'changed' }),
    route('DELETE', '/api/v1/projects/:pid', 'project.delete'),
    route('GET', '/api/v1/projects/:pid/members', 'project.read'),
    route('POST', '/api/v1/projects/:pid/members', 'project.members.manage', { email: 'invitee@example.com', role: 'viewer' }),
    route('PATCH', '/api/v1/projects/:pid/members/:member', 'project.members.manage', { role: 'editor' }),
    route('DELETE', '/api/v1/projects/:pid/members/:member', 'project.members.manage'),
    route('GET', '/api/v1/projects/:pid/group-members', 'project.read'),
    route('POST', '/api/v1/projects/:pid/group-members', 'project.members.manage', { group: 'another-group', role: 'viewer' }),
    route('PATCH', '/api/v1/projects/:pid/group-members/:group', 'project.members.manage', { role: 'editor' }),
    route('DELETE', '/api/v1/projects/:pid/group-members/:group', 'project.members.manage'),
  ];
}
