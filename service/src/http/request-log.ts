import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify';
import { jsonString } from '../core/util/json-string.js';
import { matchedRoute } from './matched-route.js';
import { recordedTraceparentOf, traceMembersOf } from './request-tracing.js';

// fastify's logger types, as its child loggers take them (the logging library stays the adapter's).
type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildLoggerOptions = NonNullable<Parameters<FastifyBaseLogger['child']>[1]>;

/**
 * Exactly one JSON line per request (docs/telemetry.md), written when the response is complete: at info,
 * or at error for a failure. Health probes and proxied notebook traffic are requests too, so they
 * are logged like any other; an operator who wants fewer lines raises SERVICE_LOG_LEVEL.
 */
export class OneLinePerRequest extends LogController {
  /**
   * @param infoLine Writes an info line of the logger fastify was given from fields already in JSON
   * (`members`, each `,"name":value`), with the level of `levelOf` deciding; false, with nothing
   * written, where the logger offers no such shortcut (the line is then logged the usual way).
   */
  constructor(private readonly infoLine: InfoLineWriter = NO_INFO_LINE) {
    super();
  }

  override incomingRequest(): void {}

  override routeNotFound(): void {}

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply): void {
    const status = reply.statusCode;
    // Fastify passes undefined, not null, when the response finished normally.
    const failed = Boolean(error) || status >= 500;
    // The path as the client sent it: under a path prefix, with the base (the route is matched without it).
    const url = request.originalUrl;
    const query = url.indexOf('?');
    const route = matchedRoute(request).url;
    const path = query === -1 ? url : url.slice(0, query);
    const durationMs = Math.round(reply.elapsedTime * 100) / 100;
    const log = reply.log;
    const parent = log instanceof RequestLogger ? log.parentWhileUnused() : null;
    if (parent !== null && !failed) {
      // `reqId` leads the fields just where the request child's binding would have put it.
      const members = `,"reqId":${jsonString(request.id)},"event":"http_request","method":${jsonString(request.method)},"route":${route === null ? 'null' : jsonString(route)},"url":${jsonString(path)},"status":${status},"duration_ms":${Number.isFinite(durationMs) ? durationMs : null}${traceMembersOf(request)}`;
      if (this.infoLine(members, 'request', parent)) return;
    }
    // One object shape per call keeps the logger's property reads monomorphic; pino leaves out
    // `err` and the trace's ids when they are undefined.
    const traceparent = recordedTraceparentOf(request);
    const trace_id = traceparent?.slice(3, 35);
    const span_id = traceparent?.slice(36, 52);
    if (parent !== null) {
      const fields = {
        reqId: request.id,
        event: 'http_request',
        method: request.method,
        route,
        url: path,
        status,
        duration_ms: durationMs,
        err: error || undefined,
        trace_id,
        span_id,
      };
      if (failed) parent.error(fields, 'request');
      else parent.info(fields, 'request');
      return;
    }
    const fields = {
      event: 'http_request',
      method: request.method,
      route,
      url: path,
      status,
      duration_ms: durationMs,
      err: error || undefined,
      trace_id,
      span_id,
    };
    if (failed) log.error(fields, 'request');
    else log.info(fields, 'request');
  }
}

/** A logger's shortcut for an info line whose fields are already JSON (see {@link OneLinePerRequest}). */
export type InfoLineWriter = (members: string, message: string, levelOf: object) => boolean;

const NO_INFO_LINE: InfoLineWriter = () => false;

type Forward = (this: FastifyBaseLogger, ...args: unknown[]) => void;

/**
 * The logger of one request (fastify's `childLoggerFactory`). Fastify asks for a child logger for
 * every request, and a pino child costs an object and a serialized copy of its bindings, while
 * most requests only write their one line, which {@link OneLinePerRequest} sends through the
 * parent with the request id as a field. The pino child is made when something else logs.
 */
export class RequestLogger implements FastifyBaseLogger {
  private made: FastifyBaseLogger | null = null;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  /** The parent, as long as no child exists and the route asks for no level or serializers of its own. */
  parentWhileUnused(): FastifyBaseLogger | null {
    return this.made === null && this.options.level === undefined && this.options.serializers === undefined ? this.parent : null;
  }

  get level(): FastifyBaseLogger['level'] {
    return this.made?.level ?? this.options.level ?? this.parent.level;
  }

  set level(level: FastifyBaseLogger['level']) {
    this.materialize().level = level;
  }

  fatal(...args: unknown[]): void {
    this.forward('fatal', args);
  }

  error(...args: unknown[]): void {
    this.forward('error', args);
  }

  warn(...args: unknown[]): void {
    this.forward('warn', args);
  }

  info(...args: unknown[]): void {
    this.forward('info', args);
  }

  debug(...args: unknown[]): void {
    this.forward('debug', args);
  }

  trace(...args: unknown[]): void {
    this.forward('trace', args);
  }

  silent(): void {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.materialize().child(bindings, options);
  }

  private forward(level: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace', args: unknown[]): void {
    const log = this.materialize();
    (log[level] as Forward).apply(log, args);
  }

  private materialize(): FastifyBaseLogger {
    return (this.made ??= this.parent.child(this.bindings, this.options));
  }
}

export function requestLoggers(logger: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions): FastifyBaseLogger {
  return new RequestLogger(logger, bindings, options);
}
