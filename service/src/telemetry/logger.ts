import pino, { type DestinationStream, type Logger as PinoLogger } from 'pino';
import type { LogLevel } from '../config/settings.js';

export type HubLogger = PinoLogger;

/** One JSON line per event on stdout (or the given destination). */
export function createLogger(level: LogLevel, destination?: NodeJS.WritableStream): HubLogger {
  return pino(
    {
      level,
      base: { pid: process.pid },
      timestamp: isoTimeByMillisecond(),
      formatters: { level: (label) => ({ level: label }) },
    },
    destination ?? new LineBatch(pino.destination({ dest: 1, sync: false })),
  );
}

/**
 * The same `"time"` field as pino's isoTime. Every request writes a line, formatting the date is a
 * good part of the cost of one, and under load many lines fall in the same millisecond: the text
 * is reused until the clock moves on.
 */
function isoTimeByMillisecond(): () => string {
  let at = Number.NaN;
  let text = '';
  return () => {
    const now = Date.now();
    if (now !== at) {
      at = now;
      text = `,"time":"${new Date(now).toISOString()}"`;
    }
    return text;
  };
}

type SonicBoom = ReturnType<typeof pino.destination>;

/** Batches holding lines not yet handed on, so that an exiting process still writes them. */
const unwritten = new Set<LineBatch>();
let exitHookInstalled = false;

/**
 * Hands the lines of one event-loop turn to sonic-boom as one string. While a write is under
 * way sonic-boom appends each new line to its pending text and measures the byte length of all
 * of it again, so under load (a line per request) that measuring outgrew the logging itself;
 * one append per turn keeps it small. Lines keep their order and wait at most one turn.
 */
class LineBatch implements DestinationStream {
  private lines: string[] = [];

  constructor(private readonly target: SonicBoom) {
    if (!exitHookInstalled) {
      exitHookInstalled = true;
      // pino flushes sonic-boom on exit, possibly before this runs: hence the flushSync here.
      process.once('exit', () => {
        for (const batch of unwritten) batch.flushSync();
      });
    }
  }

  write(line: string): void {
    if (this.lines.push(line) === 1) {
      unwritten.add(this);
      setImmediate(this.handOn);
    }
  }

  flush(callback?: (error?: Error) => void): void {
    this.handOn();
    this.target.flush(callback);
  }

  flushSync(): void {
    this.handOn();
    this.target.flushSync();
  }

  private readonly handOn = (): void => {
    if (this.lines.length === 0) return;
    const text = this.lines.length === 1 ? this.lines[0]! : this.lines.join('');
    this.lines = [];
    unwritten.delete(this);
    this.target.write(text);
  };
}
