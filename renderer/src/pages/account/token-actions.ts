import type { TokenAction } from '../../api/tokens';

/** How each action a token may be narrowed to reads in the picker (the policy table in docs/authorization.md). */
const ACTION_LABELS: Record<TokenAction, string> = {
  'project.read': 'Read projects',
  'project.create': 'Create projects',
  'project.update': 'Change project settings',
  'project.delete': 'Delete projects',
  'project.members.manage': 'Manage members',
  'project.events.read': 'Read audit logs',
  'project.alerts.manage': 'Manage alert destinations',
  'security-labels.raise': 'Raise security labels',
  'security-labels.lower': 'Lower security labels',
  'notebook.write': 'Write notebooks',
  'notebook.manage': 'Manage notebooks',
  'change-request.publish': 'Publish change requests',
  'session.start': 'Start sessions',
  'session.attach': 'Attach to sessions',
  'session.stop': 'Stop sessions',
  'session.surface': 'Open VS Code / OpenCode',
  'session.proxy': 'Reach running notebooks',
  'integration.read': 'Read integrations',
  'integration.use': 'Use integrations',
  'integration.manage': 'Manage integrations',
  'org-integration.manage': 'Manage organization integrations',
  'directory.search': 'Search users',
  'admin.access': 'Admin pages',
  'audit.global.read': 'Read the hub audit log',
};

const GROUPS = [
  {
    group: 'Projects',
    values: [
      'project.read',
      'project.create',
      'project.update',
      'project.delete',
      'project.members.manage',
      'project.events.read',
      'project.alerts.manage',
      'security-labels.raise',
      'security-labels.lower',
    ],
  },
  {
    group: 'Notebooks and sessions',
    values: [
      'notebook.write',
      'notebook.manage',
      'change-request.publish',
      'session.start',
      'session.attach',
      'session.stop',
      'session.surface',
      'session.proxy',
    ],
  },
  { group: 'Integrations', values: ['integration.read', 'integration.use', 'integration.manage', 'org-integration.manage'] },
  { group: 'Hub', values: ['directory.search', 'admin.access', 'audit.global.read'] },
] as const satisfies readonly { group: string; values: readonly TokenAction[] }[];

// A new action in the API breaks the type-check until it has a label (above) and a group (here).
const everyActionGrouped: [TokenAction] extends [(typeof GROUPS)[number]['values'][number]] ? true : false = true;
void everyActionGrouped;

/** The actions, grouped for the picker. */
export const TOKEN_ACTION_GROUPS: { group: string; items: { value: TokenAction; label: string }[] }[] = GROUPS.map(({ group, values }) => ({
  group,
  items: values.map((value) => ({ value, label: ACTION_LABELS[value] })),
}));

export function actionLabel(action: string): string {
  return ACTION_LABELS[action as TokenAction] ?? action;
}
