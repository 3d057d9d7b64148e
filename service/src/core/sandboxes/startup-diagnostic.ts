import { randomUUID } from 'node:crypto';
import type { AuditLog } from '../audit/audit-log.js';
import { HubError } from '../errors.js';
import type { ObjectStore } from '../ports/object-store.js';
import type { Logger } from '../ports/logger.js';
import type { SandboxDiagnostics, SandboxStartupReport } from '../ports/sandbox-diagnostics.js';
import { Lease } from '../records/lease.js';
import { layout } from '../storage-layout.js';

/** What to start: every field optional (the deployment's default image and first compute profile). */
export interface StartupDiagnosticInput {
  image?: string;
  computeProfile?: string;
  /** Also time a fresh package install in the sandbox. */
  environmentSetupBenchmark?: boolean;
}

export interface StartupDiagnosticDeps {
  store: ObjectStore;
  diagnostics: SandboxDiagnostics;
  audit: AuditLog;
  /** The deployment's sandbox images (capabilities.sandbox_images). */
  images: readonly string[];
  /** The sandbox readiness timeout (SERVICE_SANDBOX_STARTUP_TIMEOUT_SECONDS). */
  readinessTimeoutMs: number;
  /** This process among replicas; names the holder of the lease. */
  instanceId: string;
}

/**
 * The sandbox start-up diagnostic (docs/sandboxes.md): one active run per requester across every replica
 * (a lease in the store, RESOURCE_EXHAUSTED for a second one), audited, its sandbox always
 * destroyed by the diagnostic itself. Who may run it is the caller's decision.
 */
export class StartupDiagnostic {
  constructor(private readonly deps: StartupDiagnosticDeps) {}

  async run(requester: string, input: StartupDiagnosticInput, options: { logger?: Logger } = {}): Promise<SandboxStartupReport> {
    const { deps } = this;
    if (input.image !== undefined && !deps.images.includes(input.image)) {
      throw new HubError('VALIDATION_ERROR', `image ${input.image} is not one of this deployment's sandbox images`, [
        { field: 'image', message: 'not in capabilities.sandbox_images' },
      ]);
    }
    const lease = new Lease(deps.store, layout.lease(`diagnostic-${requester}`), {
      holder: `${deps.instanceId}/${randomUUID()}`,
      // Long enough for the slowest run (readiness timeout plus the install benchmark).
      ttlMs: 2 * deps.readinessTimeoutMs + 10 * 60_000,
    });
    if (!(await lease.acquire())) {
      throw new HubError('RESOURCE_EXHAUSTED', 'a sandbox start-up diagnostic of yours is already running; wait for it to finish', undefined, {
        retryAfterSeconds: 10,
      });
    }
    try {
      const report = await deps.diagnostics.runStartupDiagnostic(
        {
          ...(input.image !== undefined ? { image: input.image } : {}),
          ...(input.computeProfile !== undefined ? { compute_profile: input.computeProfile } : {}),
          ...(input.environmentSetupBenchmark !== undefined ? { environment_setup_benchmark: input.environmentSetupBenchmark } : {}),
        },
        { readinessTimeoutMs: deps.readinessTimeoutMs, ...(options.logger ? { logger: options.logger } : {}) },
      );
      await deps.audit.append({
        event: 'admin.sandbox_diagnostic',
        actor: requester,
        metadata: { ok: report.ok, sandbox_id: report.sandbox_id, image: report.image, compute_profile: report.compute_profile },
      });
      return report;
    } finally {
      await lease.release();
    }
  }
}
