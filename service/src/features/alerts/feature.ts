import type { AlertSettings } from '../../config/settings-alerts.js';
import type { HubSettings } from '../../config/settings.js';
import { AlertDestinationRecords } from './core/destination-records.js';
import { AlertDestinations } from './core/destinations.js';
import { AlertDispatcher } from './core/dispatcher.js';
import type { EndpointPolicy } from '../../core/outbound/endpoint-policy.js';
import { MAX_RETRY_DELAY_MS, type DeliveryPolicy } from './core/retry.js';
import type { AuditLog } from '../../core/audit/audit-log.js';
import type { Logger } from '../../core/ports/logger.js';
import type { ObjectStore } from '../../core/ports/object-store.js';
import type { BackgroundRunner } from '../../core/ports/background-runner.js';
import { HttpAlertSender } from '../../adapters/alerts/http-sender.js';
import type { BaseServices, Feature } from '../feature.js';
import { AlertUseCases } from './core/alert-use-cases.js';
import { alertRoutes } from './http/alert-routes.js';

/** Verification is awaited by a request, so its single attempt gets at most this long. */
const VERIFY_TIMEOUT_CAP_MS = 10_000;

export function endpointPolicyOf(alerts: AlertSettings): EndpointPolicy {
  return { allowHttp: alerts.allowHttp, allowPrivateNetworks: alerts.allowPrivateNetworks };
}

export function deliveryPolicyOf(alerts: AlertSettings): DeliveryPolicy {
  return { attempts: alerts.deliveryAttempts, timeoutMs: alerts.deliveryTimeoutMs, retryDelayMs: alerts.retryDelayMs, maxDelayMs: MAX_RETRY_DELAY_MS };
}

/** The delivery side: what receives the project events of a hub. */
export function createAlertDispatcher(deps: { settings: HubSettings; store: ObjectStore; logger: Logger; background: BackgroundRunner }): AlertDispatcher {
  const alerts = deps.settings.alerts;
  const dispatcher = new AlertDispatcher({
    records: new AlertDestinationRecords(deps.store),
    sender: new HttpAlertSender(endpointPolicyOf(alerts)),
    logger: deps.logger,
    policy: deliveryPolicyOf(alerts),
    schedule: (work) => deps.background.run(work),
  });
  return dispatcher;
}

/** The management side: create, change, verify destinations. */
export function createAlertDestinations(settings: HubSettings, store: ObjectStore, audit: AuditLog): AlertDestinations {
  const alerts = settings.alerts;
  return new AlertDestinations(new AlertDestinationRecords(store), audit, new HttpAlertSender(endpointPolicyOf(alerts)), {
    maxDestinations: alerts.maxDestinations,
    endpointPolicy: endpointPolicyOf(alerts),
    verifyTimeoutMs: Math.min(alerts.deliveryTimeoutMs, VERIFY_TIMEOUT_CAP_MS),
  });
}

/** What alerts take of the base. */
type AlertsBase = Pick<BaseServices, 'settings' | 'store' | 'audit' | 'logger' | 'background' | 'access'>;

/**
 * Project alerts (docs/alerts.md): the destinations a project's managers configure, and the
 * delivery of every project event to the destinations subscribed to its kind.
 */
export const alertsFeature = {
  name: 'alerts',
  build(base: AlertsBase) {
    const { settings } = base;
    const destinations = createAlertDestinations(settings, base.store, base.audit);
    const dispatcher = createAlertDispatcher(base);
    const useCases = { alerts: new AlertUseCases({ access: base.access, alerts: destinations }) };
    return {
      services: { alerts: destinations },
      useCases,
      routes: [{ after: 'notebooks', register: (app) => alertRoutes(app, { useCases, settings }) }],
      events: dispatcher,
      stop: () => dispatcher.stop(),
    };
  },
} satisfies Feature;
