import { integer, strictBoolean, type Env, type SettingDefinition } from './parse.js';

/** Project alert destinations and their deliveries (docs/alerts.md). */
export interface AlertSettings {
  /** Destinations one project may have; reported as `project_alerts.max_destinations`. */
  maxDestinations: number;
  /** Plain-http receivers on loopback addresses (local development and tests). */
  allowHttp: boolean;
  /** Receivers on private (RFC 1918, unique-local, shared) addresses. */
  allowPrivateNetworks: boolean;
  /** Tries per delivery, the first included. */
  deliveryAttempts: number;
  /** Limit of one attempt (connect, send, answer). */
  deliveryTimeoutMs: number;
  /** Delay before the first retry; it doubles per retry (with jitter) up to a minute. */
  retryDelayMs: number;
}

export const alertSettingDefinitions: SettingDefinition[] = [
  { key: 'SERVICE_ALERT_MAX_DESTINATIONS', group: 'alerts', name: 'Alert destinations per project', secret: false },
  { key: 'SERVICE_ALERT_ALLOW_HTTP', group: 'alerts', name: 'Allow plain-http loopback receivers', secret: false },
  { key: 'SERVICE_ALERT_ALLOW_PRIVATE_NETWORKS', group: 'alerts', name: 'Allow receivers on private networks', secret: false },
  { key: 'SERVICE_ALERT_DELIVERY_ATTEMPTS', group: 'alerts', name: 'Attempts per alert delivery', secret: false },
  { key: 'SERVICE_ALERT_DELIVERY_TIMEOUT_SECONDS', group: 'alerts', name: 'Timeout of one delivery attempt (seconds)', secret: false },
  { key: 'SERVICE_ALERT_RETRY_DELAY_MS', group: 'alerts', name: 'Delay before the first delivery retry (ms)', secret: false },
];

export function readAlertSettings(env: Env): AlertSettings {
  return {
    maxDestinations: integer(env, 'SERVICE_ALERT_MAX_DESTINATIONS', 10, { min: 1, max: 1000 }),
    allowHttp: strictBoolean(env, 'SERVICE_ALERT_ALLOW_HTTP', false),
    allowPrivateNetworks: strictBoolean(env, 'SERVICE_ALERT_ALLOW_PRIVATE_NETWORKS', false),
    deliveryAttempts: integer(env, 'SERVICE_ALERT_DELIVERY_ATTEMPTS', 5, { min: 1, max: 10 }),
    deliveryTimeoutMs: integer(env, 'SERVICE_ALERT_DELIVERY_TIMEOUT_SECONDS', 10, { min: 1, max: 60 }) * 1000,
    retryDelayMs: integer(env, 'SERVICE_ALERT_RETRY_DELAY_MS', 2000, { min: 1, max: 60_000 }),
  };
}
