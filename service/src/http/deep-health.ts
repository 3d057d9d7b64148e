import { preflightStore } from '../core/store/preflight.js';
import type { HubSettings } from '../config/settings.js';
import type { ObjectStore } from '../core/ports/object-store.js';
import type { SandboxDriver } from '../core/ports/sandbox-driver.js';

export interface HealthCheck {
  name: string;
  status: 'ok' | 'failed' | 'skipped';
  duration_ms: number;
  detail?: string;
}

const CHECK_TIMEOUT_MS = 5000;

/** A check whose subject may be turned off: then it is reported `skipped`, with why. */
export type CheckResult = string | { skipped: string };

/** The workload identity check, which the federation feature answers (docs/federation.md). */
export interface WorkloadIdentityPreflight {
  /** Resolves with what was verified, or skipped; rejects with what is wrong. */
  preflight(): Promise<CheckResult>;
}

/** What the deep health check probes. */
export interface DeepHealthServices {
  store: ObjectStore;
  settings: Pick<HubSettings, 'auth'>;
  sandboxes: Pick<SandboxDriver, 'kind' | 'list'>;
  /** Absent where no feature issues workload identity tokens: the check is then skipped. */
  workloadIdentityPreflight?: WorkloadIdentityPreflight;
}

/** The preflight suite: storage, identity provider, compute, workload identity (docs/maintenance.md). */
export async function runDeepHealth(services: DeepHealthServices): Promise<HealthCheck[]> {
  return Promise.all([
    timed('storage', async () => {
      const result = await preflightStore(services.store);
      if (result.outcome === 'ok') return 'read, conditional write and delete succeeded';
      throw new Error(result.outcome === 'unreachable' ? result.error.message : result.detail);
    }),
    timed('identity', async () => {
      const oidc = services.settings.auth.oidc;
      if (!oidc) return 'local login';
      const url = `${oidc.issuer.replace(/\/$/, '')}/.well-known/openid-configuration`;
      const response = await fetch(url, { signal: AbortSignal.timeout(CHECK_TIMEOUT_MS) });
      if (!response.ok) throw new Error(`discovery document answered ${response.status}`);
      return `issuer ${oidc.issuer} reachable`;
    }),
    timed('compute', async () => {
      // Listing this deployment's sandboxes needs the backend (the Docker engine, the local
      // sandbox directory) without creating anything.
      const sandboxes = await services.sandboxes.list();
      return `${services.sandboxes.kind} driver answers; ${sandboxes.length === 0 ? 'no sandboxes' : sandboxes.length === 1 ? 'one sandbox' : `${sandboxes.length} sandboxes`} of this deployment`;
    }),
    services.workloadIdentityPreflight
      ? timed('workload-identity', () => services.workloadIdentityPreflight!.preflight())
      : Promise.resolve<HealthCheck>({ name: 'workload-identity', status: 'skipped', duration_ms: 0, detail: 'not configured' }),
  ]);
}

export async function timed(name: string, check: () => Promise<CheckResult>): Promise<HealthCheck> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    const detail = await Promise.race([
      check(),
      new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS))),
    ]);
    if (typeof detail !== 'string') return { name, status: 'skipped', duration_ms: elapsed(started), detail: detail.skipped };
    return { name, status: 'ok', duration_ms: elapsed(started), detail };
  } catch (error) {
    return { name, status: 'failed', duration_ms: elapsed(started), detail: error instanceof Error ? error.message : String(error) };
  } finally {
    clearTimeout(timer);
  }
}

const elapsed = (started: number) => Math.round((performance.now() - started) * 100) / 100;
