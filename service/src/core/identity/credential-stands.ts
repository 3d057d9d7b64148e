import type { ObjectStore } from '../ports/object-store.js';
import { layout } from '../storage-layout.js';
import type { Credential } from './authenticator.js';

/**
 * Whether a credential a ticket or pass was issued to still stands: the browser sign-in not ended,
 * the connected client's grant not revoked, the token not revoked. One issued before credentials
 * were traced (no secret hash) stands on its own expiry alone.
 */
export async function credentialStands(store: ObjectStore, credential: Credential): Promise<boolean> {
  if (credential.secretHash === undefined) return true;
  const key =
    credential.kind === 'session'
      ? layout.loginSession(credential.secretHash)
      : credential.oauth
        ? layout.oauthGrant(credential.tokenId)
        : layout.token(credential.secretHash);
  return (await store.head(key)) !== null;
}
