import { describe, expect, it } from 'vitest';
import { renderAttempt, signatureOf, type AlertPayload } from './delivery-message.js';
import type { StoredAlertDestination } from './destination-records.js';
import { pause, retryable, retryDelay } from './retry.js';
import { slackText } from './slack-message.js';

const policy = { attempts: 5, timeoutMs: 1000, retryDelayMs: 1000, maxDelayMs: 60_000 };

describe('delivery retries', () => {
  it('doubles the delay per retry with jitter in the upper half of each step, capped', () => {
    expect([1, 2, 3, 4].map((retry) => retryDelay(policy, retry, null, () => 0))).toEqual([500, 1000, 2000, 4000]);
    expect([1, 2, 3, 4].map((retry) => retryDelay(policy, retry, null, () => 0.999_999))).toEqual([999, 1999, 3999, 7999]);
    expect(retryDelay(policy, 20, null, () => 0)).toBe(30_000);
    expect(retryDelay(policy, 20, null, () => 0.999_999)).toBeLessThan(60_000);
  });

  it('honours Retry-After up to the maximum delay', () => {
    expect(retryDelay(policy, 1, 5000, () => 0)).toBe(5000);
    expect(retryDelay(policy, 1, 10 * 60_000, () => 0)).toBe(60_000);
    expect(retryDelay(policy, 3, 0, () => 0)).toBe(2000);
  });

  it('retries network trouble, timeouts, 408, 429 and 5xx; nothing else', () => {
    const response = (status: number) => ({ kind: 'response' as const, status, retryAfterMs: null });
    expect([408, 429, 500, 502, 503].map((status) => retryable(response(status)))).toEqual([true, true, true, true, true]);
    expect([200, 301, 302, 400, 401, 404, 410].map((status) => retryable(response(status)))).toEqual([false, false, false, false, false, false, false]);
    expect(retryable({ kind: 'failure', reason: 'timeout', detail: '' })).toBe(true);
    expect(retryable({ kind: 'failure', reason: 'network', detail: 'ECONNREFUSED' })).toBe(true);
    expect(retryable({ kind: 'failure', reason: 'refused-address', detail: '' })).toBe(false);
  });

  it('stops waiting when shutdown aborts the pause', async () => {
    const controller = new AbortController();
    const waiting = pause(60_000, controller.signal);
    controller.abort();
    expect(await waiting).toBe(false);
    expect(await pause(1, new AbortController().signal)).toBe(true);
  });
});

describe('delivery messages', () => {
  const payload: AlertPayload = {
    id: 'aev-0000000000000000',
    kind: 'member.added',
    project_id: 'proj-0000000000000000',
    project_name: 'Data <team> & co',
    actor: 'usr-0000000000000000',
    occurred_at: '2024-01-01T00:00:00.000Z',
    data: { email: 'a@example.com', role: 'viewer', nested: { ignored: true } },
  };
  const destination = (type: 'slack' | 'webhook'): StoredAlertDestination => ({
    id: 'alert-0000000000000000',
    type,
    name: 'x',
    kinds: ['member.added'],
    enabled: true,
    verified_at: null,
    url: 'https://example.com/hook',
    signing_secret: type === 'webhook' ? 'whsec-test-secret-0001' : null,
    created_by: 'usr-0000000000000000',
    created_at: payload.occurred_at,
    updated_at: payload.occurred_at,
  });

  it('signs "<timestamp>.<body>" with HMAC-SHA256 (a vector computed with openssl)', () => {
    expect(signatureOf('whsec-test-secret-0001', 1_700_000_000, '{"a":1}')).toBe('sha256=37d172157c0221fa4582f0ac3db8884ac91d9f79e48d9a74250355fe12409307');
  });

  it('renders a signed JSON webhook attempt with the event headers', () => {
    const at = new Date(1_700_000_000_500);
    const { body, headers } = renderAttempt(destination('webhook'), payload, at);
    expect(JSON.parse(body)).toEqual(payload);
    expect(headers).toEqual({
      'content-type': 'application/json',
      'user-agent': 'NotebookHub-Alerts/1',
      'x-hub-event': 'member.added',
      'x-hub-delivery': payload.id,
      'x-hub-timestamp': '1700000000',
      'x-hub-signature': signatureOf('whsec-test-secret-0001', 1_700_000_000, body),
    });
  });

  it('renders Slack messages as escaped mrkdwn text without signature headers', () => {
    const { body, headers } = renderAttempt(destination('slack'), payload, new Date());
    expect(Object.keys(headers)).toEqual(['content-type', 'user-agent']);
    expect(JSON.parse(body)).toEqual({ text: slackText(payload) });
    expect(slackText(payload)).toBe(
      '*Member added* in project *Data &lt;team&gt; &amp; co*\n• email: a@example.com\n• role: viewer\n_usr-0000000000000000 · 2024-01-01T00:00:00.000Z_',
    );
    expect(slackText({ ...payload, kind: 'brand.new', data: {} })).toContain('*brand.new*');
  });
});
