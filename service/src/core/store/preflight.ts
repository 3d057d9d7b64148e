import { randomBytes } from 'node:crypto';
import { layout } from '../storage-layout.js';
import { PreconditionFailedError, type ObjectStore } from '../ports/object-store.js';

export type PreflightResult =
  | { outcome: 'ok' }
  /** The store accepted a write it should have refused: sharing it would lose updates. */
  | { outcome: 'ignores-conditional-writes'; detail: string }
  /** The store could not be probed (network, credentials, bucket); boot may continue. */
  | { outcome: 'unreachable'; error: Error };

/**
 * Probes that the store honours conditional writes, using a throw-away key. Every safety property
 * of the catalog and the leases rests on this, so a store that ignores them is a fatal
 * misconfiguration, while a store that cannot be reached right now is only reported.
 */
export async function preflightStore(store: ObjectStore): Promise<PreflightResult> {
  const key = layout.preflightProbe(`probe-${Date.now().toString(36)}-${randomBytes(6).toString('hex')}`);
  try {
    const first = await store.put(key, 'probe-1', { ifNoneMatch: '*' });
    const refusals: [string, () => Promise<unknown>][] = [
      ['If-None-Match: * on an existing object', () => store.put(key, 'probe-2', { ifNoneMatch: '*' })],
      ['If-Match with a stale ETag', () => store.put(key, 'probe-3', { ifMatch: '"00000000000000000000000000000000"' })],
      ['conditional delete with a stale ETag', () => store.delete(key, { ifMatch: '"00000000000000000000000000000000"' })],
    ];
    for (const [condition, attempt] of refusals) {
      const refused = await attempt().then(
        () => false,
        (error: unknown) => {
          if (error instanceof PreconditionFailedError) return true;
          throw error;
        },
      );
      if (!refused) {
        await store.delete(key).catch(() => {});
        return { outcome: 'ignores-conditional-writes', detail: `the store accepted a write with ${condition}` };
      }
    }
    await store.delete(key, { ifMatch: first.etag });
    return { outcome: 'ok' };
  } catch (error) {
    await store.delete(key).catch(() => {});
    return { outcome: 'unreachable', error: error instanceof Error ? error : new Error(String(error)) };
  }
}
