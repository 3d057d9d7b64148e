import type { ObjectStore } from '../core/ports/object-store.js';
import { FsObjectStore } from '../adapters/store/fs-store.js';
import { S3ObjectStore } from '../adapters/store/s3-store.js';
import { DockerSandboxDriver } from '@notebook-hub/sandbox-drivers/docker';
import { LocalSandboxDriver } from '@notebook-hub/sandbox-drivers/local';
import type { SandboxDriver } from '../core/ports/sandbox-driver.js';
import type { Logger } from '../core/ports/logger.js';
import { startOtelTelemetry } from '../adapters/telemetry/otel.js';
import { NO_TELEMETRY, type Telemetry } from '../adapters/telemetry/telemetry.js';
import type { HubSettings, StorageSettings } from '../config/settings.js';

/** The only place that picks concrete storage adapters from settings. */
export function openObjectStore(settings: StorageSettings): ObjectStore {
  switch (settings.kind) {
    case 'fs':
      return new FsObjectStore(settings.root);
    case 's3':
      return new S3ObjectStore({
        endpoint: settings.endpoint,
        bucket: settings.bucket,
        region: settings.region,
        prefix: settings.prefix,
        forcePathStyle: settings.forcePathStyle,
        // Settings guarantee both or neither; neither means the default AWS credential chain.
        credentials:
          settings.accessKeyId !== undefined && settings.secretAccessKey !== undefined
            ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
            : undefined,
      });
  }
}

/** The only place that picks the sandbox driver. `ownerId` marks the sandboxes of this deployment. */
export function openSandboxDriver(settings: HubSettings, ownerId: string): SandboxDriver {
  const { sandboxes } = settings;
  switch (sandboxes.driver) {
    case 'local':
      return new LocalSandboxDriver({ ownerId, dataDir: settings.dataDir, ...(sandboxes.runtimeDir ? { runtimeDir: sandboxes.runtimeDir } : {}) });
    case 'docker':
      return new DockerSandboxDriver({ ownerId, image: sandboxes.defaultImage, ...(sandboxes.dockerHost ? { docker: sandboxes.dockerHost } : {}) });
  }
}

/**
 * The only place that picks the telemetry adapter: OpenTelemetry when an exporter is active, no-op
 * otherwise. `instanceId` becomes `service.instance.id`.
 */
export async function openTelemetry(settings: HubSettings, instanceId: string, logger: Logger): Promise<Telemetry> {
  const { metrics } = settings.telemetry;
  if (metrics.exporter !== 'off') return startOtelTelemetry(settings.telemetry, metrics, { version: settings.version, instanceId }, logger);
  // Spec 6.4 turns an unknown exporter into "no metrics"; an operator still deserves to hear of the typo.
  if (metrics.reason === 'unknown_exporter') {
    logger.warn(
      { event: 'otel_metrics_exporter_unknown', value: metrics.value, supported: ['otlp', 'prometheus', 'none'] },
      'OTEL_METRICS_EXPORTER is not supported: metrics are off',
    );
  } else {
    logger.debug({ event: 'otel_disabled', reason: metrics.reason }, 'otel_disabled');
  }
  return NO_TELEMETRY;
}
