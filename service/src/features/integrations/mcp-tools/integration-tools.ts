import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { page, run, toolSet, type McpToolSet, type ScopedContext } from '../../../http/mcp/mcp-tool-kit.js';
import type { IntegrationUseCases } from '../core/integration-use-cases.js';

/** The use cases the integration tools call. */
export interface IntegrationToolUseCases {
  integrations: IntegrationUseCases;
}

/**
 * A project's integrations for an assistant (docs/mcp.md, docs/integrations.md): what a notebook
 * of the project can connect to and the variables it reads, through the same use case and policy
 * as the REST route (`integration.read`). Never a secret: only which secret fields are set.
 */
export function registerIntegrationTools(server: McpServer, context: ScopedContext<IntegrationToolUseCases>): void {
  server.registerTool(
    'list_integrations',
    {
      title: 'List integrations',
      description:
        "A project's integrations (databases, buckets, APIs, AI providers, Git credentials), newest first: each one's kind, name, non-secret settings and env_prefix. " +
        'A notebook of the project reads an integration through environment variables named <env_prefix>_<NAME> (for a database: _URL, _HOST, _PORT, _DATABASE, _USER, _PASSWORD). Secret values are never shown.',
      inputSchema: { project_id: z.string().min(1), ...page },
      annotations: { readOnlyHint: true },
    },
    ({ project_id, limit, cursor }) =>
      run(async () => {
        const { useCases, principal } = context('notebooks:read');
        const listed = await useCases.integrations.list(principal, {
          scope: { kind: 'project', projectId: project_id },
          limit: limit ?? 50,
          cursor: cursor ?? null,
        });
        return { items: listed.items, next_cursor: listed.nextCursor };
      }),
  );
}

/** The integration tools, calling these use cases. */
export const integrationTools = (useCases: IntegrationToolUseCases): McpToolSet => toolSet(useCases, registerIntegrationTools);
