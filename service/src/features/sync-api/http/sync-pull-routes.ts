import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { ObjectStream } from '../../../core/ports/object-store.js';
import { principalOf } from '../../../http/auth/authenticate.js';
import { errorEnvelope } from '../../../http/envelope.js';
import { BINARY, Envelope, Failure, RawContent } from '../../../http/schemas.js';
import type { HubApp } from '../../../http/types.js';
import type { SyncPulls } from '../core/sync-pulls.js';
import { authenticateSync, SYNC_SECURITY, syncAddressOf, type SyncAuthServices } from './sync-auth.js';
import {
  BlobParams,
  ManifestParams,
  ProjectParams,
  SyncHubInfo,
  SyncProjectList,
  SyncProjectManifest,
  SyncVersion,
  SyncWorkspaceManifest,
  VersionParams,
} from './sync-schemas.js';

export const SYNC = '/api/v1/sync';
export const tags = ['Sync'];

/** What the sync API's reading routes use. */
export type SyncPullRouteServices = SyncAuthServices & { useCases: { syncPull: SyncPulls } };

/** Every sync route: its own authentication (bearer tokens only, see sync-auth.ts) in place of the hub's cookie-or-token check. */
export const syncRoute = (services: SyncAuthServices) => ({ config: { public: true }, onRequest: authenticateSync(services) }) as const;

/**
 * What another hub reads to pull (docs/remotes.md, "The sync protocol (team side)"), through
 * `useCases.syncPull`: which hub this is, the caller's projects, a project's manifest, versions,
 * workspace manifests and blobs (raw bytes, with `Range: bytes=N-` for a resumed transfer).
 */
export function syncPullRoutes(app: HubApp, services: SyncPullRouteServices): void {
  const pulls = services.useCases.syncPull;
  const route = syncRoute(services);
  const security = SYNC_SECURITY;

  app.get(
    `${SYNC}/hub`,
    {
      ...route,
      schema: {
        tags,
        security,
        summary: 'This hub: its id in the sync protocol, name, release and protocol version',
        response: { 200: Envelope(SyncHubInfo) },
      },
    },
    async (request) => ({ success: true as const, data: await pulls.hub(principalOf(request), new URL(syncAddressOf(request, services).issuer).host) }),
  );

  app.get(
    `${SYNC}/projects`,
    {
      ...route,
      schema: { tags, security, summary: 'The projects the caller may read, newest first, with their role', response: { 200: Envelope(SyncProjectList) } },
    },
    async (request) => ({ success: true as const, data: { items: await pulls.listProjects(principalOf(request)) } }),
  );

  app.get(
    `${SYNC}/projects/:pid`,
    {
      ...route,
      schema: {
        tags,
        security,
        summary: "A project's manifest: its notebooks with their version ids and workspace manifests, the caller's role, its integrations' names",
        params: ProjectParams,
        response: { 200: Envelope(SyncProjectManifest) },
      },
    },
    async (request) => ({ success: true as const, data: await pulls.project(principalOf(request), request.params.pid) }),
  );

  app.get(
    `${SYNC}/projects/:pid/notebooks/:nid/versions/:vid`,
    { ...route, schema: { tags, security, summary: 'A version with its code and origin', params: VersionParams, response: { 200: Envelope(SyncVersion) } } },
    async (request) => ({
      success: true as const,
      data: await pulls.version(principalOf(request), { projectId: request.params.pid, notebookId: request.params.nid, versionId: request.params.vid }),
    }),
  );

  app.get(
    `${SYNC}/projects/:pid/notebooks/:nid/workspace/manifests/:mid`,
    {
      ...route,
      schema: {
        tags,
        security,
        summary: 'A workspace manifest: paths, blobs and sizes',
        description: 'NOT_FOUND once a later change replaced it: read the project again.',
        params: ManifestParams,
        response: { 200: Envelope(SyncWorkspaceManifest) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await pulls.manifest(principalOf(request), { projectId: request.params.pid, notebookId: request.params.nid, manifestId: request.params.mid }),
    }),
  );

  app.get(
    `${SYNC}/projects/:pid/blobs/:blob`,
    {
      ...route,
      schema: {
        tags,
        security,
        summary: "A blob's bytes, when a workspace of a notebook of this project that the caller may see names it",
        description:
          'Blobs are shared by every project: one no manifest of this project names is NOT_FOUND, whatever the store holds. `Range: bytes=N-` (or `bytes=N-M`) answers 206 with those bytes, for a resumed transfer; a range starting past the end is 416. Other Range forms are ignored.',
        params: BlobParams,
        response: {
          200: RawContent("The blob's bytes", 'application/octet-stream', BINARY),
          206: RawContent('The bytes of the range asked for (Content-Range names it)', 'application/octet-stream', BINARY),
          416: Failure('The range starts past the end of the blob (BAD_REQUEST); Content-Range names its size'),
        },
      },
    },
    async (request, reply) => {
      const header = request.headers.range;
      const blob = await pulls.readBlob(principalOf(request), { projectId: request.params.pid, sha256: request.params.blob, start: rangeStartOf(header) });
      void reply.type('application/octet-stream').header('accept-ranges', 'bytes').header('etag', `"${request.params.blob}"`);
      return sendRange(reply, blob, header, request.id);
    },
  );
}

/** Where the bytes sent start: a range's first byte when the header names one `rangeOf` takes, else 0. */
function rangeStartOf(header: string | undefined): number {
  const range = rangeOf(header, Number.MAX_SAFE_INTEGER);
  return range === null || range === 'unsatisfiable' ? 0 : range.start;
}

/** A single `bytes=N-` or `bytes=N-M` range (RFC 9110 section 14.1.2); anything else is no range. */
export function rangeOf(header: string | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | null {
  const match = header === undefined ? null : /^bytes=(\d{1,15})-(\d{0,15})$/.exec(header.trim());
  if (!match) return null;
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (match[2] !== '' && Number(match[2]) < start) return null;
  return start >= size ? 'unsatisfiable' : { start, end };
}

/** Sends the blob, read from where the range starts (`rangeStartOf`), as it comes from the store. */
function sendRange(reply: FastifyReply, blob: ObjectStream, header: string | undefined, requestId: string): FastifyReply {
  const { size } = blob;
  const range = rangeOf(header, size);
  if (range === null) return reply.header('content-length', size).send(streamOf(blob.body, size));
  if (range === 'unsatisfiable') {
    // The store gave no bytes for a start past the end: nothing to release.
    return reply
      .code(416)
      .type('application/json; charset=utf-8')
      .header('content-range', `bytes */${size}`)
      .send(errorEnvelope('BAD_REQUEST', `the range starts past the end of the blob (${size} bytes)`, requestId));
  }
  const length = range.end - range.start + 1;
  return reply
    .code(206)
    .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
    .header('content-length', length)
    .send(streamOf(blob.body, length));
}

/** The first `length` bytes of `body` as a stream fastify sends; the rest is not read. */
function streamOf(body: AsyncIterable<Uint8Array>, length: number): Readable {
  return Readable.from(
    (async function* () {
      let left = length;
      for await (const chunk of body) {
        if (left <= 0) break;
        const part = chunk.byteLength > left ? chunk.subarray(0, left) : chunk;
        left -= part.byteLength;
        yield part;
      }
    })(),
    { objectMode: false },
  );
}
