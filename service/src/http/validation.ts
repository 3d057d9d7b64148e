import { Ajv, type Options } from 'ajv';
import ajvFormats from 'ajv-formats';
import type { FastifySchema } from 'fastify';

/**
 * JSON bodies are validated exactly as sent: a number where a string belongs is an error, not a
 * string. Query strings, path parameters and headers arrive as text, so they are coerced to the
 * declared types. Unknown properties are refused rather than dropped, and every problem is
 * reported, not only the first.
 */
function compilerFor(coerceTypes: Options['coerceTypes']): Ajv {
  const ajv = new Ajv({ removeAdditional: false, allErrors: true, useDefaults: true, coerceTypes, addUsedSchema: false, strict: false });
  ajvFormats.default(ajv);
  return ajv;
}

export function partAwareValidatorCompiler(): (route: { schema: FastifySchema; httpPart?: string }) => (data: unknown) => boolean {
  const strict = compilerFor(false);
  const coercing = compilerFor('array');
  return ({ schema, httpPart }) => (httpPart === 'body' ? strict : coercing).compile(schema as object);
}

/**
 * For routes whose JSON body is optional (every field has a default): a request without a body
 * is validated as `{}`. Fastify would otherwise refuse the missing body as "must be object".
 */
export async function absentBodyIsEmpty(request: { body: unknown }): Promise<void> {
  request.body ??= {};
}
