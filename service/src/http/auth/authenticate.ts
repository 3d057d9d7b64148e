import type {} from '@fastify/cookie';
import type { FastifyContextConfig, FastifyRequest } from 'fastify';
import { HubError } from '../../core/errors.js';
import type { Authenticator, Principal } from '../../core/identity/authenticator.js';
import { isDeploymentAction } from '../../core/policy/deployment-actions.js';
import type { AccessControl } from '../../core/access/access-control.js';
import type { HubSettings } from '../../config/settings.js';
import { matchedRoute } from '../matched-route.js';
import type { HubApp } from '../types.js';
import { assertSameOrigin } from './same-origin.js';
import { assertNotThrottled, authenticationFailed, type ThrottlingServices } from './throttling.js';
import { secretHash } from '../../core/identity/secrets.js';

export const SESSION_COOKIE = 'svc_session';

/** What authentication uses: the credentials' lookups, the deployment-scoped decision, the public origin. */
export interface AuthenticationServices extends ThrottlingServices {
  authenticator: Pick<Authenticator, 'bearerToken' | 'sessionCookie'>;
  access: Pick<AccessControl, 'deployment'>;
  settings: Pick<HubSettings, 'publicUrl' | 'limits'>;
}

/** The caller's principal, or null when the request carries no credential. Bad credentials are 401. */
export async function authenticate(request: FastifyRequest, services: AuthenticationServices): Promise<Principal | null> {
  return resolveCredential(request, services);
}

const BEARER = /^Bearer\s+(\S+)$/i;
const WHITESPACE = /\s/;

/** The token of an `Authorization: Bearer <token>` header, or null when the header is not one. */
export function bearerTokenOf(authorization: string): string | null {
  // The usual spelling skips the regex's match array: same answer, a little less per request.
  if (authorization.startsWith('Bearer ') && authorization.length > 7) {
    const token = authorization.slice(7);
    if (!WHITESPACE.test(token)) return token;
  }
  return BEARER.exec(authorization)?.[1] ?? null;
}

/**
 * {@link authenticate} without a promise when the credential is cached (see Authenticator). Bearer
 * tokens count toward the failed-authentication limit of the caller's address (docs/security.md);
 * session cookies do not (an expired one is no guess, and a page makes many requests with it).
 */
function resolveCredential(request: FastifyRequest, services: AuthenticationServices): Principal | null | Promise<Principal | null> {
  const authorization = request.headers.authorization;
  if (authorization !== undefined) {
    const token = bearerTokenOf(authorization);
    assertNotThrottled(request, services, () => (token === null ? null : secretHash(token)));
    if (token === null) return refuseBearer(request, services);
    const resolved = services.authenticator.bearerToken(token);
    if (!(resolved instanceof Promise)) return resolved ?? refuseBearer(request, services);
    // Looked up afresh (not cached): what worked is remembered, so that it gets through a throttled address.
    return resolved.then((principal) => {
      if (!principal) return refuseBearer(request, services);
      services.failedAuthentications.succeeded(secretHash(token));
      return principal;
    });
  }
  const cookie = request.cookies[SESSION_COOKIE];
  if (cookie === undefined) return null;
  return thenOrNow(services.authenticator.sessionCookie(cookie), (principal) => principal ?? throwError(expiredSession()));
}

const invalidBearer = () => new HubError('UNAUTHORIZED', 'the bearer token is not a valid, unexpired personal access token');

function refuseBearer(request: FastifyRequest, services: ThrottlingServices): never {
  authenticationFailed(request, services);
  throw invalidBearer();
}
const expiredSession = () => new HubError('UNAUTHORIZED', 'your session has expired; sign in again');

function throwError(error: Error): never {
  throw error;
}

function thenOrNow<T, R>(value: T | Promise<T>, next: (value: T) => R): R | Promise<R> {
  return value instanceof Promise ? value.then(next) : next(value);
}

/**
 * Every route needs a credential unless its config says `public`. Session-only routes refuse
 * tokens, cookie-authenticated changes must be same-origin, and deployment-scoped actions are
 * decided here; project-scoped ones by their routes. A callback hook rather than an async one:
 * with the credential cached, the whole check finishes without a promise.
 */
export function registerAuthentication(app: HubApp, services: AuthenticationServices): void {
  app.decorateRequest('principal', null);
  app.addHook('onRequest', (request, _reply, done) => {
    const { config } = matchedRoute(request);
    if (config.public || config.publicIf?.(request)) return done();
    let resolved: Principal | null | Promise<Principal | null>;
    try {
      resolved = resolveCredential(request, services);
    } catch (error) {
      return done(error as Error);
    }
    if (!(resolved instanceof Promise)) return done(admitted(request, config, resolved, services));
    resolved.then((principal) => done(admitted(request, config, principal, services)), done);
  });
}

/** Attaches the principal to the request, or says why it may not go on. */
function admitted(request: FastifyRequest, config: FastifyContextConfig, principal: Principal | null, services: AuthenticationServices): Error | undefined {
  try {
    if (!principal) throw new HubError('UNAUTHORIZED', 'sign in, or send a personal access token as "Authorization: Bearer svc_pat_..."');
    if (config.sessionOnly && principal.credential.kind === 'token') {
      throw new HubError('FORBIDDEN', 'this route needs a browser session; personal access tokens are not accepted here');
    }
    if (principal.credential.kind === 'session') assertSameOrigin(request, services.settings.publicUrl);
    request.principal = principal;
    if (config.action && isDeploymentAction(config.action)) services.access.deployment(principal, config.action);
    return undefined;
  } catch (error) {
    return error as Error;
  }
}

/** The principal of an authenticated route (set by the hook above). */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new HubError('UNAUTHORIZED', 'authentication required');
  return request.principal;
}
