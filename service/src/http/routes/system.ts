import { Type } from 'typebox';
import { HubError } from '../../core/errors.js';
import type { HubSettings } from '../../config/settings.js';
import { authenticate, type AuthenticationServices } from '../auth/authenticate.js';
import { runDeepHealth, type DeepHealthServices } from '../deep-health.js';
import { renderOpenApiYaml } from '../openapi.js';
import { DateTime, Envelope, Nullable, RawContent } from '../schemas.js';
import type { HubApp } from '../types.js';
import { capabilitiesOf, Capabilities, type DeploymentOffer } from './capabilities.js';

const DeploymentInfo = Type.Object(
  {
    version: Type.String(),
    image: Nullable(Type.String()),
    sandbox_image: Nullable(Type.String()),
    started_at: DateTime,
    replica: Type.String(),
    backends: Type.Object({ storage: Type.String(), compute: Type.String(), auth: Type.String() }),
  },
  { $id: 'DeploymentInfo' },
);

const HealthCheckSchema = Type.Object({
  name: Type.String(),
  status: Type.Enum(['ok', 'failed', 'skipped']),
  duration_ms: Type.Number({ minimum: 0 }),
  detail: Type.Optional(Type.String()),
});

/** What the deployment's description is read from. */
export interface DeploymentInfoServices {
  settings: HubSettings;
  startedAt: Date;
  instanceId: string;
}

export function deploymentInfo(services: DeploymentInfoServices) {
  const { settings } = services;
  return {
    version: settings.version,
    image: settings.image,
    sandbox_image: settings.sandboxes.driver === 'local' ? null : settings.sandboxes.defaultImage,
    started_at: services.startedAt.toISOString(),
    replica: services.instanceId,
    backends: { storage: settings.storage.kind, compute: settings.sandboxes.driver, auth: settings.auth.kind },
  };
}

/** What the system routes use. */
export type SystemRouteServices = DeploymentInfoServices & AuthenticationServices & DeepHealthServices & { settings: HubSettings; offer(): DeploymentOffer };

export function systemRoutes(app: HubApp, services: SystemRouteServices): void {
  app.get(
    '/api/health',
    {
      config: { public: true },
      schema: {
        tags: ['System'],
        summary: 'Liveness; with deep=true (authenticated) runs the preflight checks',
        querystring: Type.Object({ deep: Type.Optional(Type.Boolean()) }),
        response: {
          200: Type.Object({ status: Type.String(), checks: Type.Optional(Type.Array(HealthCheckSchema)) }),
          503: Type.Object({ status: Type.String(), checks: Type.Array(HealthCheckSchema) }),
        },
      },
    },
    async (request, reply) => {
      if (!request.query.deep) return { status: 'ok' };
      const principal = await authenticate(request, services);
      if (!principal) throw new HubError('UNAUTHORIZED', 'the deep health check requires authentication');
      const checks = await runDeepHealth(services);
      const failed = checks.some((check) => check.status === 'failed');
      return reply
        .code(failed ? 503 : 200)
        .header('cache-control', 'no-store')
        .send({ status: failed ? 'failed' : 'ok', checks });
    },
  );

  app.get(
    '/api/v1/version',
    { schema: { tags: ['System'], summary: 'Deployment version, image, backends and start time', response: { 200: Envelope(DeploymentInfo) } } },
    async () => ({ success: true as const, data: deploymentInfo(services) }),
  );

  app.get(
    '/api/v1/capabilities',
    { schema: { tags: ['System'], summary: 'What this deployment offers, and its limits', response: { 200: Envelope(Capabilities) } } },
    async () => ({ success: true as const, data: capabilitiesOf(services.settings, services.offer()) }),
  );

  app.get(
    '/api/v1/doc',
    {
      schema: {
        tags: ['System'],
        summary: 'The OpenAPI 3.1 document of this service (YAML)',
        response: { 200: RawContent('The document', 'application/yaml', { type: 'object' }) },
      },
    },
    async (_request, reply) => reply.type('application/yaml; charset=utf-8').send(await renderOpenApiYaml(app)),
  );

  app.get('/openapi.yaml', { config: { public: true }, schema: { hide: true } }, async (_request, reply) =>
    reply.type('application/yaml; charset=utf-8').send(await renderOpenApiYaml(app)),
  );
}
