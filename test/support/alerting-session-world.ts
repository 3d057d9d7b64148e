import { expect } from 'vitest';
import { startAlertReceiver, type AlertReceiver } from './alert-receiver.js';
import { startSessionWorld, type SessionWorld } from './session-world.js';

export interface AlertingSessionWorld {
  w: SessionWorld;
  /** A real HTTP receiver on 127.0.0.1 for the project's alert destinations. */
  receiver: AlertReceiver;
  /**
   * Adds a webhook destination for `kinds` to the world's project, as its admin, delivering to
   * `path` on the receiver and signed with `secret`, which the receiver then checks.
   */
  subscribe(path: string, kinds: string[], secret: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * A session world (real marimo and uv, local driver) whose hub may deliver alerts over plain HTTP
 * to the receiver on 127.0.0.1 and retries a failed delivery soon, so a suite waits for little.
 */
export async function startAlertingSessionWorld(): Promise<AlertingSessionWorld> {
  const receiver = await startAlertReceiver();
  const w = await startSessionWorld({ SERVICE_ALERT_ALLOW_HTTP: 'true', SERVICE_ALERT_RETRY_DELAY_MS: '20' }).catch(async (error: unknown) => {
    await receiver.close();
    throw error;
  });
  return {
    w,
    receiver,
    async subscribe(path, kinds, secret) {
      const hook = await w.api(`/api/v1/projects/${w.pid}/alerts`, 'admin', {
        method: 'POST',
        body: { type: 'webhook', name: `alerts ${path}`, kinds, url: receiver.url(path), signing_secret: secret },
      });
      expect(hook.status, hook.text).toBe(201);
      receiver.expectSecret(path, secret);
    },
    async close() {
      await w.close();
      await receiver.close();
    },
  };
}
