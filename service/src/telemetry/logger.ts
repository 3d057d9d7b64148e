import pino, { type Logger as PinoLogger } from 'pino';
import type { LogLevel } from '../config/settings.js';

export type HubLogger = PinoLogger;

/** One JSON line per event on stdout (or the given destination). */
export function createLogger(level: LogLevel, destination?: NodeJS.WritableStream): HubLogger {
  return pino(
    {
      level,
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    destination ?? pino.destination({ dest: 1, sync: false }),
  );
}
