/**
 * RFC 8414: where an OAuth authorization server's metadata is. An issuer with a path (a hub under a
 * base path) has it at the root too, with the issuer's path after it (see base-path.ts).
 */
export const AUTHORIZATION_SERVER_METADATA_PATH = '/.well-known/oauth-authorization-server';
