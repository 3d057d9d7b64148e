import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

export interface ToolAnswer {
  isError: boolean;
  text: string;
  /** The answer's JSON; null for a tool error (whose text says why). */
  json: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** Calls a tool of the hub's MCP server and answers its JSON (or its error text). */
export async function callTool(client: Client, name: string, args: Record<string, unknown> = {}): Promise<ToolAnswer> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  const text = result.content.map((part) => (part.type === 'text' ? part.text : '')).join('');
  return { isError: result.isError === true, text, json: result.isError ? null : JSON.parse(text) };
}
