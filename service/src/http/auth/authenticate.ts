import type {} from '@fastify/cookie';
import type { FastifyRequest } from 'fastify';
import { HubError } from '../../core/errors.js';
import type { Principal } from '../../core/identity/authenticator.js';
import { authorizeDeploymentAction, isDeploymentAction } from '../../core/policy/deployment-actions.js';
import type { HubServices } from '../../services.js';
import type { HubApp } from '../types.js';
import { assertSameOrigin } from './same-origin.js';

export const SESSION_COOKIE = 'svc_session';

/** The caller's principal, or null when the request carries no credential. Bad credentials are 401. */
export async function authenticate(request: FastifyRequest, services: HubServices): Promise<Principal | null> {
  const authorization = request.headers.authorization;
  if (authorization !== undefined) {
    const match = /^Bearer\s+(\S+)$/i.exec(authorization);
    const principal = match ? await services.authenticator.fromBearerToken(match[1]!) : null;
    if (!principal) throw new HubError('UNAUTHORIZED', 'the bearer token is not a valid, unexpired personal access token');
    return principal;
  }
  const cookie = request.cookies[SESSION_COOKIE];
  if (cookie === undefined) return null;
  const principal = await services.authenticator.fromSessionCookie(cookie);
  if (!principal) throw new HubError('UNAUTHORIZED', 'your session has expired; sign in again');
  return principal;
}

/**
 * Every route needs a credential unless its config says `public`. Session-only routes refuse
 * tokens, cookie-authenticated changes must be same-origin, and deployment-scoped actions are
 * decided here; project-scoped ones by their routes.
 */
export function registerAuthentication(app: HubApp, services: HubServices): void {
  app.decorateRequest('principal', null);
  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    if (config.public) return;
    const principal = await authenticate(request, services);
    if (!principal) throw new HubError('UNAUTHORIZED', 'sign in, or send a personal access token as "Authorization: Bearer svc_pat_..."');
    if (config.sessionOnly && principal.credential.kind === 'token') {
      throw new HubError('FORBIDDEN', 'this route needs a browser session; personal access tokens are not accepted here');
    }
    if (principal.credential.kind === 'session') assertSameOrigin(request, services.settings.publicUrl);
    request.principal = principal;
    if (config.action && isDeploymentAction(config.action)) authorizeDeploymentAction(principal, config.action, services.entitlementRules, services.labelPolicy);
  });
}

/** The principal of an authenticated route (set by the hook above). */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new HubError('UNAUTHORIZED', 'authentication required');
  return request.principal;
}
