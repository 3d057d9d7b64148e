/** Plain words for the alert kinds (docs/alerts.md); a kind this UI does not know shows its name. */
const KIND_LABELS: Record<string, string> = {
  'member.invited': 'Someone is invited',
  'member.added': 'A member is added',
  'member.role_changed': "A member's role changes",
  'member.removed': 'A member is removed',
  'session.takeover': 'An edit session is taken over',
  'notebook.deleted': 'A notebook is deleted',
  'project.deleted': 'The project is deleted',
  'app.start_failed': 'An app fails to start',
  'app.unavailable': 'An app becomes unavailable',
  'sync.failed': 'A Git sync fails',
  'job.run.failed': 'A job run fails',
  'job.run.succeeded': 'A job run succeeds',
  unknown: 'A kind this hub does not know',
};

export function kindLabel(kind: string): string {
  return KIND_LABELS[kind] ?? kind;
}
