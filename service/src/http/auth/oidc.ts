import type {} from '@fastify/cookie';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { HubError } from '../../core/errors.js';
import { constantTimeEquals, randomSecret, secretHash } from '../../core/identity/secrets.js';
import { getJson, jsonBody } from '../../core/store/cas.js';
import { PreconditionFailedError } from '../../core/ports/object-store.js';
import { layout } from '../../core/storage-layout.js';
import type { HubServices } from '../../compose/services.js';
import type { HubApp } from '../types.js';
import { claimSettingsOf } from '../../config/settings-security.js';
import { contextFromClaims, groupsFromClaims } from '../../core/identity/claims.js';
import type { IdentityProvider } from '../../core/ports/identity-provider.js';
import { safeReturnPath, setSessionCookie } from './session-cookie.js';

export const OIDC_LOGIN_PATH = '/api/v1/auth/oidc/login';
export const OIDC_CALLBACK_PATH = '/api/v1/auth/oidc/callback';
export const LOGIN_FLOW_COOKIE = 'svc_login_flow';
/** The flow cookie is only ever needed by the callback, so no other route receives it. */
const LOGIN_FLOW_COOKIE_PATH = '/api/v1/auth/oidc';
export const LOGIN_FLOW_LIFETIME_MS = 10 * 60_000;
const FLOW_ID = /^[A-Za-z0-9_-]{43}$/;

/** A pending login: `auth/login-flows/<hash of the flow cookie>`. Written once, deleted when used. */
interface LoginFlowRecord {
  schema_version: 1;
  state: string;
  nonce: string;
  code_verifier: string;
  return_to: string;
  created_at: string;
  expires_at: string;
}

export interface OidcLoginOptions {
  /**
   * The hub's external origin: SERVICE_PUBLIC_URL, else the listen address. A function because the
   * listen address (and so the redirect URI) is known only once the server listens.
   */
  publicBaseUrl: () => string | null;
  logger: FastifyBaseLogger;
  now?: () => Date;
}

/** The OIDC login of a hub: the hooks the auth routes use, and the login routes themselves. */
export interface OidcLogin {
  loginPath: string;
  /** Where the browser ends the provider's session after the hub's logout; null if the provider has no such endpoint. */
  endSessionUrl: () => Promise<string | null>;
  register: (app: HubApp) => void;
}

export function createOidcLogin(services: HubServices, oidc: IdentityProvider, options: OidcLoginOptions): OidcLogin {
  const { store } = services;
  const now = options.now ?? (() => new Date());
  const secure = services.settings.publicUrl?.startsWith('https:') ?? false;

  const baseUrl = (): string => {
    const base = options.publicBaseUrl();
    if (!base) throw new HubError('SERVICE_UNAVAILABLE', 'the hub does not know its own address yet; set SERVICE_PUBLIC_URL');
    return base.replace(/\/+$/, '');
  };
  const redirectUri = () => `${baseUrl()}${OIDC_CALLBACK_PATH}`;

  const clearFlowCookie = (reply: FastifyReply) =>
    void reply.clearCookie(LOGIN_FLOW_COOKIE, { path: LOGIN_FLOW_COOKIE_PATH, httpOnly: true, sameSite: 'lax', secure });

  /** Reads and deletes a flow in one step, so two callbacks racing on one flow cannot both win. */
  const takeFlow = async (flowId: string): Promise<LoginFlowRecord | null> => {
    const key = layout.loginFlow(secretHash(flowId));
    const found = await getJson<LoginFlowRecord>(store, key);
    if (!found) return null;
    try {
      await store.delete(key, { ifMatch: found.etag });
    } catch (error) {
      if (error instanceof PreconditionFailedError) return null;
      throw error;
    }
    return found.value;
  };

  const startLogin = async (request: FastifyRequest<{ Querystring: { return_to?: string } }>, reply: FastifyReply) => {
    const callback = redirectUri();
    const flowId = randomSecret();
    const at = now();
    const checks = oidc.newChecks();
    const flow: LoginFlowRecord = {
      schema_version: 1,
      state: checks.state,
      nonce: checks.nonce,
      code_verifier: checks.codeVerifier,
      return_to: safeReturnPath(request.query.return_to),
      created_at: at.toISOString(),
      expires_at: new Date(at.getTime() + LOGIN_FLOW_LIFETIME_MS).toISOString(),
    };
    const authorizationUrl = await oidc.authorizationUrl(callback, { state: flow.state, nonce: flow.nonce, codeVerifier: flow.code_verifier });
    await store.put(layout.loginFlow(secretHash(flowId)), jsonBody(flow), { ifNoneMatch: '*' });
    void reply.setCookie(LOGIN_FLOW_COOKIE, flowId, {
      path: LOGIN_FLOW_COOKIE_PATH,
      httpOnly: true,
      sameSite: 'lax',
      secure,
      maxAge: LOGIN_FLOW_LIFETIME_MS / 1000,
    });
    return reply.code(302).header('cache-control', 'no-store').redirect(authorizationUrl.href, 302);
  };

  const finishLogin = async (request: FastifyRequest, reply: FastifyReply) => {
    const response = callbackParameters(request);
    const flowId = request.cookies[LOGIN_FLOW_COOKIE];
    clearFlowCookie(reply);
    if (!flowId || !FLOW_ID.test(flowId)) {
      throw new HubError('UNAUTHORIZED', `no sign-in was started in this browser (its sign-in cookie is missing); start again at ${OIDC_LOGIN_PATH}`);
    }
    const flow = await takeFlow(flowId);
    if (!flow) throw new HubError('UNAUTHORIZED', `this sign-in was already completed or abandoned; start again at ${OIDC_LOGIN_PATH}`);
    if (Date.parse(flow.expires_at) <= now().getTime()) {
      throw new HubError('UNAUTHORIZED', `this sign-in took longer than ${LOGIN_FLOW_LIFETIME_MS / 60_000} minutes; start again at ${OIDC_LOGIN_PATH}`);
    }
    if (!constantTimeEquals(response.state, flow.state)) {
      throw new HubError(
        'UNAUTHORIZED',
        `the sign-in response does not belong to the sign-in started in this browser (state mismatch); start again at ${OIDC_LOGIN_PATH}`,
      );
    }
    if (response.error !== undefined) {
      const description = response.errorDescription ? ` (${response.errorDescription.slice(0, 200)})` : '';
      throw new HubError('UNAUTHORIZED', `the identity provider refused the sign-in: ${response.error.slice(0, 100)}${description}`);
    }

    const callbackUrl = new URL(redirectUri());
    callbackUrl.search = response.rawQuery;
    const identity = await oidc.identityFromCallback(callbackUrl, { state: flow.state, nonce: flow.nonce, codeVerifier: flow.code_verifier });
    if (!identity.email) {
      throw new HubError('UNAUTHORIZED', 'the identity provider did not share an e-mail address; the hub needs the "email" scope and claim');
    }
    if (identity.emailVerified === false) {
      throw new HubError('UNAUTHORIZED', `the identity provider has not verified the e-mail address ${identity.email}; verify it there, then sign in again`);
    }
    const user = await services.users.upsertFromLogin({
      subject: `${identity.issuer}#${identity.sub}`,
      email: identity.email,
      name: identity.name,
      picture_url: identity.pictureUrl,
      groups: groupsFromClaims(identity.claims, claimSettingsOf(services.settings)),
    });
    if (user.suspended_at) throw new HubError('USER_SUSPENDED', 'this account is suspended; contact an administrator');
    const { cookieValue } = await services.loginSessions.create(user.id, 'oidc', (expiresAt) =>
      contextFromClaims(identity.claims, claimSettingsOf(services.settings), expiresAt),
    );
    setSessionCookie(reply, cookieValue, services.settings);
    await services.audit.append({ event: 'auth.login', actor: user.id, metadata: { provider: 'oidc' } });
    return reply.code(303).header('cache-control', 'no-store').redirect(safeReturnPath(flow.return_to), 303);
  };

  return {
    loginPath: OIDC_LOGIN_PATH,
    async endSessionUrl() {
      // Logging out of the hub must work even while the provider is unreachable.
      try {
        return await oidc.endSessionUrl(`${baseUrl()}/`);
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
