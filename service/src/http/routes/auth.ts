import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { HubError } from '../../core/errors.js';
import { fullClearance } from '../../core/identity/claims.js';
import { constantTimeEquals, secretHash } from '../../core/identity/secrets.js';
import type { UseCases } from '../../core/use-cases/index.js';
import type { HubSettings } from '../../config/settings.js';
import type { SignIns } from '../../core/identity/sign-in.js';
import type { LabelPolicy } from '../../core/policy/security-labels.js';
import type { Authenticator } from '../../core/identity/authenticator.js';
import type { FailedAuthentications } from '../../core/identity/failed-authentications.js';
import { SESSION_COOKIE, principalOf } from '../auth/authenticate.js';
import { assertNotThrottled, authenticationFailed } from '../auth/throttling.js';
import { clearSessionCookie, safeReturnPath, setSessionCookie } from '../auth/session-cookie.js';
import { Envelope, Nullable } from '../schemas.js';
import type { HubApp } from '../types.js';
import { LOGOUT_PATH, Me, meOf } from './identity-schemas.js';

export const LOCAL_LOGIN_PATH = '/api/v1/auth/local/login';
export const LOCAL_SUBJECT = 'local';

export interface AuthRouteOptions {
  /** Local login only: the secret that unlocks it. */
  localLoginSecret: string | null;
  /** OIDC only: where the browser starts the login, and how the provider's logout is reached. */
  oidc?: { loginPath: string; endSessionUrl: () => Promise<string | null> };
}

const AuthMethods = Type.Object(
  { kind: Type.Enum(['local', 'oidc']), login_url: Type.String({ description: 'Where the browser starts signing in' }) },
  { $id: 'AuthMethods' },
);

/** What the sign-in routes use. */
export interface AuthRouteServices {
  settings: HubSettings;
  signIns: Pick<SignIns, 'signIn' | 'signOut'>;
  labelPolicy: LabelPolicy;
  authenticator: Pick<Authenticator, 'fromSessionCookie'>;
  useCases: Pick<UseCases, 'tokens'>;
  failedAuthentications: FailedAuthentications;
}

export function authRoutes(app: HubApp, services: AuthRouteServices, options: AuthRouteOptions): void {
  const { settings } = services;

  app.get(
    '/api/v1/auth/methods',
    { config: { public: true }, schema: { tags: ['Auth'], summary: 'How to sign in to this hub', response: { 200: Envelope(AuthMethods) } } },
    async () => ({
      success: true as const,
      data: { kind: settings.auth.kind, login_url: `${settings.basePath}${options.oidc?.loginPath ?? LOCAL_LOGIN_PATH}` },
    }),
  );

  if (options.localLoginSecret !== null) {
    const secret = options.localLoginSecret;
    const signIn = async (token: string, request: FastifyRequest, reply: FastifyReply) => {
      // Guesses at the token count toward the address's failed-authentication limit (docs/security.md).
      assertNotThrottled(request, services, () => secretHash(token));
      if (!constantTimeEquals(token, secret)) {
        authenticationFailed(request, services);
        throw new HubError('UNAUTHORIZED', 'the local login token is not valid');
      }
      services.failedAuthentications.succeeded(secretHash(token));
      const { cookieValue } = await services.signIns.signIn({
        identity: { subject: LOCAL_SUBJECT, email: settings.auth.localUserEmail, name: 'Local administrator', picture_url: null },
        provider: 'local',
        context: (expiresAt) => fullClearance(services.labelPolicy, expiresAt),
        suspendedMessage: 'this account is suspended',
      });
      setSessionCookie(reply, cookieValue, settings);
      return cookieValue;
    };

    app.get(
      LOCAL_LOGIN_PATH,
      {
        config: { public: true, cache: 'no-store' },
        schema: {
          tags: ['Auth'],
          summary: 'Sign in with the local login link printed at start-up, then go to return_to',
          querystring: Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }), return_to: Type.Optional(Type.String({ maxLength: 2048 })) }),
          response: { 303: Type.Null() },
        },
      },
      async (request, reply) => {
        await signIn(request.query.token, request, reply);
        // return_to is a path within the hub; the browser needs it under the hub's base.
        return reply
          .code(303)
          .header('cache-control', 'no-store')
          .redirect(`${settings.basePath}${safeReturnPath(request.query.return_to)}`, 303);
      },
    );

    app.post(
      LOCAL_LOGIN_PATH,
      {
        config: { public: true, cache: 'no-store' },
        schema: {
          tags: ['Auth'],
          summary: 'Sign in with the local login token',
          body: Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }) }, { additionalProperties: false }),
          response: { 200: Envelope(Me) },
        },
      },
      async (request, reply) => {
        const cookieValue = await signIn(request.body.token, request, reply);
        const principal = await services.authenticator.fromSessionCookie(cookieValue);
        return reply.send({ success: true as const, data: meOf(services.useCases.tokens.me(principal!), settings.basePath) });
      },
    );
  }

  app.post(
    LOGOUT_PATH,
    {
      config: { sessionOnly: true, cache: 'no-store' },
      schema: {
        tags: ['Auth'],
        summary: "End this browser session; for OIDC logins, also visit end_session_url to end the provider's session",
        response: { 200: Envelope(Type.Object({ end_session_url: Nullable(Type.String()) })) },
      },
    },
    async (request, reply) => {
      await services.signIns.signOut(principalOf(request), request.cookies[SESSION_COOKIE]);
      clearSessionCookie(reply, settings);
      const endSessionUrl = options.oidc ? await options.oidc.endSessionUrl() : null;
      return reply.send({ success: true as const, data: { end_session_url: endSessionUrl } });
    },
  );
}
