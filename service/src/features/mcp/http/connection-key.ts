import { parseToken } from '../core/oauth/oauth-tokens.js';

/** What an MCP client's token is remembered by when it works: its connection (access tokens change hourly). */
export function connectionKeyOf(token: string): string | null {
  const grantId = parseToken(token)?.grantId;
  return grantId === undefined ? null : `mcp-connection:${grantId}`;
}
