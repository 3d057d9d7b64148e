import { randomSecret, secretHash } from '../../../core/identity/secrets.js';
import type { ObjectStore } from '../../../core/ports/object-store.js';
import type { SecretBox } from '../../../core/ports/secret-box.js';
import type { SealedRecordKind } from '../../../core/secrets/sealed-records.js';
import { openValue, plaintextCount, sealValue, type StoredSecret } from '../../../core/secrets/sealed-values.js';
import { jsonBody, takeJson } from '../../../core/store/cas.js';
import { layout } from '../../../core/storage-layout.js';

/** How long the browser may take from the authorization URL back to the redirect URI. */
export const SIGN_IN_LIFETIME_MS = 10 * 60_000;
/** A state is 256 random bits, base64url. */
const STATE = /^[A-Za-z0-9_-]{43}$/;

/** `remote-sign-ins/<hash of the state>`: a sign-in awaiting the browser. Written once, taken once. */
export interface SignInRecord {
  schema_version: 1;
  remote: string;
  user_id: string;
  redirect_uri: string;
  code_verifier: StoredSecret;
  created_at: string;
  expires_at: string;
}

export function sealSignIn(box: SecretBox, key: string, record: SignInRecord): { record: SignInRecord; sealed: number } {
  return { record: { ...record, code_verifier: sealValue(box, record.code_verifier, key, 'code_verifier') }, sealed: plaintextCount(record.code_verifier) };
}

export const SIGN_IN_SEALED_RECORDS: SealedRecordKind = {
  name: 'remote sign-ins',
  prefix: layout.remoteSignInsPrefix,
  holds: (key) => /^remote-sign-ins\/[0-9a-f]{64}$/.test(key),
  sealPlaintext: (box, key, record) => sealSignIn(box, key, record as SignInRecord),
};

export type OpenSignIn = Omit<SignInRecord, 'code_verifier'> & { code_verifier: string };

/**
 * Pending sign-ins, each under the hash of its OAuth `state`: only the browser (and the authorization
 * server) ever see the state, and the PKCE verifier that redeems the code is sealed at rest.
 */
export class SignInFlows {
  constructor(
    private readonly store: ObjectStore,
    private readonly box: SecretBox,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async start(input: { remote: string; userId: string; redirectUri: string }): Promise<{ state: string; codeVerifier: string }> {
    const state = randomSecret();
    const codeVerifier = randomSecret();
    const at = this.now();
    const key = layout.remoteSignIn(secretHash(state));
    const record: SignInRecord = {
      schema_version: 1,
      remote: input.remote,
      user_id: input.userId,
      redirect_uri: input.redirectUri,
      code_verifier: codeVerifier,
      created_at: at.toISOString(),
      expires_at: new Date(at.getTime() + SIGN_IN_LIFETIME_MS).toISOString(),
    };
    await this.store.put(key, jsonBody(sealSignIn(this.box, key, record).record), { ifNoneMatch: '*' });
    return { state, codeVerifier };
  }

  /** Reads and deletes a sign-in in one step (a replayed or racing callback loses); null when unknown, used or expired. */
  async take(state: string): Promise<OpenSignIn | null> {
    if (!STATE.test(state)) return null;
    const key = layout.remoteSignIn(secretHash(state));
    const taken = await takeJson<SignInRecord>(this.store, key);
    if (taken === null || Date.parse(taken.expires_at) <= this.now().getTime()) return null;
    return { ...taken, code_verifier: openValue(this.box, taken.code_verifier, key, 'code_verifier') };
  }
}
