/** Where the issuer lives under the hub's address (base path included). */
export const ISSUER_PATH = '/federation';
/** Below the issuer: OpenID Connect Discovery appends this to the issuer URL. */
export const DISCOVERY_PATH = '/.well-known/openid-configuration';
/** Below the issuer: the key set the discovery document names. */
export const JWKS_PATH = '/jwks';

/** The claims a workload token carries (docs/federation.md, "The token"). */
export const WORKLOAD_CLAIMS = ['iss', 'sub', 'aud', 'exp', 'iat', 'nbf', 'jti', 'project_id', 'notebook_id', 'session_id', 'run_id'] as const;

/** An absolute http(s) URL with no query, fragment, credentials or trailing slash: what `iss` must equal exactly. */
export function isIssuerUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (
    (url.protocol === 'https:' || url.protocol === 'http:') &&
    url.search === '' &&
    url.hash === '' &&
    url.username === '' &&
    url.password === '' &&
    !value.endsWith('/') &&
    // Written as the URL parser writes it (lower-case host, no default port): consumers compare `iss` as a string.
    url.href.replace(/\/$/, '') === value
  );
}

/** The issuer URL of a hub served at `hubAddress` (its public origin and base path, e.g. `https://example.org/notebooks`). */
export function federationIssuer(hubAddress: string): string {
  const issuer = `${hubAddress.replace(/\/+$/, '')}${ISSUER_PATH}`;
  if (!isIssuerUrl(issuer)) throw new RangeError(`the hub address ${JSON.stringify(hubAddress)} gives no usable issuer URL`);
  return issuer;
}

export const jwksUri = (issuer: string): string => `${issuer}${JWKS_PATH}`;

/** The OpenID Connect discovery document (OpenID Connect Discovery 1.0, section 3) of a workload issuer. */
export interface DiscoveryDocument {
  issuer: string;
  jwks_uri: string;
  response_types_supported: string[];
  subject_types_supported: string[];
  id_token_signing_alg_values_supported: string[];
  claims_supported: string[];
}

/**
 * What consumers (AWS IAM, SeaweedFS, GCP and Azure workload identity federation) read to trust the
 * issuer: where its keys are and how it signs. It only issues tokens, so it names no authorization
 * or token endpoint — as the workload issuers of Kubernetes and CI services do.
 */
export function discoveryDocument(issuer: string): DiscoveryDocument {
  if (!isIssuerUrl(issuer)) throw new RangeError(`${JSON.stringify(issuer)} is not an issuer URL`);
  return {
    issuer,
    jwks_uri: jwksUri(issuer),
    response_types_supported: ['id_token'],
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: ['RS256'],
    claims_supported: [...WORKLOAD_CLAIMS],
  };
}
