import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { GitUseCases } from '../core/git-use-cases.js';
import type { HubSettings } from '../../../config/settings.js';
import { HubError } from '../../../core/errors.js';
import { GIT_PROVIDERS, type GitProvider } from '../core/git-source-config.js';
import { principalOf } from '../../../http/auth/authenticate.js';
import { assertNotThrottled, authenticationFailed, type ThrottlingServices } from '../../../http/auth/throttling.js';
import { secretHash } from '../../../core/identity/secrets.js';
import { Envelope, SuccessResponse } from '../../../http/schemas.js';
import type { HubApp } from '../../../http/types.js';
import {
  ChangeRequest,
  ChangeRequestCreate,
  GitCredentialsUpdate,
  GitCredentialsView,
  GitNotebookCreate,
  GitNotebookCreateResult,
  GitProviderView,
  GitSourceUpdate,
  SourceDrift,
  SourceRefs,
  SourceSyncHealth,
  SourceSyncResult,
  SyncToken,
} from './git-schemas.js';
import { detailOf, NotebookDetail, NotebookParams } from '../../../http/routes/notebook-schemas.js';
import { ProjectIdParams } from '../../../http/routes/project-schemas.js';
import { hubOriginOf } from '../../../http/hub-origin.js';

/** How people name each provider. */
const PROVIDER_NAMES: Record<GitProvider, string> = { github: 'GitHub', gitlab: 'GitLab' };

/** What the Git routes use. */
export interface GitRouteServices extends ThrottlingServices {
  useCases: { git: GitUseCases };
  settings: Pick<HubSettings, 'publicUrl' | 'host' | 'port' | 'git' | 'limits'>;
}

/** Git-synced notebooks (docs/git.md): each route parses, calls one Git use case and presents its answer. */
export function gitRoutes(app: HubApp, services: GitRouteServices): void {
  const { git } = services.useCases;
  const { enabled, providerUrls } = services.settings.git;
  /** A sync URL as the repository's CI calls it: absolute, on the hub's own address (never one a client made up). */
  const absolute = (request: FastifyRequest, path: string) => `${hubOriginOf(request, services.settings)}${path}`;

  // A deployment fact like the capabilities: an enterprise server may stand in for either provider.
  app.get(
    '/api/v1/git-providers',
    {
      schema: {
        tags: ['Notebooks'],
        summary: 'The Git providers this hub recognises, and where their repositories are on the web (none while Git is off)',
        response: { 200: Envelope(Type.Array(GitProviderView)) },
      },
    },
    async () => ({
      success: true as const,
      data: enabled ? GIT_PROVIDERS.map((provider) => ({ provider, name: PROVIDER_NAMES[provider], web_url: providerUrls[provider] })) : [],
    }),
  );

  app.post(
    '/api/v1/projects/:pid/git-notebooks',
    {
      config: { idempotent: true },
      schema: {
        tags: ['Notebooks'],
        summary: 'Create a notebook synced from a Git repository, and sync it once',
        params: ProjectIdParams,
        body: GitNotebookCreate,
        response: { 201: Envelope(GitNotebookCreateResult) },
      },
    },
    async (request, reply) => {
      const { notebook, sync_url, ...rest } = await git.create(principalOf(request), { projectId: request.params.pid, notebook: request.body });
      const data = { notebook: detailOf(notebook, null), ...(sync_url ? { sync_url: absolute(request, sync_url) } : {}), ...rest };
      return reply.code(201).send({ success: true as const, data });
    },
  );

  app.patch(
    '/api/v1/projects/:pid/notebooks/:nid/source',
    {
      schema: {
        tags: ['Notebooks'],
        summary: 'Change where a Git notebook reads from (applied by the next sync) or its sync mode',
        params: NotebookParams,
        body: GitSourceUpdate,
        response: { 200: Envelope(NotebookDetail) },
      },
    },
    async (request) => {
      const { notebook, readme } = await git.updateSource(principalOf(request), {
        projectId: request.params.pid,
        notebookId: request.params.nid,
        patch: request.body,
      });
      return { success: true as const, data: detailOf(notebook, readme) };
    },
  );

  app.post(
    '/api/v1/projects/:pid/notebooks/:nid/source/sync',
    {
      schema: { tags: ['Notebooks'], summary: 'Sync the notebook with its branch now', params: NotebookParams, response: { 200: Envelope(SourceSyncResult) } },
    },
    async (request) => ({
      success: true as const,
      data: await git.sync(principalOf(request), { projectId: request.params.pid, notebookId: request.params.nid }),
    }),
  );

  app.post(
    '/api/v1/projects/:pid/notebooks/:nid/source/sync-token',
    {
      schema: {
        tags: ['Notebooks'],
        summary: "Rotate a push-mode notebook's sync token (the old one stops working at once)",
        params: NotebookParams,
        response: { 200: Envelope(SyncToken) },
      },
    },
    async (request) => {
      const token = await git.rotateToken(principalOf(request), { projectId: request.params.pid, notebookId: request.params.nid });
      return { success: true as const, data: { ...token, sync_url: absolute(request, token.sync_url) } };
    },
  );

  app.post(
    '/api/v1/projects/:pid/notebooks/:nid/change-requests',
    {
      schema: {
        tags: ['Notebooks'],
        summary: "Publish the notebook's code (a version, or an edit session's) as a branch and a pull or merge request",
        params: NotebookParams,
        body: ChangeRequestCreate,
        response: { 201: Envelope(ChangeRequest) },
      },
    },
    async (request, reply) => {
      const record = await git.publishChangeRequest(principalOf(request), {
        projectId: request.params.pid,
        notebookId: request.params.nid,
        request: request.body,
      });
      return reply.code(201).send({ success: true as const, data: record });
    },
  );

  app.get(
    '/api/v1/projects/:pid/notebooks/:nid/change-requests',
    {
      schema: {
        tags: ['Notebooks'],
        summary: 'The change requests published from the notebook, newest first (at most 100)',
        params: NotebookParams,
        response: { 200: Envelope(Type.Array(ChangeRequest)) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await git.changeRequests(principalOf(request), { projectId: request.params.pid, notebookId: request.params.nid }),
    }),
  );

  app.get(
    '/api/v1/projects/:pid/notebooks/:nid/source/drift',
    {
      schema: { tags: ['Notebooks'], summary: "The synced commit beside the branch's head", params: NotebookParams, response: { 200: Envelope(SourceDrift) } },
    },
    async (request) => ({
      success: true as const,
      data: await git.drift(principalOf(request), { projectId: request.params.pid, notebookId: request.params.nid }),
    }),
  );

  app.get(
    '/api/v1/projects/:pid/notebooks/:nid/source/sync-health',
    {
      schema: {
        tags: ['Notebooks'],
        summary: "How the notebook's syncs have gone lately: since when they fail, and why",
        params: NotebookParams,
        response: { 200: Envelope(SourceSyncHealth) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await git.syncHealth(principalOf(request), { projectId: request.params.pid, notebookId: request.params.nid }),
    }),
  );

  app.get(
    '/api/v1/projects/:pid/notebooks/:nid/source/refs',
    {
      schema: {
        tags: ['Notebooks'],
        summary: "The repository's branches (the notebook's own first) and its branch's newest commits",
        params: NotebookParams,
        response: { 200: Envelope(SourceRefs) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await git.refs(principalOf(request), { projectId: request.params.pid, notebookId: request.params.nid }),
    }),
  );

  app.post(
    '/api/v1/git-sync/:pid/:nid',
    {
      // The repository's CI holds the notebook's sync token, not a hub credential.
      config: { public: true },
      schema: {
        tags: ['Notebooks'],
        summary: "A push-mode notebook's sync URL: called by the repository's CI with `Authorization: Bearer <sync_token>`",
        params: NotebookParams,
        response: { 200: Envelope(SourceSyncResult) },
      },
    },
    async (request) => {
      const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
      if (!token) throw new HubError('UNAUTHORIZED', 'send the notebook\'s sync token as "Authorization: Bearer <sync_token>"');
      // A wrong token counts toward the address's failed-authentication limit (docs/security.md).
      assertNotThrottled(request, services, () => secretHash(token));
      try {
        const data = await git.syncWithToken({ projectId: request.params.pid, notebookId: request.params.nid, token });
        services.failedAuthentications.succeeded(secretHash(token));
        return { success: true as const, data };
      } catch (error) {
        if (error instanceof HubError && error.code === 'UNAUTHORIZED') authenticationFailed(request, services);
        else services.failedAuthentications.succeeded(secretHash(token));
        throw error;
      }
    },
  );

  app.get(
    '/api/v1/projects/:pid/git-credentials',
    {
      schema: {
        tags: ['Projects'],
        summary: "The project's Git credentials (whether each token is set, and the host and repositories they are sent to)",
        params: ProjectIdParams,
        response: { 200: Envelope(GitCredentialsView) },
      },
    },
    async (request) => ({ success: true as const, data: await git.credentials(principalOf(request), { projectId: request.params.pid }) }),
  );

  app.put(
    '/api/v1/projects/:pid/git-credentials',
    {
      schema: {
        tags: ['Projects'],
        summary: "Set the project's Git credentials (write-only: tokens are never returned)",
        description:
          'The credentials are bound to one Git host and the repositories listed in repositories, and sent with no other call: a Git notebook of another repository reads it without them. A token with no repositories to go with answers VALIDATION_ERROR.',
        params: ProjectIdParams,
        body: GitCredentialsUpdate,
        response: { 200: Envelope(GitCredentialsView) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await git.setCredentials(principalOf(request), { projectId: request.params.pid, credentials: request.body }),
    }),
  );

  app.delete(
    '/api/v1/projects/:pid/git-credentials',
    { schema: { tags: ['Projects'], summary: "Remove the project's Git credentials", params: ProjectIdParams, response: { 200: SuccessResponse } } },
    async (request) => {
      await git.removeCredentials(principalOf(request), { projectId: request.params.pid });
      return { success: true as const };
    },
  );
}
