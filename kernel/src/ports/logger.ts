/**
 * The structured logger the core writes to. Fields first, message second; every line is one JSON
 * object. The pino logger of the host satisfies this shape.
 */
export interface Logger {
  fatal(fields: object, message?: string): void;
  error(fields: object, message?: string): void;
  warn(fields: object, message?: string): void;
  info(fields: object, message?: string): void;
  debug(fields: object, message?: string): void;
  child(bindings: Record<string, unknown>): Logger;
}
