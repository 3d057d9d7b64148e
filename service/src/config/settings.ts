import os from 'node:os';
import path from 'node:path';
import envPaths from 'env-paths';
import { alertSettingDefinitions, readAlertSettings, type AlertSettings } from './settings-alerts.js';
import { authSettingDefinitions, readAuthSettings, type AuthSettings } from './settings-auth.js';
import { limitSettingDefinitions, readLimitSettings, type LimitSettings } from './settings-limits.js';
import { readSandboxSettings, sandboxSettingDefinitions, type SandboxSettings } from './settings-sandboxes.js';
import { readSecuritySettings, securitySettingDefinitions, type SecuritySettings } from './settings-security.js';
import { readSecretsSettings, secretsSettingDefinitions, type SecretsSettings } from './settings-secrets.js';
import { gitSettingDefinitions, readGitSettings, type GitSettings } from './settings-git.js';
import { integrationSettingDefinitions, readIntegrationSettings, type IntegrationSettings } from './settings-integrations.js';
import { dataBrowserSettingDefinitions, readDataBrowserSettings, type DataBrowserSettings } from './settings-data-browser.js';
import { outboundSettingDefinitions, readOutboundSettings, type OutboundSettings } from './settings-outbound.js';
import { jobSettingDefinitions, readJobSettings, type JobSettings } from './settings-jobs.js';
import { environmentSettingDefinitions, readEnvironmentSettings, type EnvironmentSettings } from './settings-environments.js';
import { federationSettingDefinitions, readFederationSettings, type FederationSettings } from './settings-federation.js';
import { readSessionSettings, sessionSettingDefinitions, type SessionSettings } from './settings-sessions.js';
import { readStorageSettings, storageSettingDefinitions, type StorageSettings } from './settings-storage.js';
import { readRemoteSettings, remoteSettingDefinitions, type RemoteSettings } from './settings-remotes.js';
import { readTelemetrySettings, telemetrySettingDefinitions, type TelemetrySettings } from './settings-telemetry.js';
import { ConfigError, httpUrl, integer, oneOf, strictBoolean, text, type Env, type SettingDefinition } from './parse.js';

export { ConfigError } from './parse.js';
export type { StorageSettings } from './settings-storage.js';
export type { AuthSettings, OidcSettings } from './settings-auth.js';
export type { LimitSettings } from './settings-limits.js';
export type { ComputeProfile, SandboxSettings } from './settings-sandboxes.js';
export type { SecuritySettings } from './settings-security.js';
export type { SecretsSettings } from './settings-secrets.js';
export type { SessionSettings } from './settings-sessions.js';
export type { AlertSettings } from './settings-alerts.js';
export type { JobSettings } from './settings-jobs.js';
export type { EnvironmentSettings } from './settings-environments.js';
export type { GitSettings } from './settings-git.js';
export type { FederationSettings } from './settings-federation.js';
export type { IntegrationSettings, SecretSourceSettings } from './settings-integrations.js';
export type { DataBrowserSettings } from './settings-data-browser.js';
export type { OutboundSettings } from './settings-outbound.js';
export type { RemoteSettings } from './settings-remotes.js';
export type { MetricsExport, TelemetrySettings } from './settings-telemetry.js';

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export interface HubSettings {
  host: string;
  port: number;
  /** Root of everything the hub keeps on local disk. */
  dataDir: string;
  /** The origin browsers use to reach the hub (behind a proxy); null: the listen address. */
  publicUrl: string | null;
  /**
   * The path the hub is served under, from SERVICE_PUBLIC_URL's path (docs/deploy.md, "Behind a
   * reverse proxy"): `/notebooks`, or `''` when the hub is at the root. No trailing slash.
   */
  basePath: string;
  storage: StorageSettings;
  /** The deployment key that seals the secrets the hub stores (docs/secrets-at-rest.md). */
  secrets: SecretsSettings;
  auth: AuthSettings;
  limits: LimitSettings;
  sandboxes: SandboxSettings;
  security: SecuritySettings;
  sessions: SessionSettings;
  alerts: AlertSettings;
  /** Scheduled and on-demand notebook runs (docs/jobs.md). */
  jobs: JobSettings;
  /** Locked, shared notebook environments (docs/environments.md). */
  environments: EnvironmentSettings;
  /** Git-synced notebooks (docs/git.md). */
  git: GitSettings;
  /** Workload identity: tokens for sessions and job runs (docs/federation.md). */
  federation: FederationSettings;
  /** Project and organization integrations, and where their secrets may come from (docs/integrations.md). */
  integrations: IntegrationSettings;
  /** The data browser and its budgets (docs/data-browser.md). */
  dataBrowser: DataBrowserSettings;
  /** What every connection to a URL a person or an administrator gave may reach (docs/outbound-requests.md). */
  outbound: OutboundSettings;
  /** The team hubs this hub pulls from and pushes to (docs/remotes.md). */
  remotes: RemoteSettings;
  /** OpenTelemetry's standard `OTEL_*` variables (docs/telemetry.md). */
  telemetry: TelemetrySettings;
  version: string;
  /** The container image this hub runs from, when deployed as one. */
  image: string | null;
  logLevel: LogLevel;
  runMaintenance: boolean;
  shutdownTimeoutSeconds: number;
  /** The SERVICE_* and telemetry variables the settings were read from (for the deployment configuration view). */
  environment: Readonly<Record<string, string>>;
  /** The machine this process runs on. */
  nodeName: string;
}

const serverSettingDefinitions: SettingDefinition[] = [
  { key: 'SERVICE_HOST', group: 'server', name: 'Listen address', secret: false },
  { key: 'SERVICE_PORT', group: 'server', name: 'Listen port', secret: false },
  { key: 'SERVICE_PUBLIC_URL', group: 'server', name: 'Public URL', secret: false },
  { key: 'SERVICE_DATA_DIR', group: 'server', name: 'Data directory', secret: false },
  { key: 'SERVICE_VERSION', group: 'server', name: 'Deployment version', secret: false },
  { key: 'SERVICE_IMAGE', group: 'server', name: 'Deployment image', secret: false },
  { key: 'SERVICE_LOG_LEVEL', group: 'server', name: 'Log level', secret: false },
  { key: 'SERVICE_RUN_MAINTENANCE', group: 'server', name: 'Run maintenance loops', secret: false },
  { key: 'SERVICE_SHUTDOWN_TIMEOUT_SECONDS', group: 'server', name: 'Shutdown drain budget (seconds)', secret: false },
];

/**
 * Every variable the hub reads, with its group and whether its value is secret. The deployment
 * configuration view is generated from this table; a `SERVICE_*` variable missing from it is
 * reported at start-up as unknown.
 */
export const SETTING_DEFINITIONS: readonly SettingDefinition[] = [
  ...serverSettingDefinitions,
  ...storageSettingDefinitions,
  ...secretsSettingDefinitions,
  ...authSettingDefinitions,
  ...limitSettingDefinitions,
  ...sandboxSettingDefinitions,
  ...securitySettingDefinitions,
  ...sessionSettingDefinitions,
  ...alertSettingDefinitions,
  ...jobSettingDefinitions,
  ...environmentSettingDefinitions,
  ...gitSettingDefinitions,
  ...federationSettingDefinitions,
  ...integrationSettingDefinitions,
  ...dataBrowserSettingDefinitions,
  ...outboundSettingDefinitions,
  ...remoteSettingDefinitions,
  ...telemetrySettingDefinitions,
];

const telemetryKeys = new Set(telemetrySettingDefinitions.map((definition) => definition.key));

export const DEFAULT_PORT = 8321;

export function defaultDataDir(): string {
  return envPaths('notebook-hub', { suffix: '' }).data;
}

/** Reads the configuration once, strictly. Throws {@link ConfigError} naming the bad variable. */
export function readSettings(env: Env = process.env): HubSettings {
  const dataDir = path.resolve(text(env, 'SERVICE_DATA_DIR') ?? defaultDataDir());
  const runMaintenance = strictBoolean(env, 'SERVICE_RUN_MAINTENANCE', true);
  const publicUrl = readPublicUrl(env);
  const sessions = readSessionSettings(env);
  if (sessions.surfaces.length > 0 && sessions.surfaceDomain === null && publicUrl !== null && !isLoopbackHost(new URL(publicUrl.origin).hostname))
    throw new ConfigError(
      'SERVICE_SURFACE_DOMAIN',
      `is needed with SERVICE_SURFACES when the hub is served at ${publicUrl.origin}: each surface gets a host of its own under it (docs/surfaces.md, "Own origins")`,
    );
  return {
    host: text(env, 'SERVICE_HOST') ?? '127.0.0.1',
    port: integer(env, 'SERVICE_PORT', DEFAULT_PORT, { min: 0, max: 65535 }),
    dataDir,
    publicUrl: publicUrl?.origin ?? null,
    basePath: publicUrl?.basePath ?? '',
    storage: readStorageSettings(env, dataDir),
    secrets: readSecretsSettings(env, dataDir),
    auth: readAuthSettings(env),
    limits: readLimitSettings(env),
    sandboxes: readSandboxSettings(env),
    security: readSecuritySettings(env),
    sessions,
    alerts: readAlertSettings(env),
    jobs: readJobSettings(env),
    environments: readEnvironmentSettings(env, dataDir),
    git: readGitSettings(env),
    federation: readFederationSettings(env),
    integrations: readIntegrationSettings(env),
    dataBrowser: readDataBrowserSettings(env),
    outbound: readOutboundSettings(env),
    remotes: readRemoteSettings(env),
    telemetry: readTelemetrySettings(env),
    version: text(env, 'SERVICE_VERSION') ?? 'dev',
    image: text(env, 'SERVICE_IMAGE') ?? null,
    logLevel: oneOf(env, 'SERVICE_LOG_LEVEL', ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const, 'info'),
    runMaintenance,
    shutdownTimeoutSeconds: integer(env, 'SERVICE_SHUTDOWN_TIMEOUT_SECONDS', runMaintenance ? 120 : 10, { min: 1, max: 3600 }),
    environment: Object.fromEntries(
      Object.entries(env).filter(
        (entry): entry is [string, string] =>
          (entry[0].startsWith('SERVICE_') || telemetryKeys.has(entry[0])) && entry[1] !== undefined && entry[1].trim() !== '',
      ),
    ),
    nodeName: os.hostname(),
  };
}

/** The characters a base path's segments may use: RFC 3986's unreserved ones, so no proxy or browser re-encodes them. */
const BASE_PATH = /^(\/[A-Za-z0-9._~-]+)*$/;

/**
 * SERVICE_PUBLIC_URL split into its origin and the path the hub is served under (normalised: no
 * trailing slash, `''` for none). A query, a fragment, credentials or a `.`/`..` segment has no
 * meaning for a base address and is refused.
 */
function readPublicUrl(env: Env): { origin: string; basePath: string } | null {
  const value = httpUrl(env, 'SERVICE_PUBLIC_URL');
  if (value === undefined) return null;
  const url = new URL(value);
  if (url.search !== '' || url.hash !== '' || url.username !== '' || url.password !== '') {
    throw new ConfigError(
      'SERVICE_PUBLIC_URL',
      'must be an origin with an optional path, without query, fragment or credentials (e.g. https://example.org/notebooks)',
    );
  }
  const basePath = url.pathname.replace(/\/+$/, '');
  if (!BASE_PATH.test(basePath) || basePath.split('/').some((segment) => segment === '.' || segment === '..')) {
    throw new ConfigError(
      'SERVICE_PUBLIC_URL',
      `has a path the hub cannot be served under (${JSON.stringify(url.pathname)}): use /segment[/segment...] of letters, digits, '.', '_', '~' and '-'`,
    );
  }
  return { origin: url.origin, basePath };
}

/** `SERVICE_*` variables that no setting reads: most likely typos, reported at start-up. */
export function unknownSettingVariables(env: Env = process.env): string[] {
  const known = new Set(SETTING_DEFINITIONS.map((definition) => definition.key));
  return Object.keys(env)
    .filter((key) => key.startsWith('SERVICE_') && !known.has(key))
    .sort();
}

const isLoopbackHost = (host: string): boolean => host === 'localhost' || host.endsWith('.localhost') || host === '[::1]' || /^127\./.test(host);
