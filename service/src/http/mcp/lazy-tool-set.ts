import type { McpToolSet } from './mcp-tool-kit.js';

/**
 * A feature's MCP tools, loaded when the first MCP request needs them. The tool modules define
 * their argument schemas with zod, and the MCP SDK comes with them: together some 25 MiB that a
 * hub nobody connects an assistant to never needs (docs/mcp.md, "Loading").
 */
export type LazyMcpToolSet = () => Promise<McpToolSet>;

/** Loads `load` once, on the first call; a failed load is tried again on the next. */
export function lazyToolSet(load: () => Promise<McpToolSet>): LazyMcpToolSet {
  let loaded: Promise<McpToolSet> | null = null;
  return () => {
    loaded ??= load().catch((error: unknown) => {
      loaded = null;
      throw error;
    });
    return loaded;
  };
}
