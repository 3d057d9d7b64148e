import { principalOf } from '../../../http/auth/authenticate.js';
import { Envelope, RawContent } from '../../../http/schemas.js';
import type { HubApp } from '../../../http/types.js';
import { VersionParams } from '../../../http/routes/notebook-schemas.js';
import type { EnvironmentUseCases } from '../core/environment-use-cases.js';
import type { EnvironmentAdmin } from '../core/environment-admin.js';
import { EnvironmentCacheOverviewSchema, VersionEnvironmentSchema } from './environment-schemas.js';

const tags = ['Notebooks'];

/** What the environment routes use. */
export interface EnvironmentRouteServices {
  useCases: { environments: EnvironmentUseCases; environmentAdmin: EnvironmentAdmin };
}

export const ENVIRONMENTS_ADMIN_PATH = '/api/v1/admin/environments';

/** A version's locked environment (docs/environments.md) through `useCases.environments`; reading needs project.read. */
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
}
