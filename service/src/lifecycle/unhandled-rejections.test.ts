import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import type { Logger } from '../core/ports/logger.js';
import { NO_METRICS, type Metrics } from '../core/ports/metrics.js';
import { watchUnhandledRejections } from './unhandled-rejections.js';

function recordingLogger(lines: Record<string, unknown>[]): Logger {
  const logger: Logger = {
    fatal: (fields) => void lines.push({ level: 'fatal', ...(fields as object) }),
    error: (fields) => void lines.push({ level: 'error', ...(fields as object) }),
    warn: () => {},
    info: () => {},
    debug: () => {},
    child: () => logger,
  };
  return logger;
}

describe('unhandled rejections', () => {
  it('logs each as unhandled_rejection with its reason and counts it once the hub has metrics', () => {
    const lines: Record<string, unknown>[] = [];
    const process = new EventEmitter();
    const watch = watchUnhandledRejections(recordingLogger(lines), process);
    const counted: { name: string; value: number }[] = [];
    const metrics: Metrics = { ...NO_METRICS, counter: (name) => ({ add: (value) => void counted.push({ name, value }) }) };

    const early = new Error('before the hub started');
    process.emit('unhandledRejection', early, Promise.resolve());
    watch.countInto(metrics);
    process.emit('unhandledRejection', 'a string reason', Promise.resolve());

    expect(lines).toEqual([
      { level: 'error', event: 'unhandled_rejection', err: early },
      { level: 'error', event: 'unhandled_rejection', err: 'a string reason' },
    ]);
    expect(counted).toEqual([
      { name: 'process.unhandled_rejections', value: 0 },
      { name: 'process.unhandled_rejections', value: 1 },
    ]);
    watch.stop();
    process.emit('unhandledRejection', new Error('after stop'), Promise.resolve());
    expect(lines).toHaveLength(2);
  });
});
