import type { AuditLog } from '../../../core/audit/audit-log.js';
import { UnreadableSecretError, type ConnectionTester, type ConnectionTestOutcome } from '../../../core/ports/connection-tester.js';
import { kindOf } from './kinds/index.js';
import type { IntegrationRecord, IntegrationScope } from './integration-records.js';
import { auditScope } from './integration-service.js';
import type { IntegrationSecrets } from './integration-secrets.js';

/** What "test connection" answers. */
export interface ConnectionTestResult {
  ok: boolean;
  checked_at: string;
  /** To a tenth of a millisecond: a check on a nearby server takes about one. */
  duration_ms: number;
  message: string;
}

export interface ConnectionChecksDeps {
  secrets: IntegrationSecrets;
  tester: ConnectionTester;
  audit: AuditLog;
  /** The longest a test may take (SERVICE_INTEGRATIONS_TEST_TIMEOUT_SECONDS). */
  timeoutMs: number;
  now?: () => Date;
}

/**
 * "Test connection" (docs/integrations.md): the integration's secrets resolved, one connection
 * attempt by its kind's tester, bounded in time; the outcome in words a person can act on, and
 * an audit entry that says whether it passed.
 */
export class ConnectionChecks {
  private readonly now: () => Date;

  constructor(private readonly deps: ConnectionChecksDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  async test(scope: IntegrationScope, record: IntegrationRecord, actor: string): Promise<ConnectionTestResult> {
    const started = performance.now();
    const checkedAt = this.now().toISOString();
    const outcome = await this.attempt(record);
    const result = { ok: outcome.ok, checked_at: checkedAt, duration_ms: Math.round((performance.now() - started) * 10) / 10, message: outcome.message };
    await this.deps.audit.append({
      event: 'integration.test',
      actor,
      ...auditScope(scope),
      metadata: { integration_id: record.id, kind: record.kind, name: record.name, version_id: record.version_id, ok: result.ok },
    });
    return result;
  }

  private async attempt(record: IntegrationRecord): Promise<ConnectionTestOutcome> {
    const kind = kindOf(record.kind);
    if (!kind?.testable || !this.deps.tester.kinds.includes(record.kind))
      return { ok: false, message: `${record.kind} integrations cannot be tested by this hub` };
    const controller = new AbortController();
    const seconds = Math.round(this.deps.timeoutMs / 1000);
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<ConnectionTestOutcome>((resolve) => {
      timer = setTimeout(() => {
        controller.abort();
        resolve({ ok: false, message: `the test did not finish within ${seconds} s: the host did not answer in time` });
      }, this.deps.timeoutMs);
    });
    try {
      return await Promise.race([deadline, this.run(record, controller.signal)]);
    } finally {
      clearTimeout(timer);
      controller.abort();
    }
  }

  private async run(record: IntegrationRecord, signal: AbortSignal): Promise<ConnectionTestOutcome> {
    let opened: Promise<Record<string, string>> | undefined;
    const secrets = () =>
      (opened ??= this.deps.secrets.resolveEach(record, signal).then(({ secrets, unresolved }) => {
        if (unresolved[0]) throw new UnreadableSecretError(unresolved[0].field, unresolved[0].message);
        return secrets;
      }));
    try {
      return await this.deps.tester.test({ kind: record.kind, config: record.config, secrets, signal });
    } catch (error) {
      if (error instanceof UnreadableSecretError) return { ok: false, message: `the secret ${error.field} cannot be read: ${error.message}` };
      throw error;
    }
  }
}
