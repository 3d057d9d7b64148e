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
  stopped: 'gray',
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

export function stopReasonText(reason: string | null): string {
  if (!reason) return 'It is no longer running.';
  return STOP_REASONS[reason] ?? `It ended (${reason}).`;
}

export const notebookPath = (pid: string, nid: string) => `/projects/${pid}/notebooks/${nid}`;
export const sessionPath = (pid: string, nid: string, mode: SessionMode) => `${notebookPath(pid, nid)}/${mode}`;

type Role = 'admin' | 'manager' | 'editor' | 'viewer' | null | undefined;

/** The policy's session.stop: editors and above, for their own sessions; managers and admins, any. */
export function mayStopSession(role: Role, own: boolean): boolean {
  if (role === 'manager' || role === 'admin') return true;
  return role === 'editor' && own;
}
