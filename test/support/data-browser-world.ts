import { projectWithRoles, type ProjectWithRoles } from './alert-fixtures.js';
import { recordingCalls } from './integration-fixtures.js';
import { startTestHub, type CallOptions, type CallResult, type TestHub } from './test-hub.js';

/** A hub that may reach the data servers of this machine (127.0.0.1), with a project whose members have every role. */
export interface DataBrowserWorld {
  t: TestHub;
  p: ProjectWithRoles;
  /** Every answer's text is kept in `seen`, to prove that none held a secret. */
  seen: string[];
  call(path: string, options?: CallOptions): Promise<CallResult>;
  /** `/api/v1/projects/<pid>/data` */
  data: string;
  /** Creates an integration as the project's manager; answers its id. */
  integration(body: Record<string, unknown>): Promise<string>;
  close(): Promise<void>;
}

export async function startDataBrowserWorld(env: Record<string, string> = {}): Promise<DataBrowserWorld> {
  const hub: { t?: TestHub } = {};
  const { seen, call } = recordingCalls(() => hub.t!);
  const t = (hub.t = await startTestHub({
    captureLogs: true,
    env: { SERVICE_OUTBOUND_ALLOWED_NETWORKS: '127.0.0.1', SERVICE_INTEGRATIONS_ALLOW_HTTP: 'true', ...env },
  }));
  const p = await projectWithRoles(t, 'data-browser');
  return {
    t,
    p,
    seen,
    call,
    data: `/api/v1/projects/${p.id}/data`,
    async integration(body) {
      const created = await call(`/api/v1/projects/${p.id}/integrations`, { method: 'POST', token: p.tokens.manager, body });
      if (created.status !== 201) throw new Error(`integration create failed: ${created.status} ${created.text}`);
      return created.json.data.id as string;
    },
    close: () => t.close(),
  };
}

export const stored = (value: string) => ({ source: 'stored', value });
