import type { FastifyInstance } from 'fastify';
import { CatalogGate } from './boot/catalog-gate.js';
import { openObjectStore } from './config/compose.js';
import type { HubSettings } from './config/settings.js';
import { AuditLog } from './core/audit/audit-log.js';
import { Catalog } from './core/catalog/catalog.js';
import type { ObjectStore } from './core/store/object-store.js';
import { preflightStore } from './core/store/preflight.js';
import { buildHttpApp } from './http/app.js';
import { createLogger, type HubLogger } from './telemetry/logger.js';

export interface CreateHubOptions {
  settings: HubSettings;
  logger?: HubLogger;
  /** Overrides the store chosen by `settings.storage` (embedding hosts and tests). */
  store?: ObjectStore;
}

export interface Hub {
  readonly app: FastifyInstance;
  readonly store: ObjectStore;
  readonly catalog: Catalog;
  readonly logger: HubLogger;
  /** Starts listening; resolves to the base URL. */
  listen(): Promise<string>;
  close(): Promise<void>;
}

/** A misconfiguration that must stop start-up (the process exits non-zero). */
export class BootError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BootError';
  }
}

/** Builds the whole service from a plain configuration. Both hosts (headless, desktop) call this. */
export async function createHub(options: CreateHubOptions): Promise<Hub> {
  const { settings } = options;
  const logger = options.logger ?? createLogger(settings.logLevel);
  const store = options.store ?? openObjectStore(settings.storage);

  const preflight = await preflightStore(store);
  if (preflight.outcome === 'ignores-conditional-writes') {
    await store.close();
    throw new BootError(
      `the object store at ${store.location} does not honour conditional writes (${preflight.detail}); sharing it would lose updates, so the hub will not start. Use a store with S3 conditional-write support.`,
    );
  }
  if (preflight.outcome === 'unreachable') {
    logger.error({ event: 'storage_preflight_failed', storage: store.kind, err: preflight.error }, 'storage_preflight_failed');
  }

  const catalog = new Catalog(store);
  const audit = new AuditLog(store);
  const catalogGate = new CatalogGate(catalog, audit, logger);
  if (preflight.outcome === 'ok') {
    // Initialize eagerly so a fresh store is ready before the first request; failures are served
    // as NOT_INITIALIZED or SERVICE_UNAVAILABLE by the gate instead of stopping the process.
    await catalogGate.ensureReady().catch(() => {});
  }

  const app = buildHttpApp({ logger, catalogGate });
  let closed = false;
  return {
    app,
    store,
    catalog,
    logger,
    async listen() {
      const address = await app.listen({ host: settings.host, port: settings.port });
      logger.info({ event: 'server_started', address, version: settings.version, storage: store.kind }, 'server_started');
      return address;
    },
    async close() {
      if (closed) return;
      closed = true;
      await app.close();
      await store.close();
    },
  };
}
