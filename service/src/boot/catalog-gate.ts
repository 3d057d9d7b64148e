import type { AuditLog } from '../core/audit/audit-log.js';
import type { Catalog } from '../core/catalog/catalog.js';
import { HubError, NotInitializedError } from '../core/errors.js';
import type { Logger } from '../core/ports/logger.js';

/**
 * Stands between requests and a catalog that may not be usable yet. A new, empty store is
 * initialized (once, by whichever replica wins); a store that holds data but has lost its catalog
 * is never repaired here: every request gets NOT_INITIALIZED until an operator runs recovery.
 */
export class CatalogGate {
  private ready = false;
  private inFlight: Promise<void> | null = null;

  constructor(
    private readonly catalog: Catalog,
    private readonly audit: AuditLog,
    private readonly logger: Logger,
  ) {}

  get isReady(): boolean {
    return this.ready;
  }

  /** Resolves when the catalog is usable; throws NOT_INITIALIZED or SERVICE_UNAVAILABLE otherwise. */
  async ensureReady(): Promise<void> {
    if (this.ready) return;
    this.inFlight ??= this.check().finally(() => (this.inFlight = null));
    return this.inFlight;
  }

  private async check(): Promise<void> {
    let outcome;
    try {
      outcome = await this.catalog.initialize();
    } catch (error) {
      throw new HubError('SERVICE_UNAVAILABLE', 'the object store cannot be reached; retry shortly', undefined, {
        cause: error,
        retryAfterSeconds: 5,
      });
    }
    if (outcome === 'recovery-required') {
      this.logger.error({ event: 'catalog_recovery_required' }, 'the store holds data but its catalog is missing; run notebook-hub recover');
      throw new NotInitializedError('the store holds data but its catalog pointer or current snapshot is missing');
    }
    if (outcome === 'created') {
      await this.audit.append({ event: 'system.initialize', actor: 'system', metadata: {} });
      this.logger.info({ event: 'catalog_initialized' }, 'catalog_initialized');
    }
    this.ready = true;
  }
}
