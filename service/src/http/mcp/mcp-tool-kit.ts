import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { HubError } from '../../core/errors.js';
import type { Principal } from '../../core/identity/authenticator.js';
import type { McpScope } from '../../core/identity/oauth-scopes.js';

/** Who calls a tool, and where the hub is (for the URLs tools answer with). */
export interface ToolCaller {
  principal: Principal;
  /** The hub's origin and base path as the client reached it, for absolute session URLs. */
  origin: string;
  basePath: string;
}

/** What a tool works with: its caller, and the use cases of the capability it belongs to. */
export interface ToolContext<UseCasesOf> extends ToolCaller {
  useCases: UseCasesOf;
}

/**
 * The context of a tool that needs `scope`: an MCP client's connection without that scope is
 * refused (FORBIDDEN) before the tool does anything.
 */
export type ScopedContext<UseCasesOf> = (scope: McpScope) => ToolContext<UseCasesOf>;

/**
 * A capability's MCP tools and resources (docs/mcp.md), registered on the server that answers each
 * request; `caller` checks the connection's scope for a tool and says who calls.
 */
export type McpToolSet = (server: McpServer, caller: (scope: McpScope) => ToolCaller) => void;

/** A tool set whose tools reach `useCases`, the capability's own, through their context. */
export function toolSet<UseCasesOf>(useCases: UseCasesOf, register: (server: McpServer, context: ScopedContext<UseCasesOf>) => void): McpToolSet {
  return (server, caller) => register(server, (scope) => ({ ...caller(scope), useCases }));
}

export const page = { limit: z.number().int().min(1).max(100).optional(), cursor: z.string().min(1).optional() };
export const notebookRef = { project_id: z.string().min(1), notebook_id: z.string().min(1) };

/** A tool's answer: the data as JSON text, as the REST route would present it. */
export const answer = (data: unknown): CallToolResult => ({ content: [{ type: 'text', text: JSON.stringify(data, null, 2) }] });

/**
 * Runs a tool's use case; a refusal comes back as a tool error with the REST route's code and
 * message (a project the caller may not see is NOT_FOUND, as there), so that the assistant reads
 * why. Anything else is the hub's failure and goes to the protocol layer.
 */
export async function run(work: () => Promise<unknown>): Promise<CallToolResult> {
  try {
    return answer(await work());
  } catch (error) {
    if (error instanceof HubError) return { isError: true, content: [{ type: 'text', text: `${error.code}: ${error.message}` }] };
    throw error;
  }
}
