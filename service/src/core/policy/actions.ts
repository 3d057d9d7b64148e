/** Every action a route can name (docs/authorization.md). */
export const POLICY_ACTIONS = [
  'project.create',
  'admin.access',
  'org-integration.manage',
  'audit.global.read',
  'directory.search',
  'project.read',
  'project.update',
  'project.delete',
  'project.members.manage',
  'project.events.read',
  'project.alerts.manage',
  'notebook.write',
  'notebook.manage',
  'integration.read',
  'integration.use',
  'integration.manage',
  'change-request.publish',
  'security-labels.raise',
  'security-labels.lower',
  'session.attach',
  'session.stop',
  'session.surface',
  'session.proxy',
  'session.start',
] as const;

export type PolicyAction = (typeof POLICY_ACTIONS)[number];

export function isPolicyAction(value: string): value is PolicyAction {
  return (POLICY_ACTIONS as readonly string[]).includes(value);
}
