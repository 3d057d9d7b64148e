/**
 * What an MCP client may be granted (docs/mcp.md, "Scopes"). Every tool needs one of them; a
 * connection only ever narrows what its user may do, like a personal access token's scope.
 */
export const MCP_SCOPES = {
  'notebooks:read': 'Find and read your notebooks, their versions and workspace files, and see your sessions',
  'notebooks:write': 'Create notebooks, save new versions and write workspace files',
  sessions: 'Start and stop app and edit sessions, and run notebooks',
} as const;

export type McpScope = keyof typeof MCP_SCOPES;

export const ALL_MCP_SCOPES = Object.keys(MCP_SCOPES) as McpScope[];

export function isMcpScope(value: string): value is McpScope {
  return Object.hasOwn(MCP_SCOPES, value);
}

/**
 * The hub's scopes among a space-separated `scope` parameter, in the order of {@link ALL_MCP_SCOPES}.
 * Words the hub does not offer (`openid`, another server's scopes) are left out, as RFC 6749
 * section 3.3 allows: clients written for many servers ask for more than any one of them knows.
 * When none is left, a client asks for everything the hub offers; the consent page shows the user
 * what that is, and the token answer says what was granted.
 */
export function parseScopes(scope: string | undefined | null): McpScope[] {
  const words = (scope ?? '').split(' ');
  const known = ALL_MCP_SCOPES.filter((name) => words.includes(name));
  return known.length === 0 ? [...ALL_MCP_SCOPES] : known;
}

/** Whether every one of `asked` is among `allowed`. */
export const scopesWithin = (asked: readonly McpScope[], allowed: readonly McpScope[]) => asked.every((scope) => allowed.includes(scope));

export const scopeString = (scopes: readonly McpScope[]) => scopes.join(' ');
