import type {} from '@fastify/cookie';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { HubError } from '../../core/errors.js';
import type { LoginFlows } from '../../core/identity/login-flows.js';
import type { HubSettings } from '../../config/settings.js';
import type { HubApp } from '../types.js';
import { safeReturnPath, setSessionCookie } from './session-cookie.js';

export const OIDC_LOGIN_PATH = '/api/v1/auth/oidc/login';
export const OIDC_CALLBACK_PATH = '/api/v1/auth/oidc/callback';
export const LOGIN_FLOW_COOKIE = 'svc_login_flow';
/** The flow cookie is only ever needed by the callback, so no other route receives it (under the hub's base). */
const LOGIN_FLOW_COOKIE_PATH = '/api/v1/auth/oidc';

export interface OidcLoginOptions {
  /**
   * The hub's external address: SERVICE_PUBLIC_URL (with its path), else the listen address. A function because the
   * listen address (and so the redirect URI) is known only once the server listens.
   */
  publicBaseUrl: () => string | null;
  logger: FastifyBaseLogger;
}

/** The OIDC login of a hub: the hooks the auth routes use, and the login routes themselves. */
export interface OidcLogin {
  loginPath: string;
  /** Where the browser ends the provider's session after the hub's logout; null if the provider has no such endpoint. */
  endSessionUrl: () => Promise<string | null>;
  register: (app: HubApp) => void;
}

/**
 * The OIDC login routes: cookies, redirects and presentation. Flows, their checks and the sign-in
 * itself are core's (`core/identity/login-flows.ts`); the OpenID client is the identity provider
 * adapter behind it.
 */
export function createOidcLogin(services: { settings: HubSettings }, flows: LoginFlows, options: OidcLoginOptions): OidcLogin {
  const secure = services.settings.publicUrl?.startsWith('https:') ?? false;
  const { basePath } = services.settings;
  const flowCookiePath = `${basePath}${LOGIN_FLOW_COOKIE_PATH}`;

  const baseUrl = (): string => {
    const base = options.publicBaseUrl();
    if (!base) throw new HubError('SERVICE_UNAVAILABLE', 'the hub does not know its own address yet; set SERVICE_PUBLIC_URL');
    return base.replace(/\/+$/, '');
  };
  const redirectUri = () => `${baseUrl()}${OIDC_CALLBACK_PATH}`;

  const clearFlowCookie = (reply: FastifyReply) => void reply.clearCookie(LOGIN_FLOW_COOKIE, { path: flowCookiePath, httpOnly: true, sameSite: 'lax', secure });

  const startLogin = async (request: FastifyRequest<{ Querystring: { return_to?: string } }>, reply: FastifyReply) => {
    const { flowId, authorizationUrl } = await flows.start({ redirectUri: redirectUri(), returnTo: safeReturnPath(request.query.return_to) });
    void reply.setCookie(LOGIN_FLOW_COOKIE, flowId, {
      path: flowCookiePath,
      httpOnly: true,
      sameSite: 'lax',
      secure,
      maxAge: flows.lifetimeMs / 1000,
    });
    return reply.code(302).header('cache-control', 'no-store').redirect(authorizationUrl.href, 302);
  };

  const finishLogin = async (request: FastifyRequest, reply: FastifyReply) => {
    const response = callbackParameters(request);
    const flowId = request.cookies[LOGIN_FLOW_COOKIE];
    clearFlowCookie(reply);
    const callbackUrl = new URL(redirectUri());
    callbackUrl.search = response.rawQuery;
    const { cookieValue, returnTo } = await flows.complete({
      flowId,
      state: response.state,
      error: response.error,
      errorDescription: response.errorDescription,
      callbackUrl,
    });
    setSessionCookie(reply, cookieValue, services.settings);
    return reply
      .code(303)
      .header('cache-control', 'no-store')
      .redirect(`${basePath}${safeReturnPath(returnTo)}`, 303);
  };

  return {
    loginPath: OIDC_LOGIN_PATH,
    async endSessionUrl() {
      // Logging out of the hub must work even while the provider is unreachable.
      try {
        return await flows.endSessionUrl(`${baseUrl()}/`);
      } catch (error) {
        options.logger.warn({ event: 'oidc_end_session_unavailable', err: error }, 'oidc_end_session_unavailable');
        return null;
      }
    },
    register(app) {
      app.get(
        OIDC_LOGIN_PATH,
        {
          config: { public: true, cache: 'no-store' },
          schema: {
            tags: ['Auth'],
            summary: 'Start signing in with the identity provider; return_to (a path on this hub) is where the browser lands afterwards',
            querystring: Type.Object({ return_to: Type.Optional(Type.String({ maxLength: 2048 })) }),
            response: { 302: Type.Null() },
          },
        },
        startLogin,
      );
      app.get(
        OIDC_CALLBACK_PATH,
        {
          config: { public: true, cache: 'no-store' },
          schema: {
            tags: ['Auth'],
            summary: "The identity provider's redirect back to the hub (code, state, or error); sets the session cookie",
            response: { 303: Type.Null() },
          },
        },
        async (request, reply) => {
          try {
            return await finishLogin(request, reply);
          } catch (error) {
            if (error instanceof HubError) request.log.warn({ event: 'oidc_login_failed', code: error.code, reason: error.message }, 'oidc_login_failed');
            throw error;
          }
        },
      );
    },
  };
}

interface CallbackParameters {
  state: string;
  error: string | undefined;
  errorDescription: string | undefined;
  /** The query as received, for the token exchange's own checks (issuer, duplicates). */
  rawQuery: string;
}

function callbackParameters(request: FastifyRequest): CallbackParameters {
  const params = (request.query ?? {}) as Record<string, unknown>;
  const single = (name: string): string | undefined => {
    const value = params[name];
    if (value === undefined) return undefined;
    if (typeof value !== 'string') throw new HubError('BAD_REQUEST', `the sign-in response carries "${name}" more than once`);
    return value;
  };
  const state = single('state');
  const code = single('code');
  const error = single('error');
  if (!state) throw new HubError('BAD_REQUEST', 'the sign-in response has no "state" parameter');
  if (!code && !error) throw new HubError('BAD_REQUEST', 'the sign-in response has neither a "code" nor an "error" parameter');
  const queryStart = request.url.indexOf('?');
  return { state, error, errorDescription: single('error_description'), rawQuery: queryStart === -1 ? '' : request.url.slice(queryStart + 1) };
}
