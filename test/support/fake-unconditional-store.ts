import type { ObjectStore } from '../../service/src/core/store/object-store.js';

/**
 * Wraps a real store so that it ignores every write condition, like S3-compatible servers without
 * conditional-write support (none can be run here to test against).
 */
export function fakeUnconditionalStore(inner: ObjectStore): ObjectStore {
  return new Proxy(inner, {
    get(target, property, receiver) {
      if (property === 'put') return (key: string, body: Buffer | string) => target.put(key, body);
      if (property === 'delete') return (key: string) => target.delete(key);
      return Reflect.get(target, property, receiver) as unknown;
    },
  });
}
