import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir } from '../../../../../test/support/temp-dir.js';
import { FsObjectStore } from '../../../adapters/store/fs-store.js';
import type { Logger } from '../../../core/ports/logger.js';
import type { ProjectEvent } from '../../../core/ports/project-events.js';
import type { AlertAttemptOutcome, AlertRequest, AlertSender } from '../../../core/ports/alert-sender.js';
import { AlertDestinationRecords, type StoredAlertDestination } from './destination-records.js';
import { AlertDispatcher } from './dispatcher.js';
import { newSecretBox } from '../../../../../test/support/secret-box.js';

/** A sender that answers from a script and records what it was asked to send (no network here). */
function scriptedSender(answers: AlertAttemptOutcome[]): AlertSender & { sent: AlertRequest[] } {
  const sent: AlertRequest[] = [];
  return {
    sent,
    send: async (request) => {
      sent.push(request);
      return answers.shift() ?? { kind: 'response', status: 200, retryAfterMs: null };
    },
  };
}

function capturingLogger(lines: Record<string, unknown>[]): Logger {
  const write = (fields: object) => void lines.push(fields as Record<string, unknown>);
  const logger: Logger = { fatal: write, error: write, warn: write, info: write, debug: write, child: () => logger };
  return logger;
}

const destination = (id: string, kinds: string[], enabled = true): StoredAlertDestination => ({
  id,
  type: 'webhook',
  name: id,
  kinds,
  enabled,
  verified_at: null,
  url: `https://receiver.example/${id}`,
  signing_secret: 'whsec-test-secret-0001',
  created_by: 'usr-0000000000000000',
  created_at: '2024-01-01T00:00:00.000Z',
  updated_at: '2024-01-01T00:00:00.000Z',
});

const event: ProjectEvent = {
  kind: 'member.removed',
  project_id: 'proj-0000000000000001',
  project_name: 'P',
  actor: 'usr-0000000000000000',
  occurred_at: '2024-01-01T00:00:00.000Z',
  data: {},
};

describe('alert dispatcher', () => {
  let temp: { dir: string; cleanup: () => Promise<void> };
  let records: AlertDestinationRecords;
  beforeAll(async () => {
    temp = await makeTempDir('alerts');
    records = new AlertDestinationRecords(new FsObjectStore(temp.dir), newSecretBox());
    const set = [
      destination('alert-a000000000000000', ['member.removed']),
      destination('alert-b000000000000000', ['member.added']),
      destination('alert-c000000000000000', ['member.removed'], false),
    ];
    await records.change(event.project_id, () => ({ next: set, result: undefined }));
  });
  afterAll(() => temp.cleanup());

  const start = (sender: AlertSender, lines: Record<string, unknown>[], attempts = 3) => {
    const running: Promise<void>[] = [];
    const dispatcher = new AlertDispatcher({
      records,
      sender,
      logger: capturingLogger(lines),
      policy: { attempts, timeoutMs: 1000, retryDelayMs: 5, maxDelayMs: 50 },
      schedule: (work) => (running.push(work()), true),
    });
    return { dispatcher, settled: () => Promise.all(running) };
  };

  it('sends to enabled subscribers only, and gives up after the last attempt', async () => {
    const lines: Record<string, unknown>[] = [];
    const failing = { kind: 'response' as const, status: 500, retryAfterMs: null };
    const sender = scriptedSender([failing, failing, failing]);
    const { dispatcher, settled } = start(sender, lines);
    dispatcher.publish(event);
    await settled();
    expect(new Set(sender.sent.map((request) => request.url))).toEqual(new Set(['https://receiver.example/alert-a000000000000000']));
    expect(lines.filter((line) => line.event === 'alert_delivery').map((line) => [line.status, line.attempt])).toEqual([
      ['retrying', 1],
      ['retrying', 2],
      ['failed', 3],
    ]);
  });

  it('does not retry an answer that retrying cannot change', async () => {
    const lines: Record<string, unknown>[] = [];
    const sender = scriptedSender([{ kind: 'response', status: 410, retryAfterMs: null }]);
    const { dispatcher, settled } = start(sender, lines);
    dispatcher.publish(event);
    await settled();
    expect(sender.sent).toHaveLength(1);
    expect(lines.find((line) => line.event === 'alert_delivery')).toMatchObject({ status: 'failed', http_status: 410 });
  });

  it('abandons waiting retries when stopped, so shutdown is not held up by backoff', async () => {
    const lines: Record<string, unknown>[] = [];
    const sender = scriptedSender([{ kind: 'failure', reason: 'network', detail: 'ECONNRESET' }]);
    const running: Promise<void>[] = [];
    const dispatcher = new AlertDispatcher({
      records,
      sender,
      logger: capturingLogger(lines),
      policy: { attempts: 5, timeoutMs: 1000, retryDelayMs: 60_000, maxDelayMs: 60_000 },
      schedule: (work) => (running.push(work()), true),
    });
    dispatcher.publish(event);
    while (!lines.some((line) => line.status === 'retrying')) await new Promise((resolve) => setTimeout(resolve, 5));
    dispatcher.stop();
    await Promise.all(running);
    expect(lines.filter((line) => line.event === 'alert_delivery').map((line) => line.status)).toEqual(['retrying', 'abandoned']);
  });

  it('never throws from publish, even when scheduling fails or is refused', () => {
    const lines: Record<string, unknown>[] = [];
    const refusing = new AlertDispatcher({
      records,
      sender: scriptedSender([]),
      logger: capturingLogger(lines),
      policy: { attempts: 1, timeoutMs: 1, retryDelayMs: 1, maxDelayMs: 1 },
      schedule: () => false,
    });
    const throwing = new AlertDispatcher({
      records,
      sender: scriptedSender([]),
      logger: capturingLogger(lines),
      policy: { attempts: 1, timeoutMs: 1, retryDelayMs: 1, maxDelayMs: 1 },
      schedule: () => {
        throw new Error('boom');
      },
    });
    expect(() => refusing.publish(event)).not.toThrow();
    expect(() => throwing.publish(event)).not.toThrow();
    expect(lines.map((line) => line.event)).toEqual(['alert_dispatch_skipped', 'alert_dispatch_failed']);
  });
});
