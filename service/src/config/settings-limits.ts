import proxyAddr from 'proxy-addr';
import { ConfigError, integer, list, optionalInteger, type Env, type SettingDefinition } from './parse.js';

/** The limits reported by the capabilities route (docs/configuration.md). */
export interface LimitSettings {
  maxConcurrentSessionsPerUser: number | null;
  maxAppsPerProject: number | null;
  maxRequestBytes: number;
  maxVersionsPerNotebook: number;
  defaultPageSize: number;
  maxPageSize: number;
  /** Requests to /mcp per minute and client (personal access token); more are refused with 429. */
  mcpRequestsPerMinute: number;
  /** Failed authentications per client address and window before its unknown credentials get 429 (0: off). */
  authFailuresPerAddress: number;
  authFailureWindowSeconds: number;
  /**
   * Reverse proxies (addresses, CIDR ranges, or proxy-addr's `loopback`, `linklocal`,
   * `uniquelocal`) whose `X-Forwarded-For` names the client for per-address limits. Empty: the
   * connection's own address is the client's.
   */
  trustedProxies: string[];
  /** Calls to a Git remote a user may cause per minute and project from read-only routes (refs, drift). */
  gitCallsPerMinute: number;
}

export const limitSettingDefinitions: SettingDefinition[] = [
  { key: 'SERVICE_MAX_SESSIONS_PER_USER', group: 'limits', name: 'Concurrent kernels per user', secret: false },
  { key: 'SERVICE_MAX_APPS_PER_PROJECT', group: 'limits', name: 'App sessions per project', secret: false },
  { key: 'SERVICE_MAX_REQUEST_BYTES', group: 'limits', name: 'Largest request body (bytes)', secret: false },
  { key: 'SERVICE_MAX_VERSIONS_PER_NOTEBOOK', group: 'limits', name: 'Versions kept per notebook', secret: false },
  { key: 'SERVICE_DEFAULT_PAGE_SIZE', group: 'limits', name: 'Default page size', secret: false },
  { key: 'SERVICE_MAX_PAGE_SIZE', group: 'limits', name: 'Largest page size', secret: false },
  { key: 'SERVICE_MCP_REQUESTS_PER_MINUTE', group: 'limits', name: 'MCP requests per minute and client', secret: false },
  { key: 'SERVICE_AUTH_FAILURES_PER_ADDRESS', group: 'limits', name: 'Failed authentications per address and window (0: off)', secret: false },
  { key: 'SERVICE_AUTH_FAILURE_WINDOW_SECONDS', group: 'limits', name: 'Window of the failed-authentication limit (seconds)', secret: false },
  { key: 'SERVICE_TRUSTED_PROXIES', group: 'server', name: 'Reverse proxies trusted to name the client address', secret: false },
  { key: 'SERVICE_GIT_CALLS_PER_MINUTE', group: 'limits', name: 'Git remote calls per user, project and minute from refs and drift', secret: false },
];

export function readLimitSettings(env: Env): LimitSettings {
  const maxPageSize = integer(env, 'SERVICE_MAX_PAGE_SIZE', 200, { min: 1, max: 1000 });
  const defaultPageSize = integer(env, 'SERVICE_DEFAULT_PAGE_SIZE', Math.min(50, maxPageSize), { min: 1, max: 1000 });
  if (defaultPageSize > maxPageSize) throw new ConfigError('SERVICE_DEFAULT_PAGE_SIZE', `must not exceed SERVICE_MAX_PAGE_SIZE (${maxPageSize})`);
  return {
    maxConcurrentSessionsPerUser: optionalInteger(env, 'SERVICE_MAX_SESSIONS_PER_USER', { min: 1, max: 10_000 }),
    maxAppsPerProject: optionalInteger(env, 'SERVICE_MAX_APPS_PER_PROJECT', { min: 1, max: 10_000 }),
    maxRequestBytes: integer(env, 'SERVICE_MAX_REQUEST_BYTES', 32 * 1024 * 1024, { min: 1024, max: 4 * 1024 ** 3 }),
    maxVersionsPerNotebook: integer(env, 'SERVICE_MAX_VERSIONS_PER_NOTEBOOK', 100, { min: 2, max: 100_000 }),
    defaultPageSize,
    maxPageSize,
    mcpRequestsPerMinute: integer(env, 'SERVICE_MCP_REQUESTS_PER_MINUTE', 600, { min: 1, max: 1_000_000 }),
    authFailuresPerAddress: integer(env, 'SERVICE_AUTH_FAILURES_PER_ADDRESS', 20, { min: 0, max: 1_000_000 }),
    authFailureWindowSeconds: integer(env, 'SERVICE_AUTH_FAILURE_WINDOW_SECONDS', 300, { min: 1, max: 86_400 }),
    trustedProxies: trustedProxies(env),
    gitCallsPerMinute: integer(env, 'SERVICE_GIT_CALLS_PER_MINUTE', 30, { min: 1, max: 1_000_000 }),
  };
}

function trustedProxies(env: Env): string[] {
  const proxies = list(env, 'SERVICE_TRUSTED_PROXIES');
  try {
    proxyAddr.compile(proxies);
  } catch (error) {
    throw new ConfigError(
      'SERVICE_TRUSTED_PROXIES',
      `must list IP addresses or CIDR ranges (or loopback, linklocal, uniquelocal): ${(error as Error).message}`,
    );
  }
  return proxies;
}
