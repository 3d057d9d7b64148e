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
 * What another hub pulling and pushing projects may be granted (docs/remotes.md, "The sync
 * protocol (team side)"): the one scope of the sync API. Like an MCP connection, it never widens
 * what its user may do.
 */
export const SYNC_SCOPES = {
  remote: "Pull this hub's projects you can read, push versions to those you can edit, and run their notebooks here in sessions and jobs",
} as const;

export type SyncScope = keyof typeof SYNC_SCOPES;

export const ALL_SYNC_SCOPES = Object.keys(SYNC_SCOPES) as SyncScope[];

/** Every scope the hub's authorization server grants, with what it means (the consent page shows it). */
export const OAUTH_SCOPES = { ...MCP_SCOPES, ...SYNC_SCOPES } as const;

export type OAuthScope = McpScope | SyncScope;

export const ALL_OAUTH_SCOPES = [...ALL_MCP_SCOPES, ...ALL_SYNC_SCOPES] as OAuthScope[];

/**
 * The hub's protected resources (RFC 8707, RFC 9728): the MCP server, and the sync API another hub
 * calls (its path under the hub's URL). A token is issued for one of them and accepted only there.
 */
export type OAuthResourceKind = 'mcp' | 'sync';

export const SYNC_RESOURCE_PATH = '/api/v1/sync';

/** The scopes each resource grants. */
export const RESOURCE_SCOPES: Readonly<Record<OAuthResourceKind, readonly OAuthScope[]>> = { mcp: ALL_MCP_SCOPES, sync: ALL_SYNC_SCOPES };

/** The sync API of the hub whose URL (origin and base path) is `issuer`: the resource its sync tokens are for. */
export const syncResourceOf = (issuer: string) => `${issuer}${SYNC_RESOURCE_PATH}`;

/**
 * The resource a `scope` parameter asks for when the client names none (RFC 8707 makes `resource`
 * optional): the sync API when it asks for sync scopes only, else the MCP server (as before there
 * was a second resource).
 */
export function resourceAskedBy(scope: string | undefined | null): OAuthResourceKind {
  const words = (scope ?? '').split(' ');
  const asks = (scopes: readonly OAuthScope[]) => scopes.some((name) => words.includes(name));
  return asks(ALL_SYNC_SCOPES) && !asks(ALL_MCP_SCOPES) ? 'sync' : 'mcp';
}

/**
 * The scopes of `resource` among a space-separated `scope` parameter, in the order of
 * {@link RESOURCE_SCOPES}. Words the resource does not offer (`openid`, another server's scopes,
 * the other resource's) are left out, as RFC 6749 section 3.3 allows: clients written for many
 * servers ask for more than any one of them knows. When none is left, a client asks for everything
 * the resource offers; the consent page shows the user what that is, and the token answer says
 * what was granted.
 */
export function parseScopes(scope: string | undefined | null, resource: OAuthResourceKind = 'mcp'): OAuthScope[] {
  const words = (scope ?? '').split(' ');
  const offered = RESOURCE_SCOPES[resource];
  const known = offered.filter((name) => words.includes(name));
  return known.length === 0 ? [...offered] : known;
}

/**
 * The scopes a client registers for (RFC 7591 `scope`): those of every resource it names; none
 * named, the MCP server's (a client registers for `remote` to be granted it).
 */
export function registeredScopes(scope: string | undefined | null): OAuthScope[] {
  const words = (scope ?? '').split(' ');
  const known = ALL_OAUTH_SCOPES.filter((name) => words.includes(name));
  return known.length === 0 ? [...ALL_MCP_SCOPES] : known;
}

/** Whether every one of `asked` is among `allowed`. */
export const scopesWithin = (asked: readonly OAuthScope[], allowed: readonly OAuthScope[]) => asked.every((scope) => allowed.includes(scope));

export const scopeString = (scopes: readonly OAuthScope[]) => scopes.join(' ');
