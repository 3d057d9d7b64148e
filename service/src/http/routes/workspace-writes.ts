import { Type } from 'typebox';
import type { UseCases } from '../../core/use-cases/index.js';
import type { HubSettings } from '../../config/settings.js';
import { principalOf } from '../auth/authenticate.js';
import { Envelope, SuccessResponse } from '../schemas.js';
import type { HubApp } from '../types.js';
import { partAwareValidatorCompiler } from '../validation.js';
import { NotebookParams } from './notebook-schemas.js';
import { DeleteQuery, FileQuery, MkdirBody, TransferBody, WORKSPACE, WorkspaceItem, notebookOf } from './workspace-schemas.js';

/** `"<hash>"` from an If-Match header; anything else can never match a file's ETag. */
function ifMatchOf(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  return /^"([0-9a-f]{64})"$/.exec(header.trim())?.[1] ?? header;
}

const ItemResponse = { 200: Envelope(WorkspaceItem), 201: Envelope(WorkspaceItem) };

/** The upload body, declared for the OpenAPI document; raw bytes have nothing to validate. */
const RawBody = Type.Unsafe<Buffer>({ type: 'string', format: 'binary' });

/** What the workspace write routes use. */
export interface WorkspaceWriteRouteServices {
  useCases: Pick<UseCases, 'workspace'>;
  settings: Pick<HubSettings, 'limits'>;
}

/** Uploading, creating folders, copying, moving and deleting workspace files (notebook.write). */
export function workspaceWriteRoutes(app: HubApp, services: WorkspaceWriteRouteServices): void {
  const { workspace } = services.useCases;

  // The upload body is the file itself, whatever its type (a .json file is not a request body to
  // parse), so in this scope every content type arrives as raw bytes.
  void app.register(async (scope: HubApp) => {
    const validators = partAwareValidatorCompiler();
    scope.setValidatorCompiler((route) => (route.httpPart === 'body' ? () => true : validators(route)));
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: services.settings.limits.maxRequestBytes }, (_request, body, done) => done(null, body));
    scope.put(
      `${WORKSPACE}/files`,
      {
        schema: {
          tags: ['Notebooks'],
          summary: 'Upload a file: the raw request body (any content type) becomes its content',
          description:
            'Creates missing parent folders. 201 when the file is new, 200 when it replaced one. If-Match: "<etag>" replaces only that content; If-None-Match: * only creates. The stored type comes from the file extension, not from Content-Type. Bodies up to limits.max_request_bytes.',
          params: NotebookParams,
          querystring: FileQuery,
          consumes: ['application/octet-stream'],
          body: RawBody,
          response: ItemResponse,
        },
      },
      async (request, reply) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const ifMatch = ifMatchOf(request.headers['if-match']);
        const conditions = {
          ...(ifMatch !== undefined ? { ifMatch } : {}),
          ...(request.headers['if-none-match']?.trim() === '*' ? { ifNoneMatch: true } : {}),
        };
        const { item, created } = await workspace.upload(principalOf(request), { ...notebookOf(request.params), path: request.query.path, body, conditions });
        return reply.code(created ? 201 : 200).send({ success: true as const, data: item });
      },
    );
  });

  app.post(
    `${WORKSPACE}/directories`,
    {
      config: { idempotent: true },
      schema: {
        tags: ['Notebooks'],
        summary: 'Create a folder (and missing parents); 200 when it already existed',
        params: NotebookParams,
        body: MkdirBody,
        response: ItemResponse,
      },
    },
    async (request, reply) => {
      const { item, created } = await workspace.mkdir(principalOf(request), { ...notebookOf(request.params), path: request.body.path });
      return reply.code(created ? 201 : 200).send({ success: true as const, data: item });
    },
  );

  app.post(
    `${WORKSPACE}/copy`,
    {
      config: { idempotent: true },
      schema: {
        tags: ['Notebooks'],
        summary: 'Copy a file or a folder with everything in it',
        params: NotebookParams,
        body: TransferBody,
        response: { 201: Envelope(WorkspaceItem) },
      },
    },
    async (request, reply) => {
      const item = await workspace.copy(principalOf(request), { ...notebookOf(request.params), ...request.body });
      return reply.code(201).send({ success: true as const, data: item });
    },
  );

  app.post(
    `${WORKSPACE}/move`,
    {
      config: { idempotent: true },
      schema: {
        tags: ['Notebooks'],
        summary: 'Move or rename a file or a folder',
        params: NotebookParams,
        body: TransferBody,
        response: { 200: Envelope(WorkspaceItem) },
      },
    },
    async (request) => {
      return { success: true as const, data: await workspace.move(principalOf(request), { ...notebookOf(request.params), ...request.body }) };
    },
  );

  app.delete(
    `${WORKSPACE}/items`,
    {
      schema: {
        tags: ['Notebooks'],
        summary: 'Delete a file or an empty folder; recursive=true deletes a folder with everything in it',
        params: NotebookParams,
        querystring: DeleteQuery,
        response: { 200: SuccessResponse },
      },
    },
    async (request) => {
      await workspace.remove(principalOf(request), { ...notebookOf(request.params), path: request.query.path, recursive: request.query.recursive });
      return { success: true as const };
    },
  );
}
