import { Type } from 'typebox';
import type { HubSettings } from '../../../config/settings.js';
import { HubError } from '../../../core/errors.js';
import { principalOf } from '../../../http/auth/authenticate.js';
import { ERROR_STATUS } from '../../../http/error-status.js';
import { hubOriginOf } from '../../../http/hub-origin.js';
import { Envelope, Failure, SuccessResponse } from '../../../http/schemas.js';
import type { HubApp } from '../../../http/types.js';
import type { RemoteUseCases } from '../core/remote-use-cases.js';
import type { SyncUseCases } from '../core/sync-use-cases.js';
import {
  AddedRemote,
  Operation,
  OperationParams,
  operationView,
  PullCreate,
  Remote,
  RemoteCreate,
  RemoteParams,
  SignInBody,
  TeamProject,
} from './remote-schemas.js';

const tags = ['Remotes'];
const UNREACHABLE = { 503: Failure('The team hub is unreachable (SERVICE_UNAVAILABLE); nothing was changed') };

/** What the remote routes use. */
export interface RemoteRouteServices {
  useCases: { remotes: RemoteUseCases; sync: SyncUseCases };
  settings: Pick<HubSettings, 'publicUrl' | 'basePath' | 'host' | 'port'>;
}

/** Where the browser comes back to after signing in to the team hub: this hub's own callback route. */
export const callbackPath = (name: string) => `/api/v1/remotes/${name}/callback`;

/**
 * Remotes (docs/remotes.md): a person's team hubs, signing in to them, the team projects they may
 * pull, pulls, and the operations that report a pull's or push's progress. Each route acts for the
 * signed-in user on their own remotes; the project routes are in project-remote-routes.ts.
 */
export function remoteRoutes(app: HubApp, services: RemoteRouteServices): void {
  const { remotes, sync } = services.useCases;
  const redirectUriOf = (request: Parameters<typeof principalOf>[0], name: string) =>
    `${hubOriginOf(request.raw, services.settings)}${services.settings.basePath}${callbackPath(name)}`;

  app.get('/api/v1/remotes', { schema: { tags, summary: 'Your remotes', response: { 200: Envelope(Type.Array(Remote)) } } }, async (request) => ({
    success: true as const,
    data: await remotes.list(principalOf(request)),
  }));

  app.post(
    '/api/v1/remotes',
    {
      schema: {
        tags,
        summary: 'Add a remote: a team hub to pull from and push to',
        description:
          "Without `token`, this hub registers with the team hub's authorization server and answers `authorize_url`: open it in the browser, sign in there and allow this hub; the browser comes back to GET /api/v1/remotes/{name}/callback, which finishes the sign-in. With `token` (a personal access token of the team hub) the remote is ready at once.",
        body: RemoteCreate,
        response: {
          201: Envelope(AddedRemote),
          409: Failure('A remote with this name exists (CONFLICT)'),
          422: Failure('A bad name, a URL this hub may not call, or a token the team hub refused (VALIDATION_ERROR)'),
          ...UNREACHABLE,
        },
      },
    },
    async (request, reply) => {
      const { name, url, token } = request.body;
      const added = await remotes.add(principalOf(request), { name, url, token, redirectUri: redirectUriOf(request, name) });
      return reply.code(201).send({ success: true as const, data: added });
    },
  );

  app.get('/api/v1/remotes/:name', { schema: { tags, summary: 'A remote', params: RemoteParams, response: { 200: Envelope(Remote) } } }, async (request) => ({
    success: true as const,
    data: await remotes.get(principalOf(request), request.params.name),
  }));

  app.delete(
    '/api/v1/remotes/:name',
    {
      schema: {
        tags,
        summary: 'Remove a remote',
        description:
          'Its tokens are given back to the team hub when it answers. Projects linked through it stay linked: another remote of the same team hub takes over.',
        params: RemoteParams,
        response: { 200: SuccessResponse },
      },
    },
    async (request) => {
      await remotes.remove(principalOf(request), request.params.name);
      return { success: true as const };
    },
  );

  app.post(
    '/api/v1/remotes/:name/sign-in',
    {
      schema: {
        tags,
        summary: 'Sign a remote in again',
        description: 'After the team hub revoked the connection: answers a new `authorize_url`, or takes a new personal access token.',
        params: RemoteParams,
        body: SignInBody,
        response: { 200: Envelope(AddedRemote), ...UNREACHABLE },
      },
    },
    async (request) => ({
      success: true as const,
      data: await remotes.signIn(principalOf(request), request.params.name, {
        token: request.body.token,
        redirectUri: redirectUriOf(request, request.params.name),
      }),
    }),
  );

  // Where the person's browser lands after the team hub's consent page: a page, not an API (no
  // credential of this hub comes along; the OAuth state names the sign-in).
  app.get(
    '/api/v1/remotes/:name/callback',
    { config: { public: true, cache: 'no-store' as const }, schema: { hide: true, params: RemoteParams } },
    async (request, reply) => {
      const query = request.raw.url?.split('?')[1] ?? '';
      try {
        const remote = await remotes.completeSignIn({ query, remote: request.params.name });
        return reply
          .type('text/html; charset=utf-8')
          .send(page('Signed in', `This hub is signed in to ${remote.hub?.name ?? remote.url} as remote ${remote.name}. You can close this window.`));
      } catch (error) {
        if (!(error instanceof HubError)) throw error;
        return reply
          .code(ERROR_STATUS[error.code])
          .type('text/html; charset=utf-8')
          .send(page('Sign-in not finished', `${error.message}. You can close this window and sign in again.`));
      }
    },
  );

  app.get(
    '/api/v1/remotes/:name/projects',
    {
      schema: {
        tags,
        summary: "The team projects the remote's user may pull",
        params: RemoteParams,
        response: { 200: Envelope(Type.Array(TeamProject)), ...UNREACHABLE },
      },
    },
    async (request) => ({ success: true as const, data: await remotes.teamProjects(principalOf(request), request.params.name) }),
  );

  app.post(
    '/api/v1/remotes/:name/pulls',
    {
      schema: {
        tags,
        summary: 'Pull a team project',
        description:
          'Into a new local project (you its owner; needs project.create), or again into the local project linked to it (`project_id`; needs manager there). Runs in the background: follow GET /api/v1/remote-operations/{opid}. A pull of the same team project that was cut off or failed is taken up where it stopped.',
        params: RemoteParams,
        body: PullCreate,
        response: { 202: Envelope(Operation), 409: Failure('The pull runs already, or the project is linked elsewhere (CONFLICT)'), ...UNREACHABLE },
      },
    },
    async (request, reply) => {
      const started = await sync.pull(principalOf(request), {
        remote: request.params.name,
        remoteProjectId: request.body.remote_project_id,
        history: request.body.history ?? 'all',
        projectId: request.body.project_id,
      });
      return reply.code(202).send({ success: true as const, data: operationView(started.operation) });
    },
  );

  app.get(
    '/api/v1/remote-operations',
    { schema: { tags, summary: 'Your recent pulls and pushes, newest first', response: { 200: Envelope(Type.Array(Operation)) } } },
    async (request) => ({ success: true as const, data: (await sync.operations(principalOf(request))).map(operationView) }),
  );

  app.get(
    '/api/v1/remote-operations/:opid',
    { schema: { tags, summary: 'A pull or push: its progress and outcome', params: OperationParams, response: { 200: Envelope(Operation) } } },
    async (request) => ({ success: true as const, data: operationView(await sync.operation(principalOf(request), request.params.opid)) }),
  );
}

const escape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function page(title: string, message: string): string {
  return `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(title)}</title><body style="font-family: system-ui, sans-serif; max-width: 36rem; margin: 4rem auto; padding: 0 1rem"><h1>${escape(title)}</h1><p>${escape(message)}</p></body></html>`;
}
