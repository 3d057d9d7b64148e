import { newSessionId } from '../../service/src/core/ids.js';
import type { SessionMode, SessionRecord } from '../../service/src/core/sessions/session-model.js';

export const TEST_PROJECT_ID = 'proj-0000000000000001';
export const TEST_USER_ID = 'usr-0000000000000001';

/** A new session record as a start stores it (`provisioning`, `queued`), for tests of the session store's users. */
export function sessionRecord(mode: SessionMode = 'edit', notebookId = 'nb-0000000000000001'): SessionRecord {
  const at = new Date().toISOString();
  const id = newSessionId();
  return {
    schema_version: 1,
    id,
    project_id: TEST_PROJECT_ID,
    notebook_id: notebookId,
    mode,
    user_id: TEST_USER_ID,
    ephemeral: false,
    editor_sandbox_sharing: 'exclusive',
    state: 'provisioning',
    phase: 'queued',
    client: 'cli',
    base_version_id: 'ver-1',
    saved_code_hash: null,
    last_saved_at: null,
    entry_file: 'notebook.py',
    image: null,
    compute_profile: 'small',
    sandbox: null,
    endpoint: null,
    warm: false,
    secret: 'secret',
    runtime_env: {},
    base_url: `/s/${id}`,
    created_at: at,
    started_at: null,
    stopping_since: null,
    stopped_at: null,
    last_activity_at: at,
    connected_until: null,
    expires_at: at,
    hard_stop_at: at,
    stop_reason: null,
    failure: null,
    sandbox_released: false,
    marimo_session_ids: [],
  };
}
