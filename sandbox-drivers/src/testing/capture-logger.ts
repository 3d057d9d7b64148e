import type { Logger } from '@notebook-hub/kernel/ports/logger.js';

export interface CapturedLine {
  level: string;
  fields: Record<string, unknown>;
  message?: string;
}

/** A Logger that keeps what it is given, for assertions on structured events. */
export function captureLogger(lines: CapturedLine[] = []): Logger & { lines: CapturedLine[] } {
  const at = (level: string) => (fields: object, message?: string) => {
    lines.push({ level, fields: fields as Record<string, unknown>, message });
  };
  const logger = {
    lines,
    fatal: at('fatal'),
    error: at('error'),
    warn: at('warn'),
    info: at('info'),
    debug: at('debug'),
    child: () => logger,
  };
  return logger;
}
