import type { HubLoops } from '../../../loops/compose.js';
import type { WorkloadIdentity } from '../core/workload-identity.js';

/**
 * The loop that rotates the issuer's signing key (docs/maintenance.md, docs/federation.md). A pass
 * reads one object unless a rotation is due, so it runs often enough that a rotation happens within
 * minutes of its due time and a retired key is pruned soon after its tokens expired. The lease keeps
 * replicas from making keys they would throw away (the ring's compare-and-swap keeps one anyway).
 */
export const KEY_ROTATION_LOOP = { name: 'federation_key_rotation', intervalMs: 10 * 60_000, lease: 'federation_key_rotation' } as const;

/** Where SERVICE_FEDERATION=on: the `federation_key_rotation` loop (it makes no first key: that is made on first use). */
export function registerKeyRotationLoop(loops: HubLoops, identity: Pick<WorkloadIdentity, 'rotateKeys'>, enabled: boolean): void {
  if (!enabled) return;
  loops.runner.register({
    ...KEY_ROTATION_LOOP,
    work: async ({ logger }) => {
      const pass = await identity.rotateKeys(new Date());
      if (pass.rotated || pass.pruned.length > 0) logger.info({ event: 'federation_keys_rotated', ...pass }, 'federation_keys_rotated');
    },
  });
}
