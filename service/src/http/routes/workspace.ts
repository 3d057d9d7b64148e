import { Type } from 'typebox';
import type { UseCases } from '../../core/use-cases/index.js';
import type { FolderArchiveWriter } from '../../core/ports/folder-archive.js';
import { workspaceWriteRoutes, type WorkspaceWriteRouteServices } from './workspace-writes.js';
import { principalOf } from '../auth/authenticate.js';
import { BINARY, Envelope, RawContent } from '../schemas.js';
import type { HubApp } from '../types.js';
import { NotebookParams } from './notebook-schemas.js';
import { sendArchive, sendWorkspaceFile } from './workspace-content.js';
import { FileQuery, FolderQuery, WORKSPACE, WorkspaceAccess, WorkspaceItem, notebookOf } from './workspace-schemas.js';

/** What the workspace routes use. */
export type WorkspaceRouteServices = WorkspaceWriteRouteServices & { useCases: Pick<UseCases, 'workspace'>; archives: FolderArchiveWriter };

/**
 * A notebook's workspace files, through `useCases.workspace`. Paths travel in the query string (or a JSON body), never in the
 * URL path, so no client or proxy normalizes `..` away before the hub can refuse it.
 */
export function workspaceRoutes(app: HubApp, services: WorkspaceRouteServices): void {
  const { workspace } = services.useCases;

  app.get(
    `${WORKSPACE}/access`,
    {
      schema: {
        tags: ['Notebooks'],
        summary: 'Whether the caller may change the workspace, and its protected paths',
        params: NotebookParams,
        response: { 200: Envelope(WorkspaceAccess) },
      },
    },
    async (request) => {
      return { success: true as const, data: await workspace.access(principalOf(request), notebookOf(request.params)) };
    },
  );

  app.get(
    `${WORKSPACE}/items`,
    {
      schema: {
        tags: ['Notebooks'],
        summary: "A workspace folder's items: folders first, then files, each by name",
        params: NotebookParams,
        querystring: FolderQuery,
        response: { 200: Envelope(Type.Array(WorkspaceItem)) },
      },
    },
    async (request) => {
      return { success: true as const, data: await workspace.list(principalOf(request), { ...notebookOf(request.params), path: request.query.path }) };
    },
  );

  app.get(
    `${WORKSPACE}/files`,
    {
      schema: {
        tags: ['Notebooks'],
        summary: "A workspace file's bytes",
        description: 'Content type from the file extension; ETag is the SHA-256 of the content. HTML, SVG, XML and unknown types are sent as attachments.',
        params: NotebookParams,
        querystring: FileQuery,
        response: { 200: RawContent("The file's bytes, typed by its extension", '*/*', BINARY) },
      },
    },
    async (request, reply) => {
      return sendWorkspaceFile(reply, await workspace.readFile(principalOf(request), { ...notebookOf(request.params), path: request.query.path }));
    },
  );

  app.get(
    `${WORKSPACE}/archive`,
    {
      // A HEAD would build the whole archive only to throw it away.
      exposeHeadRoute: false,
      schema: {
        tags: ['Notebooks'],
        summary: 'A workspace folder (the root when path is absent) as a zip archive',
        params: NotebookParams,
        querystring: FolderQuery,
        response: { 200: RawContent('The folder as a zip archive', 'application/zip', BINARY) },
      },
    },
    async (request, reply) => {
      const { name, entries } = await workspace.archive(principalOf(request), { ...notebookOf(request.params), path: request.query.path });
      return sendArchive(reply, name, services.archives.stream(entries));
    },
  );

  workspaceWriteRoutes(app, services);
}
