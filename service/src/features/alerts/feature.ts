import type { AlertSettings } from '../../config/settings-alerts.js';
import type { HubSettings } from '../../config/settings.js';
import { AlertDestinationRecords, sealAlertSet, type ProjectAlertSet, type SealedAlertDestination } from './core/destination-records.js';
import { layout } from '../../core/storage-layout.js';
import { AlertDestinations } from './core/destinations.js';
import { AlertDispatcher } from './core/dispatcher.js';
import type { SecretBox } from '../../core/ports/secret-box.js';
import type { OutboundClients } from '../../adapters/outbound/outbound-clients.js';
import { MAX_RETRY_DELAY_MS, type DeliveryPolicy } from './core/retry.js';
import type { AuditLog } from '../../core/audit/audit-log.js';
import type { Tracer } from '../../core/ports/tracing.js';
import type { Logger } from '../../core/ports/logger.js';
import type { ObjectStore } from '../../core/ports/object-store.js';
import type { BackgroundRunner } from '../../core/ports/background-runner.js';
import { HttpAlertSender } from '../../adapters/alerts/http-sender.js';
import type { BaseServices, Feature } from '../feature.js';
import { AlertUseCases } from './core/alert-use-cases.js';
import { alertRoutes } from './http/alert-routes.js';

/** Verification is awaited by a request, so its single attempt gets at most this long. */
const VERIFY_TIMEOUT_CAP_MS = 10_000;

export function deliveryPolicyOf(alerts: AlertSettings): DeliveryPolicy {
  return { attempts: alerts.deliveryAttempts, timeoutMs: alerts.deliveryTimeoutMs, retryDelayMs: alerts.retryDelayMs, maxDelayMs: MAX_RETRY_DELAY_MS };
}

/** The delivery side: what receives the project events of a hub. */
export function createAlertDispatcher(deps: {
  settings: HubSettings;
  store: ObjectStore;
  secrets: SecretBox;
  logger: Logger;
  background: BackgroundRunner;
  outbound: OutboundClients;
  tracer?: Tracer;
}): AlertDispatcher {
  const alerts = deps.settings.alerts;
  const dispatcher = new AlertDispatcher({
    records: new AlertDestinationRecords(deps.store, deps.secrets),
    sender: new HttpAlertSender(deps.outbound.policy('alerts'), deps.outbound.resolve),
    logger: deps.logger,
    policy: deliveryPolicyOf(alerts),
    schedule: (work) => deps.background.run(work),
    ...(deps.tracer ? { tracer: deps.tracer } : {}),
  });
  return dispatcher;
}

/** The management side: create, change, verify destinations. */
export function createAlertDestinations(
  settings: HubSettings,
  store: ObjectStore,
  secrets: SecretBox,
  audit: AuditLog,
  outbound: OutboundClients,
): AlertDestinations {
  const alerts = settings.alerts;
  return new AlertDestinations(new AlertDestinationRecords(store, secrets), audit, new HttpAlertSender(outbound.policy('alerts'), outbound.resolve), {
    maxDestinations: alerts.maxDestinations,
    endpointPolicy: outbound.policy('alerts'),
    verifyTimeoutMs: Math.min(alerts.deliveryTimeoutMs, VERIFY_TIMEOUT_CAP_MS),
  });
}

/** What alerts take of the base. */
type AlertsBase = Pick<BaseServices, 'settings' | 'store' | 'secrets' | 'outbound' | 'audit' | 'logger' | 'background' | 'access' | 'tracer'>;

/**
 * Project alerts (docs/alerts.md): the destinations a project's managers configure, and the
 * delivery of every project event to the destinations subscribed to its kind.
 */
export const alertsFeature = {
  name: 'alerts',
  build(base: AlertsBase) {
    const { settings } = base;
    const destinations = createAlertDestinations(settings, base.store, base.secrets, base.audit, base.outbound);
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
  sealedRecords: [
    {
      name: 'alert destinations',
      prefix: layout.alertsPrefix,
      holds: (key) => /^alerts\/[^/]+\/destinations$/.test(key),
      sealPlaintext: (box, key, record) => sealAlertSet(box, key, record as ProjectAlertSet<SealedAlertDestination>),
    },
  ],
} satisfies Feature;
