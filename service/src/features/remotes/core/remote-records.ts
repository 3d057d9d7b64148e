import { HubError } from '../../../core/errors.js';
import { PreconditionFailedError, type ObjectStore } from '../../../core/ports/object-store.js';
import type { SecretBox } from '../../../core/ports/secret-box.js';
import type { SealedRecordKind } from '../../../core/secrets/sealed-records.js';
import { openOptional, plaintextCount, sealOptional, type StoredSecret } from '../../../core/secrets/sealed-values.js';
import { getJson, jsonBody, retryOnConflict } from '../../../core/store/cas.js';
import { layout } from '../../../core/storage-layout.js';

/** A remote's name: what commands and routes call it (`team`, `eu-hub`). */
export const REMOTE_NAME_PATTERN = /^[a-z0-9][a-z0-9-]{0,39}$/;

/** Where the signed-in user's tokens come from, and how they are renewed. */
export type RemoteAuthorization =
  | {
      kind: 'oauth';
      /** This hub's client at the team hub's authorization server (dynamic registration, public client). */
      client_id: string;
      issuer: string;
      authorization_endpoint: string;
      token_endpoint: string;
      revocation_endpoint: string | null;
      /** The protected resource the tokens are for (RFC 8707) and the scope asked for. */
      resource: string;
      scope: string;
    }
  /** A personal access token of the team hub, given by a person (headless moves): never renewed. */
  | { kind: 'token' };

export type RemoteState = 'signing_in' | 'connected' | 'revoked';

/** `remotes/<name>`: a team hub this hub pulls from and pushes to, as one of its users. Tokens sealed. */
export interface RemoteRecord {
  schema_version: 1;
  name: string;
  /** The team hub's base URL, without a trailing slash. */
  url: string;
  /** The local user who signed in: only they pull and push through it. */
  owner_id: string;
  /** What the team hub said of itself (GET /api/v1/sync/hub); null until it was first asked. */
  hub: { id: string; name: string; version: string } | null;
  /** Who is signed in on the team hub, when the team hub said. */
  user_name: string | null;
  authorization: RemoteAuthorization;
  state: RemoteState;
  access_token: StoredSecret | null;
  /** When the access token stops working; null when unknown (a personal access token). */
  access_expires_at: string | null;
  refresh_token: StoredSecret | null;
  created_at: string;
  updated_at: string;
}

/** A record as code uses it: the tokens open. */
export type OpenRemote = Omit<RemoteRecord, 'access_token' | 'refresh_token'> & { access_token: string | null; refresh_token: string | null };

export const REVOKED_MESSAGE = 'the team hub revoked this connection: sign in again';

export function remoteKey(name: string): string {
  return layout.remote(name);
}

/** The record with its tokens sealed (sealed ones kept): every write, and the migration of old records. */
export function sealRemote(box: SecretBox, key: string, record: RemoteRecord | OpenRemote): { record: RemoteRecord; sealed: number } {
  return {
    record: {
      ...record,
      access_token: sealOptional(box, record.access_token, key, 'access_token'),
      refresh_token: sealOptional(box, record.refresh_token, key, 'refresh_token'),
    },
    sealed: plaintextCount(record.access_token, record.refresh_token),
  };
}

export const REMOTE_SEALED_RECORDS: SealedRecordKind = {
  name: 'remotes',
  prefix: layout.remotesPrefix,
  holds: (key) => /^remotes\/[a-z0-9][a-z0-9-]{0,39}$/.test(key),
  sealPlaintext: (box, key, record) => sealRemote(box, key, record as RemoteRecord),
};

/** Persistence of remotes: one object each, its tokens sealed, changed by compare-and-swap. */
export class RemoteRecords {
  constructor(
    private readonly store: ObjectStore,
    private readonly box: SecretBox,
  ) {}

  async get(name: string): Promise<OpenRemote | null> {
    if (!REMOTE_NAME_PATTERN.test(name)) return null;
    const key = remoteKey(name);
    const found = await getJson<RemoteRecord>(this.store, key);
    return found ? this.open(key, found.value) : null;
  }

  async list(): Promise<OpenRemote[]> {
    const remotes: OpenRemote[] = [];
    let cursor: string | undefined;
    do {
      const page = await this.store.list(layout.remotesPrefix, { cursor });
      for (const item of page.items) {
        const name = item.key.slice(layout.remotesPrefix.length);
        const remote = REMOTE_NAME_PATTERN.test(name) ? await this.get(name) : null;
        if (remote) remotes.push(remote);
      }
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    return remotes.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }

  /** Stores a new remote; CONFLICT when the name is taken. */
  async create(record: OpenRemote): Promise<OpenRemote> {
    const key = remoteKey(record.name);
    try {
      await this.store.put(key, jsonBody(sealRemote(this.box, key, record).record), { ifNoneMatch: '*' });
    } catch (error) {
      if (error instanceof PreconditionFailedError)
        throw new HubError('CONFLICT', `a remote named ${record.name} exists already; remove it first or choose another name`);
      throw error;
    }
    return record;
  }

  /**
   * Changes a remote by compare-and-swap; `change` may run several times and may throw to refuse.
   * NOT_FOUND when the remote is gone.
   */
  async update(name: string, change: (current: OpenRemote) => OpenRemote): Promise<OpenRemote> {
    const key = remoteKey(name);
    return retryOnConflict(key, async () => {
      const found = await getJson<RemoteRecord>(this.store, key);
      if (!found) throw new HubError('NOT_FOUND', `no remote named ${name}`);
      const next = change(this.open(key, found.value));
      await this.store.put(key, jsonBody(sealRemote(this.box, key, next).record), { ifMatch: found.etag });
      return next;
    });
  }

  async delete(name: string): Promise<void> {
    await this.store.delete(remoteKey(name));
  }

  private open(key: string, record: RemoteRecord): OpenRemote {
    return {
      ...record,
      access_token: openOptional(this.box, record.access_token, key, 'access_token'),
      refresh_token: openOptional(this.box, record.refresh_token, key, 'refresh_token'),
    };
  }
}
