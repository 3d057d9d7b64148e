import type { RuntimeSession } from '../../../api/admin-types';

/** What each refusal the runtime listing predicts means for the admin (docs/sessions.md, "Reclaim"). */
export const BLOCKED_REASONS: Record<NonNullable<RuntimeSession['reclaim_blocked_reason']>, string> = {
  not_terminal: 'The session is still live: stop it first.',
  provision_grace: 'The session started moments ago: wait for its start-up grace period to pass.',
  teardown_grace: 'The session is shutting down: wait for its teardown grace period to pass.',
  attachment_unsupported: 'The sandbox provider cannot attach to save the notebook: reclaim without saving (unsaved edits are lost).',
};
