import { principalOf } from '../../../http/auth/authenticate.js';
import { Envelope, RawContent } from '../../../http/schemas.js';
import type { HubApp } from '../../../http/types.js';
import { NotebookParams, VersionParams } from '../../../http/routes/notebook-schemas.js';
import type { DependencyUpdates } from '../core/dependency-updates.js';
import type { EnvironmentUseCases } from '../core/environment-use-cases.js';
import type { EnvironmentAdmin } from '../core/environment-admin.js';
import { DependencyUpdateBody, DependencyUpdateSchema, EnvironmentCacheOverviewSchema, VersionEnvironmentSchema } from './environment-schemas.js';

const tags = ['Notebooks'];

/** What the environment routes use. */
export interface EnvironmentRouteServices {
  useCases: { environments: EnvironmentUseCases; environmentAdmin: EnvironmentAdmin; dependencyUpdates: DependencyUpdates };
}

export const ENVIRONMENTS_ADMIN_PATH = '/api/v1/admin/environments';

/**
 * A version's locked environment (docs/environments.md) through `useCases.environments` (reading
 * needs project.read), the update of a notebook's dependencies (notebook.write) and the admin view.
 */
export function environmentRoutes(app: HubApp, services: EnvironmentRouteServices): void {
  const { environments } = services.useCases;
  const ref = (params: { pid: string; nid: string; vid: string }) => ({ projectId: params.pid, notebookId: params.nid, versionId: params.vid });

  app.get(
    '/api/v1/projects/:pid/notebooks/:nid/versions/:vid/environment',
    {
      schema: {
        tags,
        summary: "A version's environment: its lock's status, identity and packages",
        description:
          "Where locked environments are on, a version's PEP 723 dependencies are resolved once when it is saved; a resolution that fails says why here (error), not at the next start.",
        params: VersionParams,
        response: { 200: Envelope(VersionEnvironmentSchema) },
      },
    },
    async (request) => ({ success: true as const, data: await environments.versionEnvironment(principalOf(request), ref(request.params)) }),
  );

  app.get(
    ENVIRONMENTS_ADMIN_PATH,
    {
      config: { action: 'admin.access', cache: 'no-store' },
      schema: {
        tags: ['Admin'],
        summary: 'The cache of built environments: its size, hit rate, environments and the notebooks locked to them',
        description:
          'Super admins only. The hit rate counts the starts of this hub process; the notebooks of each environment come from the version locks (at most 5000 read per call).',
        response: { 200: Envelope(EnvironmentCacheOverviewSchema) },
      },
    },
    async (request) => ({ success: true as const, data: await services.useCases.environmentAdmin.overview(principalOf(request)) }),
  );

  app.get(
    '/api/v1/projects/:pid/notebooks/:nid/versions/:vid/environment/lock',
    {
      schema: {
        tags,
        summary: "A version's lock",
        description: 'The requirements file uv wrote, every package pinned with the hashes of its files. NOT_FOUND (404) while the version has no lock.',
        params: VersionParams,
        response: { 200: RawContent('The lock, a requirements file', 'text/plain') },
      },
    },
    async (request, reply) => {
      const lock = await environments.versionLock(principalOf(request), ref(request.params));
      return reply.type('text/plain; charset=utf-8').send(lock);
    },
  );

  app.post(
    '/api/v1/projects/:pid/notebooks/:nid/environment/update',
    {
      schema: {
        tags,
        summary: "Update dependencies: re-resolve the current version's block against the package index now, and save it as a new version with that lock",
        description:
          "The new version has the same code and a fresh lock (201); earlier versions keep theirs, so their sessions and job runs keep their packages. 200 with updated false when the index gives the lock the current version has: nothing is saved. uv's reason when it cannot resolve the block is 422 PYTHON_ENV_SETUP_FAILED, and nothing is saved. 409 CONFLICT when base_version_id is not the current version, when the version declares no dependencies a lock carries or locked environments are off; 409 EDIT_SESSION_OWNED while an edit session holds the notebook.",
        params: NotebookParams,
        body: DependencyUpdateBody,
        response: { 200: Envelope(DependencyUpdateSchema), 201: Envelope(DependencyUpdateSchema) },
      },
    },
    async (request, reply) => {
      const result = await services.useCases.dependencyUpdates.update(principalOf(request), {
        projectId: request.params.pid,
        notebookId: request.params.nid,
        baseVersionId: request.body.base_version_id,
      });
      return reply.code(result.updated ? 201 : 200).send({ success: true as const, data: result });
    },
  );
}
