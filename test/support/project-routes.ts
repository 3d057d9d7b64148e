import type { PolicyAction } from '../../service/src/core/policy/actions.js';
import { smallNotebookZip } from './notebook-folders.js';

/** What a fixture project holds for the route table: a member to change, a notebook and its current version. */
export interface RouteFixture {
  viewerId: string;
  notebookId: string;
  versionId: string;
  notebookCode: string;
  /** A file in the notebook's workspace. */
  workspaceFile: string;
  /** An import of {@link smallNotebookZip} that no notebook was created from yet. */
  importId: string;
}

export interface RouteCase {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  action: PolicyAction;
  url(projectId: string, fixture: RouteFixture): string;
  body?: (fixture: RouteFixture) => unknown;
  headers?: Record<string, string>;
}

const route = (method: RouteCase['method'], path: string, action: PolicyAction, body?: (fixture: RouteFixture) => unknown, headers?: Record<string, string>): RouteCase => ({
  method,
  path,
  action,
  url: (projectId, fixture) =>
    path
      .replace(':pid', projectId)
      .replace(':member', fixture.viewerId)
      .replace(':group', 'fixture-group')
      .replace(':nid', fixture.notebookId)
      .replace(':vid', fixture.versionId)
      .replace(':file', encodeURIComponent(fixture.workspaceFile))
      .replace(':import', fixture.importId),
  ...(body ? { body } : {}),
  ...(headers ? { headers } : {}),
});

/** Every project-scoped route with the action it performs and a valid request for it. */
export function projectRouteTable(): RouteCase[] {
  const notebook = '/api/v1/projects/:pid/notebooks/:nid';
  return [
    route('GET', '/api/v1/projects/:pid', 'project.read'),
    route('PATCH', '/api/v1/projects/:pid', 'project.update', () => ({ description: 'changed' })),
    route('DELETE', '/api/v1/projects/:pid', 'project.delete'),
    route('GET', '/api/v1/projects/:pid/members', 'project.read'),
    route('POST', '/api/v1/projects/:pid/members', 'project.members.manage', () => ({ email: 'invitee@example.com', role: 'viewer' })),
    route('PATCH', '/api/v1/projects/:pid/members/:member', 'project.members.manage', () => ({ role: 'editor' })),
    route('DELETE', '/api/v1/projects/:pid/members/:member', 'project.members.manage'),
    route('GET', '/api/v1/projects/:pid/group-members', 'project.read'),
    route('POST', '/api/v1/projects/:pid/group-members', 'project.members.manage', () => ({ group: 'another-group', role: 'viewer' })),
    route('PATCH', '/api/v1/projects/:pid/group-members/:group', 'project.members.manage', () => ({ role: 'editor' })),
    route('DELETE', '/api/v1/projects/:pid/group-members/:group', 'project.members.manage'),
    route('GET', '/api/v1/projects/:pid/notebooks', 'project.read'),
    route('GET', '/api/v1/projects/:pid/sessions', 'project.read'),
    route('POST', '/api/v1/projects/:pid/notebooks', 'notebook.write', () => ({ title: 'another' })),
    route('GET', notebook, 'project.read'),
    route('PATCH', notebook, 'notebook.write', () => ({ title: 'renamed' })),
    route('DELETE', notebook, 'notebook.manage'),
    route('GET', `${notebook}/code`, 'project.read'),
    route('GET', `${notebook}/html`, 'project.read'),
    route('GET', `${notebook}/versions`, 'project.read'),
    route('POST', `${notebook}/versions`, 'notebook.write', (fixture) => ({ code: fixture.notebookCode, base_version_id: fixture.versionId })),
    route('GET', `${notebook}/versions/:vid`, 'project.read'),
    route('GET', `${notebook}/versions/:vid/code`, 'project.read'),
    route('POST', `${notebook}/versions/:vid/restore`, 'notebook.write', (fixture) => ({ base_version_id: fixture.versionId })),
    route('GET', `${notebook}/workspace/access`, 'project.read'),
    route('GET', `${notebook}/workspace/items`, 'project.read'),
    route('GET', `${notebook}/workspace/files?path=:file`, 'project.read'),
    route('GET', `${notebook}/workspace/archive`, 'project.read'),
    route('PUT', `${notebook}/workspace/files?path=uploaded.csv`, 'notebook.write', () => 'a,b\n1,2\n'),
    route('POST', `${notebook}/workspace/directories`, 'notebook.write', () => ({ path: 'new folder' })),
    route('POST', `${notebook}/workspace/copy`, 'notebook.write', (fixture) => ({ from: fixture.workspaceFile, to: 'copy.csv' })),
    route('POST', `${notebook}/workspace/move`, 'notebook.write', (fixture) => ({ from: fixture.workspaceFile, to: 'moved.csv' })),
    route('DELETE', `${notebook}/workspace/items?path=:file`, 'notebook.write'),
    route('POST', '/api/v1/projects/:pid/notebook-imports', 'notebook.write', () => smallNotebookZip(), { 'content-type': 'application/zip' }),
    route('GET', '/api/v1/projects/:pid/notebook-imports/:import', 'project.read'),
    route('POST', '/api/v1/projects/:pid/notebook-imports/:import/notebooks', 'notebook.write', () => ({ path: 'reader.py' })),
  ];
}
