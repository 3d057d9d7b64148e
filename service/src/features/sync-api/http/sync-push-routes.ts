import { Type } from 'typebox';
import type { HubSettings } from '../../../config/settings.js';
import { HubError } from '../../../core/errors.js';
import { principalOf } from '../../../http/auth/authenticate.js';
import { Envelope, Failure } from '../../../http/schemas.js';
import type { HubApp } from '../../../http/types.js';
import { partAwareValidatorCompiler } from '../../../http/validation.js';
import type { SyncPushes } from '../core/sync-pushes.js';
import type { SyncAuthServices } from './sync-auth.js';
import { SYNC, syncRoute, tags } from './sync-pull-routes.js';
import { SYNC_SECURITY } from './sync-auth.js';
import {
  BlobParams,
  MissingBlobs,
  MissingBlobsBody,
  NotebookCreateBody,
  NotebookCreated,
  NotebookParams,
  ProjectCreateBody,
  ProjectCreated,
  ProjectParams,
  VersionPushBody,
  VersionPushed,
  WorkspacePushBody,
  WorkspacePushed,
} from './sync-schemas.js';

/** What the sync API's writing routes use. */
export type SyncPushRouteServices = SyncAuthServices & {
  useCases: { syncPush: SyncPushes };
  settings: Pick<HubSettings, 'limits'>;
};

/** The upload body, declared for the OpenAPI document; raw bytes have nothing to validate. */
const RawBody = Type.Unsafe<Buffer>({ type: 'string', format: 'binary' });

/** A conflict names what is current in `details` (docs/remotes.md): `field` says what, `message` is the id ('' for none). */
const conflict = (message: string, field: string, current: string | null) => new HubError('CONFLICT', message, [{ field, message: current ?? '' }]);

/**
 * What another hub does to push (docs/remotes.md, "The sync protocol (team side)"), through
 * `useCases.syncPush`: blobs first (the ones this hub lacks, each uploaded with its hash checked),
 * then versions on their base, a notebook's workspace, a new notebook or project. A push that
 * names an origin is answered the same way however often it is retried.
 */
export function syncPushRoutes(app: HubApp, services: SyncPushRouteServices): void {
  const pushes = services.useCases.syncPush;
  const route = syncRoute(services);
  const security = SYNC_SECURITY;

  app.post(
    `${SYNC}/projects`,
    {
      ...route,
      schema: {
        tags,
        security,
        summary: 'Create a project (the caller its owner) from a project pushed from another hub',
        description: 'The same origin pushed again by the same user answers the project made the first time (200, created false), unless it was deleted since.',
        body: ProjectCreateBody,
        response: { 200: Envelope(ProjectCreated), 201: Envelope(ProjectCreated) },
      },
    },
    async (request, reply) => {
      const data = await pushes.createProject(principalOf(request), request.body);
      return reply.code(data.created ? 201 : 200).send({ success: true as const, data });
    },
  );

  app.post(
    `${SYNC}/projects/:pid/missing-blobs`,
    {
      ...route,
      schema: {
        tags,
        security,
        summary: 'Which of these blobs this hub lacks (upload only those); notebook.write',
        params: ProjectParams,
        body: MissingBlobsBody,
        response: { 200: Envelope(MissingBlobs) },
      },
    },
    async (request) => ({
      success: true as const,
      data: { missing: await pushes.missingBlobs(principalOf(request), { projectId: request.params.pid, sha256s: request.body.sha256 }) },
    }),
  );

  // The blob is the body itself, whatever its type, so in this scope every content type arrives as raw bytes.
  void app.register(async (scope: HubApp) => {
    const validators = partAwareValidatorCompiler();
    scope.setValidatorCompiler((schema) => (schema.httpPart === 'body' ? () => true : validators(schema)));
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: services.settings.limits.maxRequestBytes }, (_request, body, done) => done(null, body));
    scope.put(
      `${SYNC}/projects/:pid/blobs/:blob`,
      {
        ...route,
        schema: {
          tags,
          security,
          summary: 'Upload a blob: the raw body, stored under its SHA-256; notebook.write',
          description:
            '201 when stored, 200 when the hub had it. A body whose SHA-256 is not the one named is BAD_REQUEST and nothing is kept. Bodies up to limits.max_request_bytes (the workspace file limit).',
          params: BlobParams,
          consumes: ['application/octet-stream'],
          body: RawBody,
          response: { 200: Envelope(Type.Object({ created: Type.Boolean() })), 201: Envelope(Type.Object({ created: Type.Boolean() })) },
        },
      },
      async (request, reply) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const data = await pushes.putBlob(principalOf(request), { projectId: request.params.pid, sha256: request.params.blob, body });
        return reply.code(data.created ? 201 : 200).send({ success: true as const, data });
      },
    );
  });

  app.post(
    `${SYNC}/projects/:pid/notebooks`,
    {
      ...route,
      schema: {
        tags,
        security,
        summary: 'Create a notebook with its first version, from one pushed from another hub; notebook.write',
        description: 'The same origin again answers the notebook made the first time (200, created false), unless it was deleted since.',
        params: ProjectParams,
        body: NotebookCreateBody,
        response: { 200: Envelope(NotebookCreated), 201: Envelope(NotebookCreated) },
      },
    },
    async (request, reply) => {
      const data = await pushes.createNotebook(principalOf(request), { projectId: request.params.pid, notebook: request.body });
      return reply.code(data.created ? 201 : 200).send({ success: true as const, data });
    },
  );

  app.post(
    `${SYNC}/projects/:pid/notebooks/:nid/versions`,
    {
      ...route,
      schema: {
        tags,
        security,
        summary: 'Push a version: saved as the newest when base_version_id is the current one; notebook.write',
        description:
          "201 created. The same origin again answers the version made the first time (200, replayed), even once the notebook moved on. CONFLICT when base_version_id is not the current version: nothing is written, and the error's details hold one entry whose field is current_version_id and whose message is that id.",
        params: NotebookParams,
        body: VersionPushBody,
        response: {
          200: Envelope(VersionPushed),
          201: Envelope(VersionPushed),
          409: Failure('base_version_id is not the current version (CONFLICT; details: current_version_id), or an edit session holds the notebook'),
        },
      },
    },
    async (request, reply) => {
      const result = await pushes.pushVersion(principalOf(request), { projectId: request.params.pid, notebookId: request.params.nid, version: request.body });
      if (result.outcome === 'conflict') {
        throw conflict(
          `the notebook has moved on to version ${result.current_version_id ?? '(none)'}: nothing was written; pull it and push again on that base`,
          'current_version_id',
          result.current_version_id,
        );
      }
      return reply
        .code(result.outcome === 'created' ? 201 : 200)
        .send({ success: true as const, data: { version_id: result.version_id, outcome: result.outcome } });
    },
  );

  app.put(
    `${SYNC}/projects/:pid/notebooks/:nid/workspace`,
    {
      ...route,
      schema: {
        tags,
        security,
        summary: "Push a notebook's workspace: its files and empty folders become exactly these, when its current manifest is base_manifest_id; notebook.write",
        description:
          "CONFLICT when the current manifest is another (details: one entry, field current_manifest_id, message that id or '' for none), or the workspace takes no writes (a Git notebook, an edit session). VALIDATION_ERROR for a bad path and for blobs this hub lacks: one detail per such file, field files[<i>].blob; upload them and push again. Nothing is written on any refusal.",
        params: NotebookParams,
        body: WorkspacePushBody,
        response: {
          200: Envelope(WorkspacePushed),
          409: Failure('The workspace moved on since base_manifest_id (CONFLICT; details: current_manifest_id), or takes no writes'),
        },
      },
    },
    async (request) => {
      const { body } = request;
      const result = await pushes.pushWorkspace(principalOf(request), { projectId: request.params.pid, notebookId: request.params.nid, workspace: body });
      if (result.outcome === 'conflict') {
        throw conflict(
          `the workspace has moved on to manifest ${result.current_manifest_id ?? '(none)'}: nothing was written`,
          'current_manifest_id',
          result.current_manifest_id,
        );
      }
      if (result.outcome === 'missing_blobs') {
        const missing = new Set(result.missing);
        const details = body.files.flatMap((file, i) =>
          missing.delete(file.blob) ? [{ field: `files[${i}].blob`, message: 'is not on this hub: upload it first' }] : [],
        );
        throw new HubError('VALIDATION_ERROR', `${result.missing.length} blob(s) are not on this hub: upload them, then push again`, details);
      }
      return { success: true as const, data: { outcome: result.outcome, manifest_id: result.manifest_id } };
    },
  );
}
