/**
 * A refusal of the OAuth endpoints (RFC 6749 section 5.2, RFC 7591 section 3.2.2, RFC 8707): an
 * `error` code from those documents and a sentence for the person reading the client's log. These
 * endpoints answer in OAuth's own shape, not the hub's JSON envelope.
 */
export class OAuthError extends Error {
  constructor(
    readonly error: OAuthErrorCode,
    readonly description: string,
  ) {
    super(description);
    this.name = 'OAuthError';
  }

  /** 401 for a client that failed to authenticate (RFC 6749 section 5.2), else 400. */
  get status(): 400 | 401 {
    return this.error === 'invalid_client' ? 401 : 400;
  }
}

export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unauthorized_client'
  | 'unsupported_grant_type'
  | 'unsupported_response_type'
  | 'invalid_scope'
  | 'invalid_target'
  | 'access_denied'
  | 'invalid_redirect_uri'
  | 'invalid_client_metadata';
