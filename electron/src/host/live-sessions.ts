import type { Hub } from '@notebook-hub/service/compose/hub.js';
import type { SessionsClosed } from './shutdown.js';

type HubParts = { services: Pick<Hub['services'], 'sessionStore' | 'sessions'>; logger: Pick<Hub['logger'], 'error'> };

/**
 * Stops every session that may still hold a sandbox, through the hub's own stop (the same as a
 * session's editor pressing stop, with `stop_reason: shutdown`): an edit session's notebook is
 * saved from its sandbox as a new version first, then its sandbox is destroyed. On a desktop the
 * app's processes must not outlive it, unlike a server's sandboxes, which survive a hub restart on
 * purpose (docs/desktop.md). Sessions are stopped together; one that fails is counted and logged,
 * and the next launch's lifecycle loop ends it.
 */
export async function closeLiveSessions({ services, logger }: HubParts): Promise<SessionsClosed> {
  const stops: Promise<unknown>[] = [];
  for await (const { projectId, sessionId } of services.sessionStore.active()) {
    stops.push(
      (async () => {
        const record = await services.sessionStore.get(projectId, sessionId);
        if (!record) return;
        await services.sessions.stop(projectId, sessionId, { reason: 'shutdown', save: true, actor: { id: record.user_id, email: '' } });
      })().catch((error: unknown) => {
        logger.error({ event: 'desktop_session_stop_failed', session_id: sessionId, err: error }, 'desktop_session_stop_failed');
        throw error;
      }),
    );
  }
  const outcomes = await Promise.allSettled(stops);
  const failed = outcomes.filter((outcome) => outcome.status === 'rejected').length;
  return { stopped: outcomes.length - failed, failed };
}
