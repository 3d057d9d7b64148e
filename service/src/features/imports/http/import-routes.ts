import { Type } from 'typebox';
import type { ImportUseCases } from '../core/import-use-cases.js';
import type { HubSettings } from '../../../config/settings.js';
import { principalOf } from '../../../http/auth/authenticate.js';
import { Envelope } from '../../../http/schemas.js';
import type { HubApp } from '../../../http/types.js';
import { partAwareValidatorCompiler } from '../../../http/validation.js';
import { IMPORTS, ImportParams, NotebookFromImportBody, NotebookFromImportResult, NotebookImport } from './import-schemas.js';
import { detailOf } from '../../../http/routes/notebook-schemas.js';
import { ProjectIdParams } from '../../../http/routes/project-schemas.js';

/** What browsers and zip tools send for a zip; anything else is 400 (fastify's 415, mapped). */
export const ZIP_CONTENT_TYPES = ['application/zip', 'application/x-zip-compressed', 'application/octet-stream'];

const RawZip = Type.Unsafe<Buffer>({ type: 'string', format: 'binary' });

/** What the notebook import routes use. */
export interface NotebookImportRouteServices {
  useCases: { imports: ImportUseCases };
  settings: Pick<HubSettings, 'limits'>;
}

/** Importing a folder of marimo notebooks (docs/imports.md): upload it, inspect it, create notebooks from it (`useCases.imports`). */
export function notebookImportRoutes(app: HubApp, services: NotebookImportRouteServices): void {
  const { imports } = services.useCases;

  // The body is the archive's bytes; only this route reads zip bodies.
  void app.register(async (scope: HubApp) => {
    const validators = partAwareValidatorCompiler();
    scope.setValidatorCompiler((route) => (route.httpPart === 'body' ? () => true : validators(route)));
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(ZIP_CONTENT_TYPES, { parseAs: 'buffer', bodyLimit: services.settings.limits.maxRequestBytes }, (_request, body, done) =>
      done(null, body),
    );
    scope.post(
      IMPORTS,
      {
        schema: {
          tags: ['Notebooks'],
          summary: 'Import a folder: upload it as a zip and see the marimo notebooks it holds',
          description:
            'The body is a zip of the folder (Content-Type application/zip), up to limits.max_request_bytes. Every entry is checked before anything is stored: absolute paths, drive letters, .. segments, backslashes, symlinks, encrypted entries, duplicate and non-UTF-8 names are refused with VALIDATION_ERROR naming the entry; an archive that expands too much is PAYLOAD_TOO_LARGE; a body that is not a zip is BAD_REQUEST. The folder is kept 24 hours; see docs/imports.md.',
          params: ProjectIdParams,
          // application/octet-stream too: the route takes it, and client generators have a writer for it.
          consumes: ['application/zip', 'application/octet-stream'],
          body: RawZip,
          response: { 201: Envelope(NotebookImport) },
        },
      },
      async (request, reply) => {
        const archive = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const data = await imports.upload(principalOf(request), { projectId: request.params.pid, archive });
        return reply.code(201).send({ success: true as const, data });
      },
    );
  });

  app.get(
    `${IMPORTS}/:import_id`,
    {
      schema: {
        tags: ['Notebooks'],
        summary: 'An import: its notebooks and the state of each',
        params: ImportParams,
        response: { 200: Envelope(NotebookImport) },
      },
    },
    async (request) => {
      const { pid, import_id } = request.params;
      return { success: true as const, data: await imports.get(principalOf(request), { projectId: pid, importId: import_id }) };
    },
  );

  app.post(
    `${IMPORTS}/:import_id/notebooks`,
    {
      config: { idempotent: true },
      schema: {
        tags: ['Notebooks'],
        summary: 'Create one notebook from an import, with the files around it as its workspace',
        description:
          "The notebook's folder becomes the workspace root. A notebook is imported once (CONFLICT afterwards, naming the notebook created); GONE once the folder expired (24 hours after the upload).",
        params: ImportParams,
        body: NotebookFromImportBody,
        response: { 201: Envelope(NotebookFromImportResult) },
      },
    },
    async (request, reply) => {
      const { pid, import_id } = request.params;
      const {
        notebook,
        readme,
        import: view,
      } = await imports.createNotebook(principalOf(request), { projectId: pid, importId: import_id, notebook: request.body });
      return reply.code(201).send({ success: true as const, data: { notebook: detailOf(notebook, readme), import: view } });
    },
  );
}
