import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { SEARCH_LIMITS } from '../../../core/use-cases/notebook-search.js';
import { detailOf, listEntryOf as notebookEntryOf } from '../../../http/routes/notebook-schemas.js';
import { listEntryOf as projectEntryOf } from '../../../http/routes/project-schemas.js';
import { mySessionEntryOf, sessionOf } from '../../../http/routes/session-schemas.js';
import type { UseCases } from '../../../core/use-cases/index.js';
import { notebookRef, page, run, type ScopedContext } from '../../../http/mcp/mcp-tool-kit.js';

/** Text a file's bytes may be shown as: UTF-8 without NUL bytes; larger or binary files are described instead. */
const MAX_TEXT_BYTES = 512 * 1024;

const pageOf = <T, R>(listed: { items: T[]; nextCursor: string | null }, present: (item: T) => R) => ({
  items: listed.items.map(present),
  next_cursor: listed.nextCursor,
});

/** The use cases the notebook, workspace and session tools call. */
export type NotebookToolUseCases = Pick<UseCases, 'projects' | 'notebooks' | 'search' | 'versions' | 'workspace' | 'sessions'>;

/**
 * The notebook tools (docs/mcp.md): each mirrors a REST route, calls the same use case under the
 * same policy, and so writes the same audit events.
 */
export function registerNotebookTools(server: McpServer, context: ScopedContext<NotebookToolUseCases>): void {
  server.registerTool(
    'list_projects',
    {
      title: 'List projects',
      description: 'The projects you can see, newest first, a page at a time.',
      inputSchema: page,
      annotations: { readOnlyHint: true },
    },
    ({ limit, cursor }) =>
      run(async () => {
        const { useCases, principal } = context('notebooks:read');
        return pageOf(await useCases.projects.list(principal, { limit, cursor }), projectEntryOf);
      }),
  );

  server.registerTool(
    'list_notebooks',
    {
      title: 'List notebooks',
      description: "A project's notebooks, newest first, a page at a time; status filters them (draft, active, archived).",
      inputSchema: { project_id: z.string().min(1), status: z.enum(['draft', 'active', 'archived']).optional(), ...page },
      annotations: { readOnlyHint: true },
    },
    ({ project_id, status, limit, cursor }) =>
      run(async () => {
        const { useCases, principal } = context('notebooks:read');
        return pageOf(await useCases.notebooks.list(principal, { projectId: project_id, status, limit, cursor }), notebookEntryOf);
      }),
  );

  server.registerTool(
    'search_projects',
    {
      title: 'Search projects',
      description: `Projects whose name, description or tags contain the words of query (all of them, any case); at most ${SEARCH_LIMITS.results} matches.`,
      inputSchema: { query: z.string().min(1).max(200) },
      annotations: { readOnlyHint: true },
    },
    ({ query }) =>
      run(async () => {
        const { useCases, principal } = context('notebooks:read');
        const found = await useCases.search.projects(principal, query);
        return { matches: found.matches.map(projectEntryOf), complete: found.complete };
      }),
  );

  server.registerTool(
    'search_notebooks',
    {
      title: 'Search notebooks',
      description:
        `Notebooks whose title, description or tags contain the words of query (all of them, any case), in every project you can see or in one; at most ${SEARCH_LIMITS.results} matches. ` +
        `With in_code, a notebook's current code counts too, and a match found there lists the lines that hold the words (up to ${SEARCH_LIMITS.codeScanned} notebooks' code is read per search).`,
      inputSchema: { query: z.string().min(1).max(200), project_id: z.string().min(1).optional(), in_code: z.boolean().optional() },
      annotations: { readOnlyHint: true },
    },
    ({ query, project_id, in_code }) =>
      run(async () => {
        const { useCases, principal } = context('notebooks:read');
        const found = await useCases.search.notebooks(principal, { query, projectId: project_id, inCode: in_code });
        return {
          matches: found.matches.map((match) => ({
            project_id: match.project.id,
            project_name: match.project.name,
            notebook: notebookEntryOf(match.notebook),
            ...(match.code_lines ? { code_lines: match.code_lines } : {}),
          })),
          complete: found.complete,
        };
      }),
  );

  server.registerTool(
    'read_notebook',
    {
      title: 'Read a notebook',
      description: "A notebook's metadata, README and current marimo code (the Python source of its current version).",
      inputSchema: notebookRef,
      annotations: { readOnlyHint: true },
    },
    ({ project_id, notebook_id }) =>
      run(async () => {
        const { useCases, principal } = context('notebooks:read');
        const ref = { projectId: project_id, notebookId: notebook_id };
        const view = await useCases.notebooks.read(principal, ref);
        const current = view.notebook.source.current_version_id ? await useCases.notebooks.code(principal, ref) : null;
        return { ...detailOf(view.notebook, view.readme), code: current?.code ?? null };
      }),
  );

  server.registerTool(
    'read_snapshot',
    {
      title: 'Read the latest outputs',
      description:
        "What a notebook's cells showed the last time it ran in the hub (its newest HTML snapshot, captured when a session saves it or a job runs it), as text, with the version it shows.",
      inputSchema: notebookRef,
      annotations: { readOnlyHint: true },
    },
    ({ project_id, notebook_id }) =>
      run(async () => {
        const { useCases, principal } = context('notebooks:read');
        const { version, text } = await useCases.notebooks.snapshotText(principal, { projectId: project_id, notebookId: notebook_id });
        return {
          version_id: version.version_id,
          saved_at: version.saved_at,
          outputs: text,
        };
      }),
  );

  server.registerTool(
    'list_versions',
    {
      title: 'List versions',
      description: "A notebook's saved versions, newest first.",
      inputSchema: { ...notebookRef, ...page },
      annotations: { readOnlyHint: true },
    },
    ({ project_id, notebook_id, limit, cursor }) =>
      run(async () => {
        const { useCases, principal } = context('notebooks:read');
        return pageOf(await useCases.versions.list(principal, { projectId: project_id, notebookId: notebook_id, limit, cursor }), (version) => version);
      }),
  );

  server.registerTool(
    'read_version_code',
    {
      title: "Read a version's code",
      description: 'The marimo code of one saved version of a notebook.',
      inputSchema: { ...notebookRef, version_id: z.string().min(1) },
      annotations: { readOnlyHint: true },
    },
    ({ project_id, notebook_id, version_id }) =>
      run(async () => {
        const { useCases, principal } = context('notebooks:read');
        const code = await useCases.versions.code(principal, { projectId: project_id, notebookId: notebook_id, versionId: version_id });
        return { version_id, code };
      }),
  );

  server.registerTool(
    'create_notebook',
    {
      title: 'Create a notebook',
      description: 'Creates a notebook in a project, blank or with the given marimo code, as a draft unless a status is given.',
      inputSchema: {
        project_id: z.string().min(1),
        title: z.string().min(1).max(200),
        description: z.string().max(5000).optional(),
        status: z.enum(['draft', 'active']).optional(),
        code: z.string().optional(),
      },
    },
    ({ project_id, title, description, status, code }) =>
      run(async () => {
        const { useCases, principal } = context('notebooks:write');
        const notebook = {
          title,
          ...(description !== undefined ? { description } : {}),
          ...(status ? { status } : {}),
          ...(code !== undefined ? { code } : {}),
        };
        const created = await useCases.notebooks.create(principal, { projectId: project_id, notebook });
        return { ...detailOf(created.notebook, null), version_id: created.version.version_id };
      }),
  );

  server.registerTool(
    'save_notebook',
    {
      title: 'Save new code',
      description:
        "Saves marimo code as the notebook's newest version. base_version_id must be the current version (from read_notebook): a save based on an older one is refused with CONFLICT, so nobody's work is overwritten.",
      inputSchema: { ...notebookRef, code: z.string().min(1), base_version_id: z.string().min(1), message: z.string().max(500).optional() },
    },
    ({ project_id, notebook_id, code, base_version_id, message }) =>
      run(async () => {
        const { useCases, principal } = context('notebooks:write');
        return useCases.versions.save(principal, { projectId: project_id, notebookId: notebook_id, code, baseVersionId: base_version_id, message });
      }),
  );

  registerWorkspaceTools(server, context);
  registerSessionTools(server, context);
}

function registerWorkspaceTools(server: McpServer, context: ScopedContext<NotebookToolUseCases>): void {
  server.registerTool(
    'list_files',
    {
      title: 'List workspace files',
      description: "The files and folders of a notebook's workspace (its data files), in one folder ('' for the top).",
      inputSchema: { ...notebookRef, path: z.string().optional() },
      annotations: { readOnlyHint: true },
    },
    ({ project_id, notebook_id, path }) =>
      run(async () => {
        const { useCases, principal } = context('notebooks:read');
        return useCases.workspace.list(principal, { projectId: project_id, notebookId: notebook_id, ...(path ? { path } : {}) });
      }),
  );

  server.registerTool(
    'read_file',
    {
      title: 'Read a workspace file',
      description: `A workspace file as text (UTF-8 files up to ${MAX_TEXT_BYTES / 1024} KB); other files are described, not shown.`,
      inputSchema: { ...notebookRef, path: z.string().min(1) },
      annotations: { readOnlyHint: true },
    },
    ({ project_id, notebook_id, path }) =>
      run(async () => {
        const { useCases, principal } = context('notebooks:read');
        const { item, body } = await useCases.workspace.readFile(principal, { projectId: project_id, notebookId: notebook_id, path });
        const text = body.length <= MAX_TEXT_BYTES && !body.includes(0) ? body.toString('utf8') : null;
        return text === null ? { ...item, text: null, note: 'binary or too large to show as text' } : { ...item, text };
      }),
  );

  server.registerTool(
    'write_file',
    {
      title: 'Write a workspace file',
      description: "Creates or replaces a text file in the notebook's workspace (folders are created as needed).",
      inputSchema: { ...notebookRef, path: z.string().min(1), text: z.string() },
    },
    ({ project_id, notebook_id, path, text }) =>
      run(async () => {
        const { useCases, principal } = context('notebooks:write');
        return useCases.workspace.upload(principal, { projectId: project_id, notebookId: notebook_id, path, body: Buffer.from(text, 'utf8') });
      }),
  );
}

function registerSessionTools(server: McpServer, context: ScopedContext<NotebookToolUseCases>): void {
  server.registerTool(
    'start_session',
    {
      title: 'Open a notebook',
      description:
        "Starts (or finds the running) app or edit session of a notebook and answers when it runs, with the URL a person opens it at. An edit session is the notebook in marimo's editor; an app runs it read-only.",
      inputSchema: { ...notebookRef, mode: z.enum(['app', 'edit']) },
    },
    ({ project_id, notebook_id, mode }) =>
      run(async () => {
        const { useCases, principal, origin, basePath } = context('sessions');
        const { record, reused } = await useCases.sessions.start(principal, {
          projectId: project_id,
          notebookId: notebook_id,
          mode,
          wait: true,
          client: 'mcp',
        });
        const session = sessionOf(record, basePath, reused);
        return { ...session, url: `${origin}${session.url}` };
      }),
  );

  server.registerTool(
    'list_my_sessions',
    { title: 'List my sessions', description: 'Your running sessions in every project you can see.', annotations: { readOnlyHint: true } },
    () =>
      run(async () => {
        const { useCases, principal } = context('notebooks:read');
        return (await useCases.sessions.listMine(principal)).map(mySessionEntryOf);
      }),
  );

  server.registerTool(
    'stop_session',
    {
      title: 'Stop a session',
      description: "Stops one of your sessions; an edit session's notebook is saved first unless save is false.",
      inputSchema: { project_id: z.string().min(1), session_id: z.string().min(1), save: z.boolean().optional() },
      annotations: { destructiveHint: true },
    },
    ({ project_id, session_id, save }) =>
      run(async () => {
        const { useCases, principal, basePath } = context('sessions');
        return sessionOf(await useCases.sessions.stop(principal, { projectId: project_id, sessionId: session_id, save: save ?? true }), basePath);
      }),
  );
}
