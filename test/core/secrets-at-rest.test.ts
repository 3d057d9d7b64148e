import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deploymentKey, EnvelopeSecretBox, type DeploymentKey } from '../../service/src/adapters/secrets/envelope-secret-box.js';
import { FsObjectStore } from '../../service/src/adapters/store/fs-store.js';
import { makeTempDir } from '../support/temp-dir.js';
import { BOUND_REPOSITORY, PLAINTEXT_SECRETS, plaintextSecretsIn, writePlaintextRecords, type PlaintextRecordKeys } from '../support/plaintext-secrets.js';
import { AlertDestinationRecords } from '../../service/src/features/alerts/core/destination-records.js';
import { Catalog } from '../../service/src/core/catalog/catalog.js';
import { GitCredentialStore } from '../../service/src/features/git/core/git-credentials.js';
import { sealGitCredentials, type StoredGitCredentials } from '../../service/src/features/git/core/legacy-git-credentials.js';
import type { GitRepoRules } from '../../service/src/features/git/core/git-source-config.js';
import type { ObjectStore, PutOptions } from '../../service/src/core/ports/object-store.js';
import { isSealedSecret, type SecretBox } from '../../service/src/core/ports/secret-box.js';
import { SessionStore } from '../../service/src/core/sessions/session-store.js';
import { getJson, jsonBody } from '../../service/src/core/store/cas.js';
import { layout } from '../../service/src/core/storage-layout.js';
import { SecretsAtRest, SecretsKeyMismatchError } from '../../service/src/core/secrets/secrets-at-rest.js';
import { openValue } from '../../service/src/core/secrets/sealed-values.js';
import { sealedRecordKinds } from '../../service/src/compose/features.js';

/** What the hub walks: the base's records with secrets and the features'. */
const KINDS = sealedRecordKinds();

/** Every secret the plaintext records hold: two tokens, three alert values, two session secrets, a warm one, a replay, a verifier. */
const SECRETS_IN_RECORDS = 10;
/** The records holding them: one of each kind. */
const RECORDS = 6;

const newKey = () => deploymentKey(randomBytes(32));
const RULES: GitRepoRules = { providerUrls: { github: 'https://github.com', gitlab: 'https://gitlab.com' }, allowHttp: false, allowPrivateNetworks: false };
const gitCredentials = (store: ObjectStore, box: SecretBox) => new GitCredentialStore(store, box, RULES);
const boxOf = (active: DeploymentKey, ...retired: DeploymentKey[]) => new EnvelopeSecretBox({ active, retired });

/** A store that lets a test act just before a put reaches the disk, or fail it. */
function interceptedStore(inner: ObjectStore, beforePut: (key: string, options: PutOptions | undefined) => Promise<void>): ObjectStore {
  return new Proxy(inner, {
    get(target, property, receiver) {
      if (property === 'put') {
        return async (key: string, body: Buffer | string, options?: PutOptions) => {
          await beforePut(key, options);
          return target.put(key, body, options);
        };
      }
      const value = Reflect.get(target, property, receiver) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

describe('secrets at rest', () => {
  let temp: { dir: string; cleanup: () => Promise<void> };
  let store: FsObjectStore;
  let keys: PlaintextRecordKeys;

  beforeEach(async () => {
    temp = await makeTempDir('secrets-at-rest');
    store = new FsObjectStore(temp.dir);
    keys = await writePlaintextRecords(store);
  });
  afterEach(() => temp.cleanup());

  /** Every stored object's bytes, by key. */
  async function everyObject(): Promise<Map<string, Buffer>> {
    const objects = new Map<string, Buffer>();
    for (const item of (await store.list('')).items) objects.set(item.key, (await store.get(item.key))!.body);
    return objects;
  }

  /** The key ids of every sealed secret in the store. */
  async function sealedKeyIds(): Promise<string[]> {
    const kids: string[] = [];
    const visit = (node: unknown): void => {
      if (isSealedSecret(node)) kids.push(node.kid);
      else if (typeof node === 'object' && node !== null) Object.values(node).forEach(visit);
    };
    for (const [key, body] of await everyObject()) if (key !== layout.secretsState) visit(JSON.parse(body.toString('utf8')));
    return kids;
  }

  async function expectReadable(box: SecretBox): Promise<void> {
    const git = gitCredentials(store, box);
    expect(await git.read(keys.projectId, BOUND_REPOSITORY.url)).toEqual({ username: 'x-access-token', password: PLAINTEXT_SECRETS.readToken });
    expect(await git.write(keys.projectId, BOUND_REPOSITORY.url)).toEqual({ username: 'x-access-token', password: PLAINTEXT_SECRETS.writeToken });
    const destinations = await new AlertDestinationRecords(store, box).all(keys.projectId);
    expect(destinations.map((d) => [d.url, d.signing_secret])).toEqual([
      [PLAINTEXT_SECRETS.webhookUrl, PLAINTEXT_SECRETS.signingSecret],
      [PLAINTEXT_SECRETS.slackUrl, null],
    ]);
    const session = await new SessionStore(store, new Catalog(store), box).get(keys.projectId, keys.sessionId);
    expect([session?.secret, session?.surfaces?.vscode?.secret]).toEqual([PLAINTEXT_SECRETS.sessionSecret, PLAINTEXT_SECRETS.surfaceSecret]);
    const warm = (await getJson<{ secret: SealedSecretOrText }>(store, keys.warm))!.value;
    expect(openValue(box, warm.secret, keys.warm, 'secret')).toBe(PLAINTEXT_SECRETS.warmSecret);
    const replay = (await getJson<{ body: SealedSecretOrText }>(store, keys.replay))!.value;
    expect(openValue(box, replay.body, keys.replay, 'body')).toContain(PLAINTEXT_SECRETS.syncToken);
    const flow = (await getJson<{ code_verifier: SealedSecretOrText }>(store, keys.loginFlow))!.value;
    expect(openValue(box, flow.code_verifier, keys.loginFlow, 'code_verifier')).toBe(PLAINTEXT_SECRETS.codeVerifier);
  }
  type SealedSecretOrText = Parameters<typeof openValue>[1];

  it('seals the plaintext an older hub left, once, and every reader still gets the secrets', async () => {
    expect([...(await everyObject()).values()].flatMap((body) => plaintextSecretsIn(body))).toHaveLength(SECRETS_IN_RECORDS);
    const box = boxOf(newKey());
    const lines: string[] = [];
    const first = await new SecretsAtRest(store, box, { kinds: KINDS }).prepare((line) => lines.push(line));
    expect(first.migrated).toEqual({ records: RECORDS, sealed: SECRETS_IN_RECORDS, rewrapped: 0, unreadable: [] });
    expect(lines).toEqual(expect.arrayContaining([expect.stringMatching(/^Git credentials: 1 record\(s\) checked, 2 plaintext secret\(s\) sealed$/)]));
    expect(first.state).toMatchObject({ plaintext_sealed_at: expect.any(String), rotation: null, check: { kid: box.activeKeyId } });

    for (const [key, body] of await everyObject()) expect([key, plaintextSecretsIn(body)]).toEqual([key, []]);
    expect(await sealedKeyIds()).toEqual(Array(SECRETS_IN_RECORDS).fill(box.activeKeyId));
    await expectReadable(box);

    // Done once per store; and a walk again (the state lost) changes nothing already sealed.
    const etags = new Map([...(await everyObject()).keys()].map((key) => [key, key]));
    for (const key of etags.keys()) etags.set(key, (await store.head(key))!.etag);
    expect((await new SecretsAtRest(store, box, { kinds: KINDS }).prepare()).migrated).toBeNull();
    await store.delete(layout.secretsState);
    expect((await new SecretsAtRest(store, box, { kinds: KINDS }).prepare()).migrated).toEqual({ records: RECORDS, sealed: 0, rewrapped: 0, unreadable: [] });
    for (const [key, etag] of etags) if (key !== layout.secretsState) expect((await store.head(key))?.etag).toBe(etag);
  });

  it('keeps what another writer changed meanwhile: each record is sealed by compare-and-swap', async () => {
    let raced = false;
    const racing = interceptedStore(store, async (key, options) => {
      if (key !== keys.credentials || raced || !options?.ifMatch) return;
      raced = true;
      const current = (await getJson<Record<string, unknown>>(store, key))!.value;
      await store.put(key, jsonBody({ ...current, username: 'changed-meanwhile' }));
    });
    const box = boxOf(newKey());
    await new SecretsAtRest(racing, box, { kinds: KINDS }).prepare();
    expect(raced).toBe(true);
    expect((await gitCredentials(store, box).read(keys.projectId, BOUND_REPOSITORY.url))?.username).toBe('changed-meanwhile');
    expect(plaintextSecretsIn((await store.get(keys.credentials))!.body)).toEqual([]);
  });

  it('stops at start when the store’s secrets are under a key it was not given', async () => {
    const first = boxOf(newKey());
    await new SecretsAtRest(store, first, { kinds: KINDS }).prepare();
    const stranger = boxOf(newKey());
    const error = await new SecretsAtRest(store, stranger, { kinds: KINDS }).prepare().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SecretsKeyMismatchError);
    expect(error).toMatchObject({ reason: 'unknown-key', kid: first.activeKeyId });
    // Without the state record, the records themselves give it away.
    await store.delete(layout.secretsState);
    const again = await new SecretsAtRest(store, stranger, { kinds: KINDS }).prepare().catch((caught: unknown) => caught);
    expect(again).toMatchObject({ reason: 'unknown-key', kid: first.activeKeyId, message: expect.stringContaining(`${RECORDS} stored record(s)`) });
  });

  describe('key rotation', () => {
    it('re-wraps every secret under the new key; the retired key can then go', async () => {
      const [old, next] = [newKey(), newKey()];
      await new SecretsAtRest(store, boxOf(old), { kinds: KINDS }).prepare();
      const rotating = boxOf(next, old);
      const lines: string[] = [];
      const outcome = await new SecretsAtRest(store, rotating, { kinds: KINDS }).rotate((line) => lines.push(line));
      expect(outcome).toEqual({ records: RECORDS, sealed: 0, rewrapped: SECRETS_IN_RECORDS, unreadable: [], finished: true });
      expect(lines).toContain('sessions: 1 record(s) checked, 2 re-wrapped');
      expect(await sealedKeyIds()).toEqual(Array(SECRETS_IN_RECORDS).fill(next.id));
      const state = (await SecretsAtRest.readState(store))!;
      expect(state.check.kid).toBe(next.id);
      expect(state.rotation).toMatchObject({ key_id: next.id, finished_at: expect.any(String) });
      await expectReadable(boxOf(next));
      expect(await new SecretsAtRest(store, boxOf(next), { kinds: KINDS }).prepare()).toMatchObject({ migrated: null });
      expect(await new SecretsAtRest(store, rotating, { kinds: KINDS }).rotate()).toMatchObject({ rewrapped: 0, finished: true });
    });

    it('is resumed where it stopped, and seals plaintext a hub of the old kind wrote meanwhile', async () => {
      const [old, next] = [newKey(), newKey()];
      await new SecretsAtRest(store, boxOf(old), { kinds: KINDS }).prepare();
      let puts = 0;
      const failing = interceptedStore(store, async (key) => {
        if (key !== layout.secretsState && ++puts > 2) throw new Error('the disk went away');
      });
      const rotating = boxOf(next, old);
      await expect(new SecretsAtRest(failing, rotating, { kinds: KINDS }).rotate()).rejects.toThrow('the disk went away');
      const stopped = await SecretsAtRest.readState(store);
      expect(SecretsAtRest.rotationUnfinished(stopped, next.id)).toBe(true);
      expect(new Set(await sealedKeyIds())).toEqual(new Set([old.id, next.id]));

      await store.put(keys.credentials, jsonBody({ ...(await getJson<object>(store, keys.credentials))!.value, read_token: 'plaintext-again-0123' }));
      const resumed = await new SecretsAtRest(store, rotating, { kinds: KINDS }).rotate();
      expect(resumed).toMatchObject({ sealed: 1, finished: true });
      expect(resumed.rewrapped).toBeLessThan(SECRETS_IN_RECORDS);
      expect((await SecretsAtRest.readState(store))!.rotation).toMatchObject({ key_id: next.id, started_at: stopped!.rotation!.started_at });
      expect(await sealedKeyIds()).toEqual(Array(SECRETS_IN_RECORDS).fill(next.id));
      expect((await gitCredentials(store, boxOf(next)).read(keys.projectId, BOUND_REPOSITORY.url))?.password).toBe('plaintext-again-0123');
    });

    it('does not finish while a record holds a secret under a key it was not given', async () => {
      const [lost, old, next] = [newKey(), newKey(), newKey()];
      await new SecretsAtRest(store, boxOf(old), { kinds: KINDS }).prepare();
      // An older hub's record written under a key this one was never given.
      const current = (await getJson<StoredGitCredentials>(store, keys.credentials))!.value;
      await store.put(keys.credentials, jsonBody(sealGitCredentials(boxOf(lost), keys.credentials, { ...current, read_token: 'under-a-lost-key' }).record));
      const outcome = await new SecretsAtRest(store, boxOf(next, old), { kinds: KINDS }).rotate();
      expect(outcome).toMatchObject({ finished: false, unreadable: [{ key: keys.credentials, kid: lost.id }] });
      expect(SecretsAtRest.rotationUnfinished(await SecretsAtRest.readState(store), next.id)).toBe(true);
    });
  });
});
