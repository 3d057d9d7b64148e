import swagger from '@fastify/swagger';
import type { HubApp } from './types.js';

export const OPENAPI_TAGS = ['Auth', 'Projects', 'Alerts', 'Notebooks', 'Sessions', 'Jobs', 'Integrations', 'Secrets', 'Users', 'Audit', 'System'] as const;

/**
 * The OpenAPI 3.1 document is generated from the route schemas, so validation, serialization and
 * documentation cannot disagree. Each route's security requirement follows its config.
 */
export async function registerOpenApi(app: HubApp): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Notebook Hub API',
        version: '1.0.0',
        description:
          'Projects, marimo notebooks and the sandboxes that run them. JSON routes answer {success, data} or {success: false, error}; see docs/errors.md for the status of every error code.',
      },
      tags: OPENAPI_TAGS.map((name) => ({ name })),
      components: {
        securitySchemes: {
          sessionCookie: { type: 'apiKey', in: 'cookie', name: 'svc_session', description: 'Browser session from the login flow' },
          personalAccessToken: { type: 'http', scheme: 'bearer', description: 'Personal access token (svc_pat_...)' },
        },
      },
    },
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, index) => (typeof json.$id === 'string' ? json.$id : `def-${index}`) },
    transform: ({ schema, url, route }) => {
      const config = (route.config ?? {}) as { public?: boolean; sessionOnly?: boolean };
      const security: Record<string, string[]>[] = config.public
        ? []
        : config.sessionOnly
          ? [{ sessionCookie: [] }]
          : [{ sessionCookie: [] }, { personalAccessToken: [] }];
      return { schema: { ...schema, security }, url };
    },
  });
}

export function renderOpenApiYaml(app: HubApp): string {
  return app.swagger({ yaml: true });
}
