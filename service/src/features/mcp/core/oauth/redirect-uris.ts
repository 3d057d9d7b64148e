import { OAuthError } from './oauth-error.js';

const MAX_REDIRECT_URI_LENGTH = 2000;
/** Schemes a redirect could turn into script, a local file or a blank page in the user's browser. */
const REFUSED_SCHEMES = new Set(['javascript:', 'data:', 'file:', 'vbscript:', 'about:', 'blob:', 'filesystem:', 'ws:', 'wss:']);
const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);

/**
 * Checks a redirect URI a client registers (docs/mcp.md, "Registering a client"): an absolute URL
 * without a fragment that is `https`, `http` on a loopback address (a native app's local listener,
 * RFC 8252 section 7.3), or a private-use scheme such as `vscode:` or `com.example.app:` (RFC 8252
 * section 7.1). Plain `http` elsewhere would hand the code to anyone on the network path.
 */
export function assertRegistrableRedirectUri(value: unknown): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_REDIRECT_URI_LENGTH) {
    throw new OAuthError('invalid_redirect_uri', `each redirect URI must be a URL of at most ${MAX_REDIRECT_URI_LENGTH} characters`);
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new OAuthError('invalid_redirect_uri', `${value} is not an absolute URL`);
  }
  if (value.includes('#')) throw new OAuthError('invalid_redirect_uri', `${value} has a fragment; redirect URIs must not`);
  if (REFUSED_SCHEMES.has(url.protocol)) throw new OAuthError('invalid_redirect_uri', `${url.protocol} redirect URIs are refused`);
  if (url.protocol === 'http:' && !LOOPBACK_HOSTS.has(url.hostname)) {
    throw new OAuthError('invalid_redirect_uri', `${value} is plain http on a host other than 127.0.0.1, [::1] or localhost; use https`);
  }
  if ((url.protocol === 'http:' || url.protocol === 'https:') && (url.username !== '' || url.password !== '')) {
    throw new OAuthError('invalid_redirect_uri', `${value} carries credentials; redirect URIs must not`);
  }
  return value;
}

/**
 * Whether `requested` is one of the `registered` redirect URIs: compared as strings, exactly,
 * except that a loopback `http` URI matches with any port (RFC 8252 section 7.3: a native app
 * listens on whatever port the system gives it at the time).
 */
export function redirectUriMatches(registered: readonly string[], requested: string): boolean {
  if (registered.includes(requested)) return true;
  const asked = loopbackWithoutPort(requested);
  return asked !== null && registered.some((uri) => loopbackWithoutPort(uri) === asked);
}

/** A loopback http URI with its port taken out, or null for any other URI. */
function loopbackWithoutPort(uri: string): string | null {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' || !LOOPBACK_HOSTS.has(url.hostname)) return null;
  // Rebuilt from its parts so that "http://127.0.0.1/cb" and "http://127.0.0.1:8123/cb" compare equal
  // and nothing else about the URI is loosened.
  return `http://${url.hostname}${url.pathname}${url.search}`;
}
