import type { AlertSettings } from '../config/settings-alerts.js';
import type { HubSettings } from '../config/settings.js';
import { AlertDestinationRecords } from '../core/alerts/destination-records.js';
import { AlertDestinations } from '../core/alerts/destinations.js';
import { AlertDispatcher } from '../core/alerts/dispatcher.js';
import { MAX_RETRY_DELAY_MS, type DeliveryPolicy } from '../core/alerts/retry.js';
import type { AuditLog } from '../core/audit/audit-log.js';
import type { Logger } from '../core/ports/logger.js';
import type { ObjectStore } from '../core/ports/object-store.js';
import type { SecretBox } from '../core/ports/secret-box.js';
import type { BackgroundWork } from '../lifecycle/background-work.js';
import { HttpAlertSender } from '../adapters/alerts/http-sender.js';
import type { OutboundClients } from './outbound.js';

/** Verification is awaited by a request, so its single attempt gets at most this long. */
const VERIFY_TIMEOUT_CAP_MS = 10_000;

export function deliveryPolicyOf(alerts: AlertSettings): DeliveryPolicy {
  return { attempts: alerts.deliveryAttempts, timeoutMs: alerts.deliveryTimeoutMs, retryDelayMs: alerts.retryDelayMs, maxDelayMs: MAX_RETRY_DELAY_MS };
}

/** The delivery side: the project event publisher of a hub. */
export function createAlertDispatcher(deps: {
  settings: HubSettings;
  store: ObjectStore;
  secrets: SecretBox;
  logger: Logger;
  background: BackgroundWork;
  outbound: OutboundClients;
}): AlertDispatcher {
  const alerts = deps.settings.alerts;
  const dispatcher = new AlertDispatcher({
    records: new AlertDestinationRecords(deps.store, deps.secrets),
    sender: new HttpAlertSender(deps.outbound.policy('alerts'), deps.outbound.resolve),
    logger: deps.logger,
    policy: deliveryPolicyOf(alerts),
    schedule: (work) => deps.background.run(work),
  });
  deps.background.onStop(() => dispatcher.stop());
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
