import type { ObjectStore } from '../ports/object-store.js';
import { errorCodeOf, type SpanAttributes, type SpanKind, type Tracer } from '../ports/tracing.js';

export interface TracedMethods {
  /** The span names' first part: `store` gives `store.get`, `store.put`. */
  prefix: string;
  /**
   * The methods that get a span; by default every `async` method of the object's class: the
   * others only compute, and a span would cost more than they do.
   */
  methods?: readonly string[];
  kind?: SpanKind;
  /** What a call's span says about it, from its arguments (never a payload). */
  attributes?(method: string, args: readonly unknown[]): SpanAttributes;
}

/** Objects whose methods are spanned already: a second call adds nothing (no span inside its own twin). */
const instrumented = new WeakSet<object>();

/**
 * Puts each of `target`'s methods inside a span, when the call happens inside a recorded trace (a
 * request, a job run, a loop attempt); calls outside one start no trace of their own. A method
 * that returns a promise is spanned until it settles, one that does not until it returns. The
 * target itself is instrumented (each method an own property in front of its class's), so that
 * every holder of it gets the spans: routes and MCP tools a feature built with it as well as the
 * hub's use cases. Where tracing is off, nothing is added. Answers `target`.
 */
export function traced<T extends object>(target: T, tracer: Tracer, options: TracedMethods): T {
  if (!tracer.enabled || instrumented.has(target)) return target;
  instrumented.add(target);
  const kind = options.kind ?? 'internal';
  for (const method of options.methods ?? methodsOf(target)) {
    const original = (target as Record<string, unknown>)[method];
    if (typeof original !== 'function') continue;
    const call = original as (...args: unknown[]) => unknown;
    const name = `${options.prefix}.${method}`;
    const spanned = (...args: unknown[]): unknown => {
      // Outside a recorded trace (a timer's work, a request that is not sampled) the call is made
      // as it is: no span, no attributes, no promise of its own.
      if (!tracer.recording()) return call.apply(target, args);
      const span = tracer.startSpan(name, { kind, onlyInTrace: true, ...(options.attributes ? { attributes: options.attributes(method, args) } : {}) });
      let result: unknown;
      try {
        result = span.run(() => call.apply(target, args));
      } catch (error) {
        span.fail(errorCodeOf(error));
        span.end();
        throw error;
      }
      if (!isPromise(result)) {
        span.end();
        return result;
      }
      return result.then(
        (value) => {
          span.end();
          return value;
        },
        (error: unknown) => {
          span.fail(errorCodeOf(error));
          span.end();
          throw error;
        },
      );
    };
    // Like a class's methods: not enumerable, so that copies of the object's fields stay as they were.
    Object.defineProperty(target, method, { value: spanned, writable: true, configurable: true, enumerable: false });
  }
  return target;
}

const isPromise = (value: unknown): value is Promise<unknown> => typeof (value as { then?: unknown } | null)?.then === 'function';

const AsyncFunction = (async () => {}).constructor;

/** The `async` methods of an object's class and the classes it extends (not Object's). */
function methodsOf(target: object): string[] {
  const names = new Set<string>();
  for (let proto = Object.getPrototypeOf(target) as object | null; proto && proto !== Object.prototype; proto = Object.getPrototypeOf(proto) as object | null) {
    for (const name of Object.getOwnPropertyNames(proto)) {
      if (name === 'constructor') continue;
      const descriptor = Object.getOwnPropertyDescriptor(proto, name);
      if (descriptor?.value instanceof AsyncFunction) names.add(name);
    }
  }
  return [...names];
}

/** Each area's use cases in spans named `usecase.<area>.<method>` (`usecase.sessions.start`); answers `useCases`. */
export function tracedUseCases<T extends object>(useCases: T, tracer: Tracer): T {
  for (const [area, cases] of Object.entries(useCases)) {
    if (cases !== null && typeof cases === 'object') traced(cases as object, tracer, { prefix: `usecase.${area}` });
  }
  return useCases;
}

/** The part of a store key that says what kind of record it is (`records/projects`), never the ids or hashes after it. */
export function storeArea(key: unknown): string {
  return typeof key === 'string' ? key.split('/', 2).join('/') : '';
}

/** The object store with a span per call inside a trace (`store.get`, `store.put`, …). */
export function tracedStore(store: ObjectStore, tracer: Tracer): ObjectStore {
  return traced(store, tracer, {
    prefix: 'store',
    methods: ['get', 'head', 'put', 'delete', 'list'],
    kind: 'client',
    attributes: (_method, [key]) => ({ 'db.system.name': store.kind, 'notebook_hub.store.area': storeArea(key) }),
  });
}
