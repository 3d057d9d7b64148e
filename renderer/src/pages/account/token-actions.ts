import type { TokenAction } from '../../api/tokens';

/** The actions a token may be narrowed to (the policy table in docs/authorization.md), grouped for the picker. */
export const TOKEN_ACTION_GROUPS: { group: string; items: { value: TokenAction; label: string }[] }[] = [
  {
    group: 'Projects',
    items: [
      { value: 'project.read', label: 'Read projects' },
      { value: 'project.create', label: 'Create projects' },
      { value: 'project.update', label: 'Change project settings' },
      { value: 'project.delete', label: 'Delete projects' },
      { value: 'project.members.manage', label: 'Manage members' },
      { value: 'project.events.read', label: 'Read audit logs' },
      { value: 'project.alerts.manage', label: 'Manage alert destinations' },
      { value: 'security-labels.raise', label: 'Raise security labels' },
      { value: 'security-labels.lower', label: 'Lower security labels' },
    ],
  },
  {
    group: 'Notebooks and sessions',
    items: [
      { value: 'notebook.write', label: 'Write notebooks' },
      { value: 'notebook.manage', label: 'Manage notebooks' },
      { value: 'change-request.publish', label: 'Publish change requests' },
      { value: 'session.start', label: 'Start sessions' },
      { value: 'session.attach', label: 'Attach to sessions' },
      { value: 'session.stop', label: 'Stop sessions' },
      { value: 'session.surface', label: 'Open VS Code / OpenCode' },
      { value: 'session.proxy', label: 'Reach running notebooks' },
    ],
  },
  {
    group: 'Integrations',
    items: [
      { value: 'integration.read', label: 'Read integrations' },
      { value: 'integration.use', label: 'Use integrations' },
      { value: 'integration.manage', label: 'Manage integrations' },
      { value: 'org-integration.manage', label: 'Manage organization integrations' },
    ],
  },
  {
    group: 'Hub',
    items: [
      { value: 'directory.search', label: 'Search users' },
      { value: 'admin.access', label: 'Admin pages' },
      { value: 'audit.global.read', label: 'Read the hub audit log' },
    ],
  },
];

const LABELS = new Map<string, string>(TOKEN_ACTION_GROUPS.flatMap((group) => group.items.map((item) => [item.value, item.label] as const)));

export function actionLabel(action: string): string {
  return LABELS.get(action) ?? action;
}
