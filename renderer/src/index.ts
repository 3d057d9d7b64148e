/**
 * Placeholder for the hub's user interface (a Vite + React single-page app, see README.md). The
 * routes the UI will own in the hub's URL space; the hub never serves the UI's fallback page there.
 */
export const RESERVED_PREFIXES: readonly string[] = ['/api/', '/s/', '/mcp'];
