import pino, { type DestinationStream, type Logger as PinoLogger } from 'pino';
import type { LogLevel } from '../../config/settings.js';
import { jsonString } from '../../core/util/json-string.js';

export { jsonString };

export type HubLogger = PinoLogger;

/** What {@link infoLine} needs to write the line pino would, for a logger of {@link createLogger}. */
interface LineFormat {
  time: () => string;
  bindings: string;
  destination: LineTap;
}

const formats = new WeakMap<object, LineFormat>();

/** One JSON line per event on stdout (or the given destination). */
export function createLogger(level: LogLevel, destination?: NodeJS.WritableStream): HubLogger {
  const time = isoTimeByMillisecond();
  const target = new LineTap(destination ?? new LineBatch(pino.destination({ dest: 1, sync: false })));
  const logger = pino(
    {
      level,
      base: { pid: process.pid },
      timestamp: time,
      formatters: { level: (label) => ({ level: label }) },
    },
    target,
  );
  formats.set(logger, { time, bindings: `,"pid":${process.pid}`, destination: target });
  return logger;
}

const INFO = 30;

/** What tracing and log export add to a logger's lines (docs/telemetry.md). */
export interface LogTelemetry {
  /** The active span's ids as JSON members (`,"trace_id":…,"span_id":…`); null outside a sampled trace. */
  activeIds?: () => string | null;
  /** Receives every line written (log export over OTLP). */
  exportLine?: (line: string) => void;
}

/**
 * Makes a logger of {@link createLogger} add the active span's ids to each line written inside a
 * trace, and hand every line to the log exporter too; stdout is written as before. False for
 * another logger. Telemetry starts after the logger (the logger reports how it starts).
 */
export function attachLogTelemetry(logger: object, telemetry: LogTelemetry): boolean {
  const format = formats.get(logger);
  if (format === undefined) return false;
  format.destination.activeIds = telemetry.activeIds ?? null;
  format.destination.exportLine = telemetry.exportLine ?? null;
  return true;
}

/**
 * Writes `logger.info(fields, message)` with the fields already in JSON: `members` holds them as
 * `,"name":value` each, values written by {@link jsonString} or String. The line is byte for byte
 * pino's (level label, time, the base bindings, the fields, the message), without pino's walk
 * over a fields object, the larger part of the cost of the line every request writes. False,
 * with nothing written, for a logger not made by {@link createLogger}: the caller then logs the
 * usual way. `levelOf` is the logger whose level decides, when the line stands for one written
 * through a child without bindings of its own (fastify's).
 */
export function infoLine(logger: object, members: string, message: string, levelOf: object = logger): boolean {
  const format = formats.get(logger);
  if (format === undefined) return false;
  // Like pino's own methods, nothing at all below the logger's level.
  if ((levelOf as PinoLogger).levelVal > INFO) return true;
  format.destination.write(`{"level":"info"${format.time()}${format.bindings}${members},"msg":${jsonString(message)}}\n`);
  return true;
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

/**
 * Where every line passes on its way out: with tracing on, a line written inside a sampled trace
 * gets the trace's ids (as the last members, unless it names them already: the request line,
 * written after its span ended, carries its own); with log export on, the line is also handed to
 * the exporter.
 * Both are off until telemetry starts, and cost one comparison each then.
 */
class LineTap implements DestinationStream {
  activeIds: (() => string | null) | null = null;
  exportLine: ((line: string) => void) | null = null;

  constructor(private readonly target: DestinationStream | NodeJS.WritableStream) {}

  write(line: string): void {
    if (this.activeIds !== null && line.endsWith('}\n') && !line.includes('"trace_id":')) {
      const ids = this.activeIds();
      if (ids !== null) line = `${line.slice(0, -2)}${ids}}\n`;
    }
    this.target.write(line);
    if (this.exportLine !== null) this.exportLine(line);
  }

  flush(callback?: (error?: Error) => void): void {
    const target = this.target as { flush?: (callback?: (error?: Error) => void) => void };
    if (target.flush) target.flush(callback);
    else callback?.();
  }

  flushSync(): void {
    (this.target as { flushSync?: () => void }).flushSync?.();
  }
}

type SonicBoom = ReturnType<typeof pino.destination>;

/** Batches holding lines not yet handed on, so that an exiting process still writes them. */
const unwritten = new Set<LineBatch>();
let exitHookInstalled = false;

/** How long a line may wait for others to share its write. */
const BATCH_MS = 5;
/** A batch this long (in UTF-16 units) is handed on without waiting out {@link BATCH_MS}. */
const BATCH_CHARS = 64 * 1024;

/**
 * Hands lines to sonic-boom in batches, a few milliseconds' worth at a time. Each hand-over
 * costs a write on libuv's thread pool: waking a worker, and the main thread again when it is
 * done, which under load (a line per request) cost more than forming the lines. A write per
 * event-loop turn still meant thousands a second, since a busy turn serves only a dozen
 * requests; a short wait gathers hundreds of lines per write. Handing on one string also keeps
 * sonic-boom from appending to its pending text and measuring all of it again for each line
 * while a write is under way. Lines keep their order; the exit hook writes what is still waiting.
 */
class LineBatch implements DestinationStream {
  private lines: string[] = [];
  private chars = 0;
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly target: SonicBoom) {
    if (!exitHookInstalled) {
      exitHookInstalled = true;
      // pino ends sonic-boom when the event loop empties ('beforeExit') and flushes it on 'exit':
      // waiting lines are handed on before either, so a process that finishes on its own keeps its last lines.
      process.prependListener('beforeExit', () => {
        for (const batch of unwritten) batch.handOnWaiting();
      });
      process.prependOnceListener('exit', () => {
        for (const batch of unwritten) batch.flushSync();
      });
    }
  }

  write(line: string): void {
    this.chars += line.length;
    if (this.lines.push(line) === 1) {
      unwritten.add(this);
      // Unreferenced: waiting lines must not keep an otherwise finished process alive.
      this.timer = setTimeout(this.handOn, BATCH_MS).unref();
    } else if (this.chars >= BATCH_CHARS) {
      this.handOn();
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

  handOnWaiting(): void {
    this.handOn();
  }

  private readonly handOn = (): void => {
    if (this.timer !== null) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    if (this.lines.length === 0) return;
    const text = this.lines.length === 1 ? this.lines[0]! : this.lines.join('');
    this.lines = [];
    this.chars = 0;
    unwritten.delete(this);
    this.target.write(text);
  };
}
