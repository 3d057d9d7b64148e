/**
 * The only place that picks concrete adapters from settings. Adapters the settings do not name are
 * never loaded: each is imported on demand, so the default configuration (fs store, local login,
 * local sandboxes, telemetry off) starts without the S3 client, Docker's client, the OpenID client
 * or the OpenTelemetry SDK.
 */
import { chmod, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { lockedEnvironmentsDriver } from '../config/settings-environments.js';
import type { OidcSettings } from '../config/settings-auth.js';
import { ConfigError, type HubSettings, type LogLevel, type StorageSettings } from '../config/settings.js';
import type { IdentityProvider } from '../core/ports/identity-provider.js';
import type { OutboundClient } from '../adapters/outbound/outbound-client.js';
import type { KernelHealth } from '../core/ports/kernel-health.js';
import type { Logger } from '../core/ports/logger.js';
import type { NotebookRuntime } from '../core/ports/notebook-runtime.js';
import type { ObjectStore } from '../core/ports/object-store.js';
import { CONTAINER_ENVIRONMENTS_DIR } from '../core/ports/environment-cache.js';
import type { SandboxDriver } from '../core/ports/sandbox-driver.js';
import type { SurfaceLauncher } from '../core/ports/surface-launcher.js';
import { NO_TELEMETRY, type Telemetry } from '../core/ports/telemetry.js';
import { FsObjectStore } from '../adapters/store/fs-store.js';
import { createLogger, infoLine, type HubLogger } from '../adapters/telemetry/logger.js';
import type { InfoLineWriter } from '../http/request-log.js';

export type { HubLogger };

/** The process's logger: one JSON line per event on stdout (or the given destination). */
export function openLogger(level: LogLevel, destination?: NodeJS.WritableStream): HubLogger {
  return createLogger(level, destination);
}

/** The request line's shortcut for a logger of {@link openLogger} (others log the usual way). */
export function infoLineOf(logger: object): InfoLineWriter {
  return (members, message, levelOf) => infoLine(logger, members, message, levelOf);
}

export async function openObjectStore(settings: StorageSettings): Promise<ObjectStore> {
  switch (settings.kind) {
    case 'fs':
      return new FsObjectStore(settings.root);
    case 'memory': {
      const { MemoryObjectStore } = await import('../adapters/store/memory-store.js');
      return new MemoryObjectStore();
    }
    case 's3': {
      const { S3ObjectStore } = await import('../adapters/store/s3-store.js');
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
}

/**
 * The store for a command that works on the hub's data while no hub runs (token create, recover):
 * a store in memory lives inside one hub process, so such a command could only reach an empty one.
 */
export async function openObjectStoreOffline(settings: StorageSettings): Promise<ObjectStore> {
  if (settings.kind === 'memory') {
    throw new ConfigError('SERVICE_STORAGE', 'is memory: that store lives inside one hub process and is gone when it exits, so no command can reach it');
  }
  return openObjectStore(settings);
}

/** The sandbox driver the settings name. `ownerId` marks the sandboxes of this deployment. */
export async function openSandboxDriver(settings: HubSettings, ownerId: string): Promise<SandboxDriver> {
  const { sandboxes } = settings;
  switch (sandboxes.driver) {
    case 'local': {
      const { LocalSandboxDriver } = await import('@notebook-hub/sandbox-drivers/local');
      return new LocalSandboxDriver({
        ownerId,
        dataDir: settings.dataDir,
        ...(sandboxes.runtimeDir ? { runtimeDir: sandboxes.runtimeDir } : {}),
        ...(sandboxes.wheelhouse ? { wheelhouse: sandboxes.wheelhouse } : {}),
      });
    }
    case 'docker': {
      const { DockerSandboxDriver } = await import('@notebook-hub/sandbox-drivers/docker');
      // Containers see the built environments read-only (docs/environments.md); the folder must exist to be mounted.
      const environments = lockedEnvironmentsDriver(settings.environments, 'docker', sandboxes.dockerHost) === 'docker';
      const envs = path.join(settings.environments.cacheDir, 'envs');
      if (environments) {
        await mkdir(envs, { recursive: true });
        await chmod(envs, 0o755);
      }
      return new DockerSandboxDriver({
        ownerId,
        image: sandboxes.defaultImage,
        ...(sandboxes.dockerHost ? { docker: sandboxes.dockerHost } : {}),
        ...(environments ? { mounts: [{ source: envs, target: CONTAINER_ENVIRONMENTS_DIR, readOnly: true }] } : {}),
      });
    }
    case 'kubernetes': {
      const { KubernetesSandboxDriver, loadKubeConfig, sandboxNamespace } = await import('@notebook-hub/sandbox-drivers/kubernetes');
      const k8s = sandboxes.kubernetes;
      return new KubernetesSandboxDriver({
        ownerId,
        kubeConfig: loadKubeConfig(k8s),
        namespace: sandboxNamespace(k8s.namespace),
        image: sandboxes.defaultImage,
        imagePullPolicy: k8s.imagePullPolicy,
        gpuResource: k8s.gpuResource,
        requestRatio: k8s.requestRatio,
        nodeSelector: k8s.nodeSelector,
        tolerations: k8s.tolerations,
        imagePullSecrets: k8s.imagePullSecrets,
        // The provider's cap: twice a session's lifetime (docs/sessions.md), never extended.
        lifetimeCapSeconds: 2 * settings.sessions.lifetimeSeconds,
        exposure: k8s.exposure,
        hubPeers: { podLabels: k8s.hubPodLabels, ...(k8s.hubNamespace ? { namespace: k8s.hubNamespace } : {}), cidrs: k8s.hubCidrs },
        startTimeoutMs: sandboxes.startupTimeoutSeconds * 1000,
      });
    }
  }
}

/** The notebook runtime (marimo) on top of a sandbox driver, and how its kernels' health is probed. */
export async function openNotebookRuntime(sandboxes: SandboxDriver): Promise<{ runtime: NotebookRuntime; kernels: KernelHealth }> {
  const { MarimoRuntime, MarimoHealth } = await import('@notebook-hub/sandbox-drivers');
  return { runtime: new MarimoRuntime(sandboxes), kernels: new MarimoHealth() };
}

/**
 * What starts VS Code and OpenCode in sandboxes (docs/surfaces.md): from the sandbox image on
 * Docker and Kubernetes, from an install on this machine for the local driver. Not loaded when no
 * surface is enabled.
 */
export async function openSurfaceLauncher(settings: HubSettings, sandboxes: SandboxDriver): Promise<SurfaceLauncher | null> {
  if (settings.sessions.surfaces.length === 0) return null;
  const { DriverSurfaceLauncher, IMAGE_SURFACES, localSurfaceBinaries } = await import('@notebook-hub/sandbox-drivers/surfaces');
  const binaries =
    settings.sandboxes.driver === 'local'
      ? localSurfaceBinaries(settings.sessions.surfaceRuntimeDir ?? path.join(settings.dataDir, 'surfaces'))
      : IMAGE_SURFACES;
  return new DriverSurfaceLauncher(sandboxes, binaries);
}

/** The OpenID Connect provider of an OIDC login; discovery happens on first use, not here. */
export async function openIdentityProvider(settings: OidcSettings, outbound: OutboundClient): Promise<IdentityProvider> {
  const { OidcClient } = await import('../adapters/oidc/oidc-client.js');
  return new OidcClient(settings, outbound);
}

/**
 * The telemetry adapter: OpenTelemetry when a signal is exported (metrics, spans, log lines),
 * no-op otherwise; the SDK is not even loaded then. `instanceId` becomes `service.instance.id`.
 */
export async function openTelemetry(settings: HubSettings, instanceId: string, logger: Logger): Promise<Telemetry> {
  const { metrics, traces, logs } = settings.telemetry;
  reportSignalsOff(settings.telemetry, logger);
  if (metrics.exporter === 'off' && traces.exporter === 'off' && logs.exporter === 'off') return NO_TELEMETRY;
  const { startOtelTelemetry } = await import('../adapters/telemetry/otel.js');
  return startOtelTelemetry(settings.telemetry, { version: settings.version, instanceId }, logger);
}

/** docs/telemetry.md turns an unknown exporter into "nothing exported"; an operator still deserves to hear of the typo. */
function reportSignalsOff(telemetry: HubSettings['telemetry'], logger: Logger): void {
  const signals = [
    ['metrics', telemetry.metrics, ['otlp', 'prometheus', 'none']],
    ['traces', telemetry.traces, ['otlp', 'none']],
    ['logs', telemetry.logs, ['otlp', 'none']],
  ] as const;
  for (const [signal, exporting, supported] of signals) {
    if (exporting.exporter !== 'off') continue;
    if (exporting.reason === 'unknown_exporter') {
      logger.warn(
        { event: `otel_${signal}_exporter_unknown`, value: exporting.value, supported },
        `OTEL_${signal.toUpperCase()}_EXPORTER is not supported: ${signal} are off`,
      );
    } else {
      logger.debug({ event: 'otel_disabled', signal, reason: exporting.reason }, 'otel_disabled');
    }
  }
}

/**
 * Owner-only modes on an fs store (docs/secrets-at-rest.md): a store written by an older hub, or
 * restored with loose modes, is fixed at start. Logs how many folders and files it changed.
 */
export async function tightenStoreModes(store: ObjectStore, logger: Logger): Promise<void> {
  if (!(store instanceof FsObjectStore)) return;
  try {
    const changed = await store.tightenModes();
    if (changed.directories + changed.files > 0) {
      logger.warn(
        { event: 'fs_store_modes_fixed', directories: changed.directories, files: changed.files },
        'took group and other permissions away from store folders and files',
      );
    }
  } catch (error) {
    logger.error({ event: 'fs_store_modes_failed', err: error }, 'could not make the store owner-only');
  }
}
