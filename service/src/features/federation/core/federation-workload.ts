import {
  NOTHING_RECEIVED,
  type WorkloadEnvironment,
  type WorkloadProvider,
  type WorkloadRefresh,
  type WorkloadStart,
} from '../../../core/sandboxes/workload-environment.js';
import type { WorkloadCredentials } from './workload-credentials.js';

/**
 * What a sandbox receives of its project's federation (docs/federation.md, "What a sandbox
 * receives"): the token file and the variables the cloud SDKs read. Edit sessions of a starter who
 * may use the project's integrations and job runs get it; app sessions do not (a viewer's app runs
 * without the project's cloud role), and preview sessions never ask. While the sandbox runs, its
 * token is written again before it expires (docs/federation.md, "Refreshing"), under the same rule:
 * a session or run whose user may no longer use the project's integrations gets no new token.
 */
export function federationWorkload(credentials: Pick<WorkloadCredentials, 'forStart' | 'refresh'>): WorkloadProvider {
  return {
    async environmentFor(start: WorkloadStart): Promise<WorkloadEnvironment | null> {
      const workload = workloadOf(start);
      if (workload === null) return null;
      const grant = await credentials.forStart(workload);
      if (grant === null) return null;
      return {
        secrets: { env: grant.env, files: grant.files, fileEnv: grant.fileEnv },
        received: { ...NOTHING_RECEIVED, variables: [...Object.keys(grant.env), ...Object.keys(grant.fileEnv)], federation_token: true },
        refreshAt: grant.refreshAt,
      };
    },
    async refreshFor(start: WorkloadStart): Promise<WorkloadRefresh | null> {
      const workload = workloadOf(start);
      if (workload === null) return null;
      const refresh = await credentials.refresh(workload);
      return refresh && { files: refresh.files, refreshAt: refresh.refreshAt };
    },
  };
}

function workloadOf(start: WorkloadStart): Parameters<WorkloadCredentials['forStart']>[0] | null {
  const { projectId, notebookId } = start;
  if (start.mode === 'run') {
    return start.jobId && start.runId && start.mayUse !== false ? { projectId, notebookId, jobId: start.jobId, runId: start.runId } : null;
  }
  if (start.mode !== 'edit' || start.mayUse === false || !start.sessionId) return null;
  return { projectId, notebookId, userId: start.userId, sessionId: start.sessionId };
}
