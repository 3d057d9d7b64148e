import { createHmac } from 'node:crypto';
import type { AlertPayload } from './alert-payload.js';
import type { StoredAlertDestination } from './destination-records.js';
import { slackText } from './slack-message.js';

/** The kind of the test delivery that verification sends. */
export const TEST_ALERT_KIND = 'alert.test';

export type { AlertPayload } from './alert-payload.js';

export const SIGNATURE_HEADER = 'x-hub-signature';
export const TIMESTAMP_HEADER = 'x-hub-timestamp';

/**
 * `sha256=` and the hex HMAC-SHA256, keyed with the signing secret, of `<timestamp>.<body>`.
 * Signing the timestamp with the body lets a receiver refuse replays of an old delivery.
 */
export function signatureOf(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/**
 * The body and headers of one attempt. A webhook attempt is signed at the moment it is sent, so
 * a retry carries a fresh timestamp and still passes a receiver's freshness check.
 */
export function renderAttempt(destination: StoredAlertDestination, payload: AlertPayload, at: Date): { body: string; headers: Record<string, string> } {
  const headers: Record<string, string> = { 'content-type': 'application/json', 'user-agent': 'NotebookHub-Alerts/1' };
  if (destination.type === 'slack') return { body: JSON.stringify({ text: slackText(payload) }), headers };
  const body = JSON.stringify(payload);
  const timestamp = Math.floor(at.getTime() / 1000);
  return {
    body,
    headers: {
      ...headers,
      'x-hub-event': payload.kind,
      'x-hub-delivery': payload.id,
      [TIMESTAMP_HEADER]: String(timestamp),
      [SIGNATURE_HEADER]: signatureOf(destination.signing_secret ?? '', timestamp, body),
    },
  };
}
