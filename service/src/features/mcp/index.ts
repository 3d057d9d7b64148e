// The MCP server and its OAuth authorization server (docs/mcp.md). What other code may use of this feature; everything else in its folder is its own.
export { mcpFeature } from './feature.js';
