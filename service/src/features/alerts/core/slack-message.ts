import type { AlertPayload } from './alert-payload.js';

const TITLES: Record<string, string> = {
  'member.invited': 'Member invited',
  'member.added': 'Member added',
  'member.role_changed': 'Member role changed',
  'member.removed': 'Member removed',
  'session.takeover': 'Editing session taken over',
  'notebook.deleted': 'Notebook deleted',
  'project.deleted': 'Project deleted',
  'app.start_failed': 'App failed to start',
  'app.unavailable': 'App unavailable',
  'sync.failed': 'Sync failed',
  'job.run.failed': 'Job run failed',
  'job.run.succeeded': 'Job run succeeded',
  'alert.test': 'Test alert: this destination is connected',
};

const MAX_DETAILS = 8;
const MAX_VALUE_LENGTH = 200;

/** Slack treats `&`, `<` and `>` as markup; anything from users is escaped so it shows as typed. */
function escape(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

function detailLines(data: Record<string, unknown>): string[] {
  return Object.entries(data)
    .filter((entry): entry is [string, string | number | boolean] => ['string', 'number', 'boolean'].includes(typeof entry[1]))
    .slice(0, MAX_DETAILS)
    .map(([key, value]) => `• ${escape(key)}: ${escape(String(value).slice(0, MAX_VALUE_LENGTH))}`);
}

/** The message text of a Slack (incoming-webhook) delivery, in Slack's mrkdwn. */
export function slackText(payload: AlertPayload): string {
  const title = TITLES[payload.kind] ?? escape(payload.kind);
  return [`*${title}* in project *${escape(payload.project_name)}*`, ...detailLines(payload.data), `_${escape(payload.actor)} · ${payload.occurred_at}_`].join(
    '\n',
  );
}
