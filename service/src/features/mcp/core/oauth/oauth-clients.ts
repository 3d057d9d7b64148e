import type { AuditLog } from '../../../../core/audit/audit-log.js';
import { timeOrderedId } from '../../../../core/ids.js';
import type { ObjectStore } from '../../../../core/ports/object-store.js';
import { getJson, jsonBody } from '../../../../core/store/cas.js';
import { layout } from '../../../../core/storage-layout.js';
import { constantTimeEquals, randomSecret, secretHash } from '../../../../core/identity/secrets.js';
import { OAuthError } from './oauth-error.js';
import { registeredScopes, scopeString } from '../../../../core/identity/oauth-scopes.js';
import { assertRegistrableRedirectUri } from './redirect-uris.js';

export type ClientAuthMethod = 'none' | 'client_secret_post' | 'client_secret_basic';
const AUTH_METHODS: readonly ClientAuthMethod[] = ['none', 'client_secret_post', 'client_secret_basic'];
const GRANT_TYPES = ['authorization_code', 'refresh_token'] as const;
const MAX_REDIRECT_URIS = 10;
const MAX_NAME_LENGTH = 100;
export const CLIENT_ID_PATTERN = /^mcpc-[0-9a-z]{16}$/;

/** A registered client: `auth/oauth-clients/<client_id>`. Written once. */
export interface OAuthClientRecord {
  schema_version: 1;
  client_id: string;
  /** Null for a public client (a native or browser app that cannot keep a secret). */
  client_secret_hash: string | null;
  client_name: string;
  client_uri: string | null;
  redirect_uris: string[];
  token_endpoint_auth_method: ClientAuthMethod;
  grant_types: string[];
  /** The scopes it may ask for, space-separated. */
  scope: string;
  created_at: string;
}

/** What RFC 7591 answers a registration with: the record's metadata, its id, and (once) its secret. */
export interface RegisteredClient {
  client_id: string;
  client_id_issued_at: number;
  client_secret?: string;
  client_secret_expires_at?: 0;
  client_name: string;
  client_uri?: string;
  redirect_uris: string[];
  token_endpoint_auth_method: ClientAuthMethod;
  grant_types: string[];
  response_types: ['code'];
  scope: string;
}

/** The credentials a token or revocation request presented (RFC 6749 section 2.3). */
export interface PresentedClient {
  clientId: string | undefined;
  clientSecret: string | undefined;
  /** How the secret came: an Authorization header (basic) or the form body (post). */
  method: 'none' | 'client_secret_post' | 'client_secret_basic';
}

/**
 * Dynamic client registration (RFC 7591) and client authentication at the token endpoint. Anyone
 * may register (that is how an MCP client meets a hub it has never seen); a registration grants
 * nothing until a user approves the client on the consent page.
 */
export class OAuthClients {
  constructor(
    private readonly store: ObjectStore,
    private readonly audit: AuditLog,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async register(metadata: Record<string, unknown>): Promise<RegisteredClient> {
    const record = this.recordOf(metadata);
    const secret = record.token_endpoint_auth_method === 'none' ? undefined : randomSecret();
    if (secret !== undefined) record.client_secret_hash = secretHash(secret);
    await this.store.put(layout.oauthClient(record.client_id), jsonBody(record), { ifNoneMatch: '*' });
    await this.audit.append({
      event: 'oauth.client_register',
      actor: 'anonymous',
      metadata: { client_id: record.client_id, client_name: record.client_name, redirect_uris: record.redirect_uris },
    });
    return {
      client_id: record.client_id,
      client_id_issued_at: Math.floor(Date.parse(record.created_at) / 1000),
      ...(secret === undefined ? {} : { client_secret: secret, client_secret_expires_at: 0 as const }),
      client_name: record.client_name,
      ...(record.client_uri === null ? {} : { client_uri: record.client_uri }),
      redirect_uris: record.redirect_uris,
      token_endpoint_auth_method: record.token_endpoint_auth_method,
      grant_types: record.grant_types,
      response_types: ['code'],
      scope: record.scope,
    };
  }

  async get(clientId: string): Promise<OAuthClientRecord | null> {
    if (!CLIENT_ID_PATTERN.test(clientId)) return null;
    return (await getJson<OAuthClientRecord>(this.store, layout.oauthClient(clientId)))?.value ?? null;
  }

  /** The client a token or revocation request comes from, authenticated as it registered. */
  async authenticate(presented: PresentedClient): Promise<OAuthClientRecord> {
    const client = presented.clientId === undefined ? null : await this.get(presented.clientId);
    if (!client) throw new OAuthError('invalid_client', 'unknown client_id; register the client again');
    if (client.token_endpoint_auth_method === 'none') {
      if (presented.clientSecret !== undefined) throw new OAuthError('invalid_client', 'this client registered as public: send no client secret');
      return client;
    }
    if (presented.method !== client.token_endpoint_auth_method || presented.clientSecret === undefined) {
      throw new OAuthError('invalid_client', `this client authenticates with ${client.token_endpoint_auth_method}`);
    }
    if (client.client_secret_hash === null || !constantTimeEquals(secretHash(presented.clientSecret), client.client_secret_hash)) {
      throw new OAuthError('invalid_client', 'the client secret is wrong');
    }
    return client;
  }

  private recordOf(metadata: Record<string, unknown>): OAuthClientRecord {
    const redirectUris = metadata.redirect_uris;
    if (!Array.isArray(redirectUris) || redirectUris.length === 0) {
      throw new OAuthError('invalid_redirect_uri', 'redirect_uris must list at least one redirect URI');
    }
    if (redirectUris.length > MAX_REDIRECT_URIS) throw new OAuthError('invalid_redirect_uri', `at most ${MAX_REDIRECT_URIS} redirect URIs`);
    const authMethod = metadata.token_endpoint_auth_method ?? 'client_secret_basic';
    if (!AUTH_METHODS.includes(authMethod as ClientAuthMethod)) {
      throw new OAuthError('invalid_client_metadata', `token_endpoint_auth_method must be one of ${AUTH_METHODS.join(', ')}`);
    }
    const grantTypes = metadata.grant_types ?? [...GRANT_TYPES];
    if (!Array.isArray(grantTypes) || !grantTypes.includes('authorization_code') || grantTypes.some((type) => !GRANT_TYPES.includes(type))) {
      throw new OAuthError('invalid_client_metadata', `grant_types must include authorization_code and may add refresh_token; nothing else is offered`);
    }
    const responseTypes = metadata.response_types ?? ['code'];
    if (!Array.isArray(responseTypes) || responseTypes.some((type) => type !== 'code')) {
      throw new OAuthError('invalid_client_metadata', 'response_types may only be ["code"]');
    }
    const at = this.now();
    return {
      schema_version: 1,
      client_id: `mcpc-${timeOrderedId(at.getTime())}`,
      client_secret_hash: null,
      client_name: nameOf(metadata.client_name),
      client_uri: clientUriOf(metadata.client_uri),
      redirect_uris: redirectUris.map(assertRegistrableRedirectUri),
      token_endpoint_auth_method: authMethod as ClientAuthMethod,
      grant_types: [...new Set(grantTypes as string[])],
      scope: scopeString(registeredScopes(typeof metadata.scope === 'string' ? metadata.scope : undefined)),
      created_at: at.toISOString(),
    };
  }
}

function nameOf(value: unknown): string {
  if (value === undefined) return 'An unnamed MCP client';
  if (typeof value !== 'string' || value.trim() === '' || value.length > MAX_NAME_LENGTH || [...value].some((char) => char.charCodeAt(0) < 0x20)) {
    throw new OAuthError('invalid_client_metadata', `client_name must be text of 1 to ${MAX_NAME_LENGTH} characters`);
  }
  return value.trim();
}

/** Shown on the consent page as a link, so only an https page is taken. */
function clientUriOf(value: unknown): string | null {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value === 'string' && value.length <= 2000 && URL.canParse(value) && new URL(value).protocol === 'https:') return value;
  throw new OAuthError('invalid_client_metadata', 'client_uri must be an https URL');
}
