import { Type, type TSchema } from 'typebox';
import { ERROR_CODES } from '../core/errors.js';

/** Named schemas, registered once and referenced from routes (they become OpenAPI components). */
export const ErrorEnvelope = Type.Object(
  {
    success: Type.Literal(false),
    error: Type.Object({
      code: Type.Enum([...ERROR_CODES]),
      message: Type.String(),
      details: Type.Optional(Type.Array(Type.Object({ field: Type.String(), message: Type.String() }))),
      request_id: Type.Optional(Type.String()),
    }),
  },
  { $id: 'ErrorEnvelope', description: 'Failure envelope: see docs/errors.md for every code and its HTTP status' },
);

export const SuccessResponse = Type.Object({ success: Type.Literal(true) }, { $id: 'SuccessResponse' });

export const NAMED_SCHEMAS: TSchema[] = [ErrorEnvelope, SuccessResponse];

export const errorRef = Type.Unsafe<unknown>({ $ref: 'ErrorEnvelope#' });

/** The envelope's schema with what a failure status means on a route, as a plain object (cheap to make at start-up). */
export const failureSchema = (description: string) => ({ $ref: 'ErrorEnvelope#', description });

/** A failure status a route documents, with what it means there (the body is the envelope). */
export const Failure = (description: string) => Type.Unsafe<unknown>(failureSchema(description));

/** `{success: true, data}` */
export function Envelope<T extends TSchema>(data: T) {
  return Type.Object({ success: Type.Literal(true), data });
}

/** `{items, next_cursor}`; a null cursor marks the last page. */
export function Page<T extends TSchema>(item: T) {
  return Type.Object({ items: Type.Array(item), next_cursor: Type.Union([Type.String(), Type.Null()]) });
}

export const PageQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, description: 'Page size; larger values are capped at limits.max_page_size' })),
  cursor: Type.Optional(Type.String({ minLength: 1, maxLength: 4096, description: 'A next_cursor from the previous page' })),
});

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const DateTime = Type.String({ format: 'date-time' });

/**
 * The trace an item's work ran in (docs/telemetry.md, "Links to a trace"), to look it up in the trace
 * viewer; null where it was not traced. A trace id is no secret.
 */
export const TraceId = (of: string) =>
  Type.Optional(
    Nullable(Type.String({ pattern: '^[0-9a-f]{32}$', description: `The W3C trace id of ${of}; null where tracing was off or the trace was not sampled` })),
  );

/**
 * The success answer of a content route: raw bytes of `mediaType`, not the JSON envelope (its
 * failures still are; docs/errors.md). `*\/*` when the type follows the content (workspace files).
 */
export function RawContent(description: string, mediaType: string, schema: object = { type: 'string' }) {
  return Type.Unsafe<unknown>({ description, content: { [mediaType]: { schema } } });
}

export const BINARY = { type: 'string', format: 'binary' };
