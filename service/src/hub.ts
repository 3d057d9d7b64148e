import type { FastifyInstance } from 'fastify';
import { openObjectStore } from './config/compose.js';
import type { HubSettings } from './config/settings.js';
import type { ObjectStore } from './core/store/object-store.js';
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
  readonly logger: HubLogger;
  /** Starts listening; resolves to the base URL. */
  listen(): Promise<string>;
  close(): Promise<void>;
}

/** Builds the whole service from a plain configuration. Both hosts (headless, desktop) call this. */
export async function createHub(options: CreateHubOptions): Promise<Hub> {
  const { settings } = options;
  const logger = options.logger ?? createLogger(settings.logLevel);
  const store = options.store ?? openObjectStore(settings.storage);
  const app = buildHttpApp({ logger });
  let closed = false;
  return {
    app,
    store,
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
