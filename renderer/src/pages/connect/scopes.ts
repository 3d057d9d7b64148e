import type { McpScope } from '../../api/mcp-connections';

/** What each scope lets a client do, in a few words (the API gives the full description). */
const SCOPE_TITLES: Record<McpScope, string> = {
  'notebooks:read': 'Read notebooks',
  'notebooks:write': 'Change notebooks',
  sessions: 'Run sessions',
  remote: 'Sync projects with another hub',
};

export function scopeTitle(scope: string): string {
  return SCOPE_TITLES[scope as McpScope] ?? scope;
}
