import { createRequire } from 'node:module';
import { Ajv, type Options } from 'ajv';
import ajvFormats from 'ajv-formats';
import type { FastifySchema, FastifySchemaValidationError } from 'fastify';

/**
 * JSON bodies are validated exactly as sent: a number where a string belongs is an error, not a
 * string. Query strings, path parameters and headers arrive as text, so they are coerced to the
 * declared types. Unknown properties are refused rather than dropped, and every problem is
 * reported, not only the first.
 *
 * The schemas are the hub's own, so they are not checked against the JSON Schema meta-schema on
 * every start (compiling the meta-schema cost each compiler about 0.1 s of CPU, paid by the first
 * request); a test checks them all instead (see {@link LazySchemas.validatorSchemas}).
 */
function compilerFor(coerceTypes: Options['coerceTypes']): Ajv {
  const ajv = new Ajv({ removeAdditional: false, allErrors: true, useDefaults: true, coerceTypes, addUsedSchema: false, strict: false, validateSchema: false });
  ajvFormats.default(ajv);
  return ajv;
}

type Validate = ((data: unknown) => boolean) & { errors?: FastifySchemaValidationError[] | null };

/**
 * Validators are compiled on a route's first request rather than at start-up: compiling all of
 * them took most of the boot, for routes a process may never serve. `schemas` keeps the pending
 * ones so that a test can compile them all at once.
 */
export function partAwareValidatorCompiler(schemas: LazySchemas = new LazySchemas()): (route: { schema: FastifySchema; httpPart?: string }) => Validate {
  let strict: Ajv | null = null;
  let coercing: Ajv | null = null;
  return ({ schema, httpPart }) =>
    schemas.validator(
      () => (httpPart === 'body' ? (strict ??= compilerFor(false)).compile(schema as object) : (coercing ??= compilerFor('array')).compile(schema as object)),
      schema as object,
    );
}

type Serialize = (data: unknown) => string;
interface SerializerRoute {
  schema: object;
  method: string;
  url: string;
  httpStatus: string;
  contentType?: string;
}
type SerializerFactory = (externalSchemas: unknown, options: unknown) => (route: SerializerRoute) => Serialize;

/**
 * Fastify's own response serializers (fast-json-stringify), each compiled on first use rather than
 * at start-up. For fastify's `schemaController.compilersFactory.buildSerializer`.
 */
export function lazySerializerFactory(schemas: LazySchemas): SerializerFactory {
  // Fastify's default, from fastify's own dependencies (it is not one of the hub's), loaded with
  // the first serializer compiled: it brings its own Ajv, some sixty modules.
  let build: SerializerFactory | null = null;
  const loadBuild = (): SerializerFactory => {
    const fromFastify = createRequire(createRequire(import.meta.url).resolve('fastify'));
    return (fromFastify('@fastify/fast-json-stringify-compiler') as () => SerializerFactory)();
  };
  return (externalSchemas, options) => {
    let compile: ((route: SerializerRoute) => Serialize) | null = null;
    return (route) => schemas.serializer(() => (compile ??= (build ??= loadBuild())(externalSchemas, options))(route));
  };
}

/** The validators and serializers not compiled yet. */
export class LazySchemas {
  private readonly pending = new Set<() => void>();
  /** The schema of every request validator, for a test to check against the meta-schema. */
  readonly validatorSchemas: object[] = [];

  validator(compile: () => Validate, schema: object): Validate {
    this.validatorSchemas.push(schema);
    const compiled = this.onFirstUse(compile);
    const validate: Validate = (data) => {
      const target = compiled();
      const valid = target(data);
      // Fastify reads the errors of a failed validation from the function it was given.
      validate.errors = target.errors;
      return valid;
    };
    return validate;
  }

  serializer(compile: () => Serialize): Serialize {
    const compiled = this.onFirstUse(compile);
    return (data) => compiled()(data);
  }

  /** `compile` runs once, on the first call of the returned function (or in `compileAll`). */
  private onFirstUse<T>(compile: () => T): () => T {
    let compiled: T | null = null;
    const ensure = (): T => {
      if (compiled === null) {
        compiled = compile();
        this.pending.delete(ensure);
      }
      return compiled;
    };
    this.pending.add(ensure);
    return ensure;
  }

  /** Compiles everything still pending (tests: every schema of every route must compile). */
  compileAll(): number {
    const pending = [...this.pending];
    for (const compile of pending) compile();
    return pending.length;
  }
}

/**
 * For routes whose JSON body is optional (every field has a default): a request without a body
 * is validated as `{}`. Fastify would otherwise refuse the missing body as "must be object".
 */
export async function absentBodyIsEmpty(request: { body: unknown }): Promise<void> {
  // Only a body that is not there: a JSON `null` is a body of the wrong type, refused as such.
  if (request.body === undefined) request.body = {};
}
