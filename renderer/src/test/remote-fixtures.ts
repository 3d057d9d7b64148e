// Answers of the remotes routes (docs/remotes.md) for the component tests of the remotes pages and
// the project's Sync tab, shaped as the generated API types say.
import type { ProjectRemote, Remote, RemoteConflict, RemoteOperation, TeamProject } from '../api/remotes';
import type { Me } from '../api/types';

export const ME = {
  id: 'usr-ada',
  email: 'ada@example.com',
  name: 'Ada',
  is_super_admin: false,
  can_create_projects: true,
} as Me;

export const REMOTE: Remote = {
  name: 'team',
  url: 'https://hub.example.com',
  owner_id: ME.id,
  hub: { id: 'hub-team', name: 'Example team hub', version: '1.4.0' },
  user_name: 'ada@team',
  state: 'connected',
  sign_in: 'oauth',
  created_at: '2026-03-02T09:00:00.000Z',
  updated_at: '2026-03-02T09:00:00.000Z',
};

export const TEAM_PROJECT: TeamProject = {
  id: 'proj-team00000000001',
  name: 'Forecasts',
  description: 'Weekly demand forecasts',
  role: 'editor',
  updated_at: '2026-03-01T12:00:00.000Z',
};

export const OPERATION: RemoteOperation = {
  id: 'rop-0000000000000001',
  kind: 'pull',
  remote: 'team',
  remote_project_id: TEAM_PROJECT.id,
  project_id: 'proj-0000000000000001',
  state: 'running',
  progress: { files_done: 3, files_total: 12, bytes_done: 5 * 1024 * 1024, bytes_total: 40 * 1024 * 1024, eta_seconds: 95 },
  notebooks: [],
  error: null,
  conflicts_waiting: [],
  created_at: '2026-03-02T10:00:00.000Z',
  updated_at: '2026-03-02T10:00:05.000Z',
  finished_at: null,
};

const notebook = (
  title: string,
  state: ProjectRemote['notebooks'][number]['state'],
  index: number,
  extra: Partial<ProjectRemote['notebooks'][number]> = {},
) => ({
  notebook_id: state === 'remote_only' ? null : `nb-000000000000000${index}`,
  remote_notebook_id: state === 'local_only' ? null : `nb-team0000000000${index}`,
  title,
  state,
  workspace: state === 'local_only' || state === 'remote_only' ? null : ('in_step' as const),
  conflict: false,
  local_version_id: null,
  remote_version_id: null,
  base_local_version_id: null,
  base_remote_version_id: null,
  remote_fetched_at: null,
  ...extra,
});

export const LINKED: ProjectRemote = {
  linked: true,
  link: {
    remote: 'team',
    hub_id: 'hub-team',
    remote_project_id: TEAM_PROJECT.id,
    remote_project_name: 'Forecasts',
    readme: null,
    integrations: [{ id: 'intg-1', name: 'Warehouse', kind: 'postgres', scope: 'project' }],
    fetched_at: '2026-03-02T11:00:00.000Z',
    created_at: '2026-03-02T10:00:00.000Z',
    updated_at: '2026-03-02T11:00:00.000Z',
  },
  notebooks: [
    notebook('Demand model', 'in_step', 1),
    notebook('Cleaning', 'ahead', 2, { workspace: 'ahead' }),
    notebook('Weather join', 'behind', 3),
    notebook('Holiday effects', 'diverged', 4, { conflict: true, workspace: 'diverged' }),
    notebook('Scratch', 'local_only', 5),
    notebook('New on the team hub', 'remote_only', 6),
  ],
  summary: { in_step: 1, ahead: 1, behind: 1, diverged: 1, local_only: 1, remote_only: 1, conflicts: 1 },
};

export const UNLINKED: ProjectRemote = {
  linked: false,
  link: null,
  notebooks: [notebook('Scratch', 'local_only', 5)],
  summary: { in_step: 0, ahead: 0, behind: 0, diverged: 0, local_only: 1, remote_only: 0, conflicts: 0 },
};

const side = (code: string, message: string, author: string, version_id: string) => ({
  code,
  message,
  author,
  version_id,
  saved_at: '2026-03-02T10:30:00.000Z',
});

export const code = (...lines: string[]) => `${lines.join('\n')}\n`;

export const CONFLICT: RemoteConflict = {
  notebook_id: 'nb-0000000000000004',
  remote_notebook_id: 'nb-team00000000004',
  detected_at: '2026-03-02T11:00:00.000Z',
  detected_by: 'push',
  workspace: null,
  base: side(code('import marimo', 'rate = 1', 'days = 7', 'print(rate)'), 'Base', 'ada', 'ver-base'),
  mine: side(code('import marimo', 'rate = 2', 'days = 7', 'print(rate)'), 'Faster rate', 'ada', 'ver-mine'),
  theirs: side(code('import marimo', 'rate = 3', 'days = 14', 'print(rate)'), 'Two weeks', 'bob@team', 'ver-theirs'),
};
