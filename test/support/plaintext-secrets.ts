import type { ObjectStore } from '../../service/src/core/ports/object-store.js';
import { jsonBody } from '../../service/src/core/store/cas.js';
import { layout } from '../../service/src/core/storage-layout.js';
import { sessionRecord, TEST_PROJECT_ID } from './session-record.js';

/** The repository the plaintext Git credentials are bound to, and the URL the hub fetches it from. */
export const BOUND_REPOSITORY = {
  binding: { provider: 'github', host_url: 'https://github.com', repositories: ['acme/notebooks'] },
  url: 'https://github.com/acme/notebooks.git',
};

/** Secrets as hubs from before sealing stored them, in plain text; each is recognisable in any file's bytes. */
export const PLAINTEXT_SECRETS = {
  readToken: 'ghp_oldreadtoken0123456789abcdefABCDEF',
  writeToken: 'ghp_oldwritetoken0123456789abcdefABCDE',
  webhookUrl: 'https://hooks.example.com/old/webhook-path-credential',
  signingSecret: 'whsec-old-signing-secret-4242',
  slackUrl: 'https://hooks.slack.com/services/T0LD/B0LD/old-slack-path-credential',
  sessionSecret: 'old-session-secret-abcdefghijklmnopqrstuvwxyz',
  surfaceSecret: 'old-surface-secret-abcdefghijklmnopqrstuvwxyz',
  warmSecret: 'old-warm-secret-abcdefghijklmnopqrstuvwxyz0123',
  syncToken: 'nbs_old-sync-token-in-a-replayable-response',
  codeVerifier: 'old-pkce-code-verifier-abcdefghijklmnopqrstuvwxyz0123',
} as const;

export interface PlaintextRecordKeys {
  projectId: string;
  credentials: string;
  alerts: string;
  session: string;
  sessionId: string;
  warm: string;
  replay: string;
  loginFlow: string;
}

/**
 * Writes one record of every kind that holds secrets the hub reads back, in the format of hubs
 * from before sealing: the secrets as plain strings.
 */
export async function writePlaintextRecords(store: ObjectStore, projectId: string = TEST_PROJECT_ID): Promise<PlaintextRecordKeys> {
  const s = PLAINTEXT_SECRETS;
  const at = '2024-05-01T10:00:00.000Z';
  const credentials = layout.gitCredentials(projectId);
  await store.put(
    credentials,
    jsonBody({
      username: 'x-access-token',
      read_token: s.readToken,
      write_token: s.writeToken,
      binding: BOUND_REPOSITORY.binding,
      updated_at: at,
      updated_by: 'usr-0000000000000001',
    }),
  );
  const alerts = layout.alertDestinations(projectId);
  const common = { kinds: ['member.added'], enabled: true, verified_at: null, created_by: 'usr-0000000000000001', created_at: at, updated_at: at };
  await store.put(
    alerts,
    jsonBody({
      schema_version: 1,
      project_id: projectId,
      destinations: [
        { id: 'alert-0000000000000001', type: 'webhook', name: 'hook', url: s.webhookUrl, signing_secret: s.signingSecret, ...common },
        { id: 'alert-0000000000000002', type: 'slack', name: 'chat', url: s.slackUrl, signing_secret: null, ...common },
      ],
    }),
  );
  const record = {
    ...sessionRecord(),
    project_id: projectId,
    state: 'stopped',
    secret: s.sessionSecret,
    surfaces: { vscode: { state: 'stopped', reason: null, started_at: null, sandbox_id: null, secret: s.surfaceSecret } },
  };
  const session = layout.session(projectId, record.id);
  await store.put(session, jsonBody(record));
  const warm = layout.warmSandbox('ses-00000000000000ff');
  await store.put(
    warm,
    jsonBody({
      schema_version: 1,
      session_id: 'ses-00000000000000ff',
      sandbox: { id: 'sbx-gone', driver: 'local', state: 'running', labels: {}, created_at: at },
      endpoint: { host: '127.0.0.1', port: 1 },
      secret: s.warmSecret,
      compute_profile: 'small',
      created_at: at,
    }),
  );
  const replay = layout.idempotency('usr-0000000000000001', 'a'.repeat(64));
  await store.put(
    replay,
    jsonBody({
      schema_version: 1,
      state: 'completed',
      request_hash: 'b'.repeat(64),
      created_at: at,
      status: 201,
      body: JSON.stringify({ success: true, data: { sync_token: s.syncToken } }),
    }),
  );
  const loginFlow = layout.loginFlow('c'.repeat(64));
  await store.put(
    loginFlow,
    jsonBody({ schema_version: 1, state: 'st', nonce: 'no', code_verifier: s.codeVerifier, return_to: '/', created_at: at, expires_at: at }),
  );
  return { projectId, credentials, alerts, session, sessionId: record.id, warm, replay, loginFlow };
}

/** Which of the plaintext secrets appear in these bytes. */
export function plaintextSecretsIn(bytes: Buffer | string): string[] {
  const text = typeof bytes === 'string' ? bytes : bytes.toString('latin1');
  return Object.values(PLAINTEXT_SECRETS).filter((secret) => text.includes(secret));
}
