import { randomBytes } from 'node:crypto';
import { deploymentKey, EnvelopeSecretBox } from '../../service/src/adapters/secrets/envelope-secret-box.js';
import type { SecretBox } from '../../service/src/core/ports/secret-box.js';

/** The hub's own secret box under a new random deployment key, for services built without a hub. */
export function newSecretBox(): SecretBox {
  return new EnvelopeSecretBox({ active: deploymentKey(randomBytes(32)) });
}
