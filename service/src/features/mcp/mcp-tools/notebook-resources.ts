import { ResourceTemplate, type McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ErrorCode, McpError, type ReadResourceResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { HubError } from '../../../core/errors.js';
import type { ScopedContext } from '../../../http/mcp/mcp-tool-kit.js';
import type { NotebookToolUseCases } from './notebook-tools.js';

const BASE = 'notebook-hub://projects/{project_id}/notebooks/{notebook_id}';
/** How many notebooks the resource listing names: an assistant finds others with the search tools. */
const LISTED_NOTEBOOKS = 100;

type Variables = Record<string, string | string[]>;
const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? '';

/** A refusal as the protocol's error, with the REST route's code and message (a hidden project is NOT_FOUND there too). */
async function refusingAsProtocol(read: () => Promise<ReadResourceResult>): Promise<ReadResourceResult> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof HubError) throw new McpError(ErrorCode.InvalidParams, `${error.code}: ${error.message}`);
    throw error;
  }
}

/**
 * Notebooks as MCP resources and prompts (docs/mcp.md): a notebook's current code and its latest
 * outputs as text, read under the same policy as the tools; prompts that set an assistant on a
 * notebook with the tools it needs.
 */
export function registerNotebookResources(server: McpServer, context: ScopedContext<NotebookToolUseCases>): void {
  server.registerResource(
    'notebook_code',
    new ResourceTemplate(`${BASE}/code`, {
      list: async () => {
        const { useCases, principal } = context('notebooks:read');
        const resources: { uri: string; name: string; title: string; mimeType: string }[] = [];
        for (let cursor: string | undefined; resources.length < LISTED_NOTEBOOKS;) {
          const projects = await useCases.projects.list(principal, { limit: 100, cursor });
          for (const project of projects.items) {
            if (resources.length >= LISTED_NOTEBOOKS) break;
            const notebooks = await useCases.notebooks.list(principal, { projectId: project.id, limit: LISTED_NOTEBOOKS - resources.length });
            for (const notebook of notebooks.items)
              resources.push({
                uri: `notebook-hub://projects/${project.id}/notebooks/${notebook.id}/code`,
                name: `${project.id}/${notebook.id}`,
                title: `${notebook.title} (${project.name})`,
                mimeType: 'text/x-python',
              });
          }
          if (!projects.nextCursor) break;
          cursor = projects.nextCursor;
        }
        return { resources };
      },
    }),
    { title: "A notebook's code", description: "The marimo code of a notebook's current version.", mimeType: 'text/x-python' },
    (uri, variables: Variables) =>
      refusingAsProtocol(async () => {
        const { useCases, principal } = context('notebooks:read');
        const { code } = await useCases.notebooks.code(principal, { projectId: single(variables.project_id), notebookId: single(variables.notebook_id) });
        return { contents: [{ uri: uri.href, mimeType: 'text/x-python', text: code }] };
      }),
  );

  server.registerResource(
    'notebook_outputs',
    new ResourceTemplate(`${BASE}/outputs`, { list: undefined }),
    {
      title: "A notebook's latest outputs",
      description: 'What the cells showed the last time the notebook ran in the hub (its newest snapshot), as text.',
      mimeType: 'text/plain',
    },
    (uri, variables: Variables) =>
      refusingAsProtocol(async () => {
        const { useCases, principal } = context('notebooks:read');
        const { text } = await useCases.notebooks.snapshotText(principal, {
          projectId: single(variables.project_id),
          notebookId: single(variables.notebook_id),
        });
        return {
          contents: [{ uri: uri.href, mimeType: 'text/plain', text }],
        };
      }),
  );

  const notebookArgs = { project_id: z.string().min(1), notebook_id: z.string().min(1) };

  server.registerPrompt(
    'explain_notebook',
    { title: 'Explain a notebook', description: 'Reads a notebook and asks for an explanation of what it does, cell by cell.', argsSchema: notebookArgs },
    async ({ project_id, notebook_id }) => {
      const { useCases, principal } = context('notebooks:read');
      const { notebook } = await useCases.notebooks.read(principal, { projectId: project_id, notebookId: notebook_id });
      const { code } = await useCases.notebooks.code(principal, { projectId: project_id, notebookId: notebook_id });
      return {
        description: `Explain "${notebook.title}"`,
        messages: [
          {
            role: 'user',
            content: {
              type: 'text',
              text: `Explain what the marimo notebook "${notebook.title}" does, cell by cell: its inputs, what each cell computes, and what it shows. Its code:\n\n\`\`\`python\n${code}\n\`\`\``,
            },
          },
        ],
      };
    },
  );

  server.registerPrompt(
    'change_notebook',
    {
      title: 'Change a notebook',
      description:
        'Sets the assistant to change a notebook safely: read it, save the change as a new version on top of the current one, run it and check the outputs.',
      argsSchema: { ...notebookArgs, goal: z.string().min(1).max(2000) },
    },
    async ({ project_id, notebook_id, goal }) => {
      context('notebooks:read');
      return {
        messages: [
          {
            role: 'user',
            content: {
              type: 'text',
              text: [
                `Change the marimo notebook ${notebook_id} in project ${project_id} so that: ${goal}`,
                '',
                '1. Call read_notebook to get its code and current version id (source.current_version_id).',
                '2. Write the new code. Keep it a valid marimo notebook: cells are functions decorated with @app.cell that return the names they define.',
                '3. Call save_notebook with the new code, base_version_id set to that current version id, and a short message. If it answers CONFLICT, someone saved in between: read it again and redo the change on top of theirs.',
                '4. Call run_notebook and read its outputs. If a cell failed, fix it and save again.',
                '5. Say what you changed and what the outputs show now.',
              ].join('\n'),
            },
          },
        ],
      };
    },
  );
}
