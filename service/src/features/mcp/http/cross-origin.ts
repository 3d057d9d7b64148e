import type { HubApp } from '../../../http/types.js';
import { matchedRoute } from '../../../http/matched-route.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Readable by scripts of any origin (docs/mcp.md, "Browser-based clients"): only for routes that
     * never take a cookie, so another site's page gains nothing a server could not do.
     */
    anyOrigin?: boolean;
  }
}

const ALLOWED_HEADERS = 'Authorization, Content-Type, Accept, Mcp-Protocol-Version, Mcp-Session-Id, Last-Event-ID';
const EXPOSED_HEADERS = 'WWW-Authenticate, Mcp-Session-Id, Retry-After';

/**
 * CORS for the MCP server and the OAuth endpoints its clients call, so that a client running in
 * a browser (such as an MCP inspector) can connect. The headers go on the raw response at the
 * start, because `/mcp` writes its answer itself; each path named here gets a preflight route.
 */
export function allowAnyOrigin(app: HubApp, paths: readonly string[]): void {
  app.addHook('onRequest', (request, reply, done) => {
    if (matchedRoute(request).config.anyOrigin) {
      reply.raw.setHeader('access-control-allow-origin', '*');
      reply.raw.setHeader('access-control-expose-headers', EXPOSED_HEADERS);
    }
    done();
  });
  for (const path of paths) {
    app.options(path, { config: { public: true, anyOrigin: true }, schema: { hide: true } }, async (_request, reply) =>
      reply
        .code(204)
        .header('access-control-allow-methods', 'GET, POST, DELETE')
        .header('access-control-allow-headers', ALLOWED_HEADERS)
        .header('access-control-max-age', '600')
        .send(),
    );
  }
}
