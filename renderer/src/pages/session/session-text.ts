import type { SessionMode, SessionPhase, SessionState } from '../../api/sessions';

/** Start-up phases in the order a session goes through them (`ready` is the end, not a step). */
export const PHASES: readonly { phase: SessionPhase; label: string; description: string }[] = [
  { phase: 'queued', label: 'Queued', description: 'Waiting for its turn' },
  { phase: 'sandbox', label: 'Sandbox', description: 'Creating the sandbox' },
  { phase: 'files', label: 'Files', description: 'Copying the notebook and its files' },
  { phase: 'environment', label: 'Environment', description: 'Installing the dependencies' },
  { phase: 'server', label: 'Server', description: 'Starting marimo' },
];

export const STATE_LABELS: Record<SessionState, string> = {
  provisioning: 'Starting',
  running: 'Running',
  stopping: 'Stopping',
  stopped: 'Stopped',
  failed: 'Failed',
};

export const STATE_COLORS: Record<SessionState, string> = {
  provisioning: 'blue',
  running: 'green',
  stopping: 'yellow',
  stopped: 'gray.6',
  failed: 'red',
};

export const MODE_LABELS: Record<SessionMode, string> = { edit: 'Editor', app: 'App' };

/** Why a session ended, for its user (the API's stop_reason values). */
const STOP_REASONS: Record<string, string> = {
  user: 'It was stopped.',
  idle: 'It was idle for too long, so it was saved and stopped.',
  lifetime: 'It reached its maximum running time, so it was saved and stopped.',
  provider_cap: 'It reached the longest time a session may run, so it was saved and stopped.',
  takeover: 'Another editor took the notebook over; your work was saved first.',
  sandbox_lost: 'Its sandbox disappeared (the machine running it restarted or the sandbox was removed).',
  kernel_lost: 'Its notebook server stopped answering; what its sandbox held was saved.',
  provision_failed: 'It could not be started.',
  reclaim: 'An administrator released it.',
};

/** An app has nothing to save: its server died after it had already been started again once (docs/sessions.md). */
const APP_KERNEL_LOST = 'Its notebook server stopped again after it had been restarted once, so the app was stopped.';

/** Why a session ended; `session` (its mode, its restarts) makes the text fit an app. */
export function stopReasonText(reason: string | null, session?: { mode: SessionMode; restarts?: number }): string {
  if (!reason) return 'It is no longer running.';
  if (reason === 'kernel_lost' && session?.mode === 'app') return APP_KERNEL_LOST;
  return STOP_REASONS[reason] ?? `It ended (${reason}).`;
}

/**
 * A session back in `provisioning` after it ran is an app whose notebook server died, being
 * started again in a fresh sandbox under the same address: say so instead of "Starting".
 */
export function isRestarting(session: { state: SessionState; restarts?: number }): boolean {
  return session.state === 'provisioning' && (session.restarts ?? 0) > 0;
}

export const RESTARTING_LABEL = 'Restarting';
export const RESTARTING_TEXT = "The app's notebook server stopped. It is being started again in a fresh sandbox; this page reconnects when it is back.";

/** The state badge's text for a session. */
export function stateLabel(session: { state: SessionState; restarts?: number }): string {
  return isRestarting(session) ? RESTARTING_LABEL : STATE_LABELS[session.state];
}

export const notebookPath = (pid: string, nid: string) => `/projects/${pid}/notebooks/${nid}`;
export const sessionPath = (pid: string, nid: string, mode: SessionMode) => `${notebookPath(pid, nid)}/${mode}`;

type Role = 'admin' | 'manager' | 'editor' | 'viewer' | null | undefined;

/** The policy's session.stop: editors and above, for their own sessions; managers and admins, any. */
export function mayStopSession(role: Role, own: boolean): boolean {
  if (role === 'manager' || role === 'admin') return true;
  return role === 'editor' && own;
}
