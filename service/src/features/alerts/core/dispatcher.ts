import { timeOrderedId } from '../../../core/ids.js';
import type { Logger } from '../../../core/ports/logger.js';
import { NO_TRACING, type Tracer } from '../../../core/ports/tracing.js';
import type { ProjectEvent, ProjectEventPublisher } from '../../../core/ports/project-events.js';
import type { AlertAttemptOutcome, AlertSender } from '../../../core/ports/alert-sender.js';
import { renderAttempt, type AlertPayload } from './delivery-message.js';
import type { AlertDestinationRecords, StoredAlertDestination } from './destination-records.js';
import { delivered, pause, retryable, retryDelay, type DeliveryPolicy } from './retry.js';

export interface AlertDispatcherDeps {
  records: AlertDestinationRecords;
  sender: AlertSender;
  logger: Logger;
  policy: DeliveryPolicy;
  /** Runs work in the background so shutdown can wait for it; false once shutdown has begun. */
  schedule: (work: () => Promise<void>) => boolean;
  now?: () => Date;
  random?: () => number;
  /** Each attempt is an `alert.deliver` client span; its `traceparent` goes along to the receiver. */
  tracer?: Tracer;
}

export type DeliveryStatus = 'delivered' | 'retrying' | 'failed' | 'abandoned';

export const newAlertEventId = (now?: number) => `aev-${timeOrderedId(now)}`;

/** One attempt against one destination, as sent (single attempts, such as verification, use it too). */
export async function attemptDelivery(
  sender: AlertSender,
  destination: StoredAlertDestination,
  payload: AlertPayload,
  timeoutMs: number,
  at: Date,
  traceparent: string | null = null,
): Promise<AlertAttemptOutcome> {
  const { body, headers } = renderAttempt(destination, payload, at);
  return sender.send({ url: destination.url, body, headers: traceparent ? { ...headers, traceparent } : headers, timeoutMs });
}

/**
 * The project event publisher: each event goes, in the background, to the project's enabled
 * destinations subscribed to its kind. A failing or slow receiver is retried with backoff but
 * never delays or fails the request that caused the event. Shutdown lets attempts in flight
 * finish and gives up the retries still waiting.
 */
export class AlertDispatcher implements ProjectEventPublisher {
  private readonly stopping = new AbortController();
  private readonly now: () => Date;
  private readonly random: () => number;

  constructor(private readonly deps: AlertDispatcherDeps) {
    this.now = deps.now ?? (() => new Date());
    this.random = deps.random ?? Math.random;
  }

  publish(event: ProjectEvent): void {
    try {
      const payload: AlertPayload = { id: newAlertEventId(this.now().getTime()), ...event };
      const started = this.deps.schedule(() => this.dispatch(payload));
      if (!started)
        this.deps.logger.warn(
          { event: 'alert_dispatch_skipped', event_id: payload.id, project_id: event.project_id, kind: event.kind, reason: 'shutting_down' },
          'alert_dispatch_skipped',
        );
    } catch (error) {
      // Publishing is a side effect of a request that already succeeded: it must not fail it.
      this.deps.logger.error({ event: 'alert_dispatch_failed', project_id: event.project_id, kind: event.kind, err: error }, 'alert_dispatch_failed');
    }
  }

  /** Gives up waiting retries (called when shutdown begins). */
  stop(): void {
    this.stopping.abort();
  }

  private async dispatch(payload: AlertPayload): Promise<void> {
    const { logger } = this.deps;
    let targets: StoredAlertDestination[];
    try {
      const destinations = await this.deps.records.all(payload.project_id);
      targets = destinations.filter((destination) => destination.enabled && destination.kinds.includes(payload.kind));
    } catch (error) {
      logger.error(
        { event: 'alert_dispatch_failed', event_id: payload.id, project_id: payload.project_id, kind: payload.kind, err: error },
        'alert_dispatch_failed',
      );
      return;
    }
    logger.info(
      {
        event: 'alert_dispatch',
        event_id: payload.id,
        project_id: payload.project_id,
        kind: payload.kind,
        destination_ids: targets.map((target) => target.id),
      },
      'alert_dispatch',
    );
    await Promise.all(targets.map((target) => this.deliver(target, payload)));
  }

  private async deliver(destination: StoredAlertDestination, payload: AlertPayload): Promise<DeliveryStatus> {
    const { policy } = this.deps;
    for (let attempt = 1; ; attempt++) {
      const started = Date.now();
      let outcome: AlertAttemptOutcome;
      try {
        outcome = await this.attempt(destination, payload, attempt);
      } catch (error) {
        outcome = { kind: 'failure', reason: 'network', detail: error instanceof Error ? error.name : 'error' };
      }
      const duration = Date.now() - started;
      if (delivered(outcome)) return this.report('delivered', destination, payload, attempt, outcome, duration);
      if (!retryable(outcome) || attempt >= policy.attempts) return this.report('failed', destination, payload, attempt, outcome, duration);
      if (this.stopping.signal.aborted) return this.report('abandoned', destination, payload, attempt, outcome, duration);
      this.report('retrying', destination, payload, attempt, outcome, duration);
      const delay = retryDelay(policy, attempt, outcome.kind === 'response' ? outcome.retryAfterMs : null, this.random);
      if (!(await pause(delay, this.stopping.signal))) return this.report('abandoned', destination, payload, attempt, outcome, duration);
    }
  }

  /** One attempt in its span: the destination's id and kind, the attempt's number and outcome; never the URL. */
  private attempt(destination: StoredAlertDestination, payload: AlertPayload, attempt: number): Promise<AlertAttemptOutcome> {
    const attributes = {
      'notebook_hub.alert.destination_id': destination.id,
      'notebook_hub.alert.event_kind': payload.kind,
      'notebook_hub.alert.attempt': attempt,
    };
    return (this.deps.tracer ?? NO_TRACING).withSpan('alert.deliver', { kind: 'client', attributes }, async (span) => {
      const outcome = await attemptDelivery(this.deps.sender, destination, payload, this.deps.policy.timeoutMs, this.now(), span.traceparent);
      if (outcome.kind === 'response') span.setAttributes({ 'http.response.status_code': outcome.status });
      if (!delivered(outcome)) span.fail(outcome.kind === 'response' ? String(outcome.status) : outcome.reason);
      return outcome;
    });
  }

  /** One `alert_delivery` line per outcome; never the URL or the secret. */
  private report(
    status: DeliveryStatus,
    destination: StoredAlertDestination,
    payload: AlertPayload,
    attempt: number,
    outcome: AlertAttemptOutcome,
    durationMs: number,
  ): DeliveryStatus {
    const fields = {
      event: 'alert_delivery',
      status,
      event_id: payload.id,
      project_id: payload.project_id,
      kind: payload.kind,
      destination_id: destination.id,
      destination_type: destination.type,
      attempt,
      duration_ms: durationMs,
      ...(outcome.kind === 'response' ? { http_status: outcome.status } : { reason: outcome.reason, detail: outcome.detail }),
    };
    if (status === 'delivered') this.deps.logger.info(fields, 'alert_delivery');
    else if (status === 'failed') this.deps.logger.error(fields, 'alert_delivery');
    else this.deps.logger.warn(fields, 'alert_delivery');
    return status;
  }
}
