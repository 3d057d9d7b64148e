import { afterAll, beforeAll, expect } from 'vitest';
import { startAlertReceiver, type AlertReceiver } from './alert-receiver.js';
import { startSessionWorld, type SessionWorld } from './session-world.js';

export interface AlertingSessionWorld {
  readonly w: SessionWorld;
  /** A real HTTP receiver on 127.0.0.1 for the project's alert destinations. */
  readonly receiver: AlertReceiver;
  /**
   * Adds a webhook destination for `kinds` to the world's project, as its admin, delivering to
   * `path` on the receiver and signed with `secret`, which the receiver then checks.
   */
  subscribe(path: string, kinds: string[], secret: string): Promise<void>;
}

/**
 * A session world (real marimo and uv, local driver) whose hub may deliver alerts over plain HTTP
 * to a receiver on 127.0.0.1 and retries a failed delivery soon, so a suite waits for little.
 * `env` adds settings. Call it in a `describe`: the world starts in the suite's `beforeAll` and is closed in its
 * `afterAll`, so `w` and `receiver` are there inside its tests.
 */
export function useAlertingSessionWorld(env: Record<string, string> = {}): AlertingSessionWorld {
  let started: { w: SessionWorld; receiver: AlertReceiver } | undefined;
  const current = () => {
    if (!started) throw new Error('the alerting session world is not running (used outside a test, or its start failed)');
    return started;
  };
  beforeAll(async () => {
    const receiver = await startAlertReceiver();
    try {
      started = { receiver, w: await startSessionWorld({ SERVICE_ALERT_ALLOW_HTTP: 'true', SERVICE_ALERT_RETRY_DELAY_MS: '20', ...env }) };
    } catch (error) {
      await receiver.close();
      throw error;
    }
  }, 60_000);
  afterAll(async () => {
    await started?.w.close();
    await started?.receiver.close();
  });
  return {
    get w() {
      return current().w;
    },
    get receiver() {
      return current().receiver;
    },
    async subscribe(path, kinds, secret) {
      const { w, receiver } = current();
      const hook = await w.api(`/api/v1/projects/${w.pid}/alerts`, 'admin', {
        method: 'POST',
        body: { type: 'webhook', name: `alerts ${path}`, kinds, url: receiver.url(path), signing_secret: secret },
      });
      expect(hook.status, hook.text).toBe(201);
      receiver.expectSecret(path, secret);
    },
  };
}
