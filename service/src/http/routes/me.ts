import { Type } from 'typebox';
import { HubError } from '../../core/errors.js';
import { UNRESTRICTED_SCOPE } from '../../core/identity/access-tokens.js';
import type { HubServices } from '../../compose/services.js';
import { principalOf } from '../auth/authenticate.js';
import { Envelope, SuccessResponse } from '../schemas.js';
import type { HubApp } from '../types.js';
import { CreatedToken, Me, TokenCreate, TokenInfo, meOf, tokenInfoOf } from './identity-schemas.js';

export function meRoutes(app: HubApp, services: HubServices): void {
  app.get('/api/v1/me', { schema: { tags: ['Users'], summary: 'The signed-in user', response: { 200: Envelope(Me) } } }, async (request) => ({
    success: true as const,
    data: meOf(principalOf(request), services.entitlementRules),
  }));

  // Token management needs a browser session: a token can never mint or revoke tokens.
  const tokenRoute = { sessionOnly: true, cache: 'no-store' as const };

  app.post(
    '/api/v1/me/tokens',
    {
      config: tokenRoute,
      schema: {
        tags: ['Auth'],
        summary: 'Create a personal access token (its value is shown once)',
        description: 'Not idempotent by design: replaying the response would mean storing the token value.',
        body: TokenCreate,
        response: { 201: Envelope(CreatedToken) },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const { token, record } = await services.tokens.issue(
        principal.user.id,
        {
          name: request.body.name,
          expiresAt: request.body.expires_at ? new Date(request.body.expires_at) : null,
          scope: request.body.scope ?? UNRESTRICTED_SCOPE,
          // The token may reach labelled projects only as long as the session that made it could.
          context: principal.credential.context,
        },
        principal.user.id,
      );
      return reply.code(201).send({ success: true as const, data: { token, ...tokenInfoOf(record, false) } });
    },
  );

  app.get(
    '/api/v1/me/tokens',
    {
      config: tokenRoute,
      schema: { tags: ['Auth'], summary: 'Your personal access tokens, newest first', response: { 200: Envelope(Type.Array(TokenInfo)) } },
    },
    async (request) => {
      const records = await services.tokens.list(principalOf(request).user.id);
      return { success: true as const, data: records.map((record) => tokenInfoOf(record, services.tokens.isExpired(record))) };
    },
  );

  app.delete(
    '/api/v1/me/tokens/:token_id',
    {
      config: tokenRoute,
      schema: {
        tags: ['Auth'],
        summary: 'Revoke one of your tokens',
        params: Type.Object({ token_id: Type.String({ pattern: '^tok-[0-9a-z]{16}$' }) }),
        response: { 200: SuccessResponse },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const record = await services.tokens.revoke(principal.user.id, request.params.token_id, principal.user.id).catch((error: unknown) => {
        if (error instanceof HubError && error.code === 'NOT_FOUND') throw new HubError('NOT_FOUND', 'no such token');
        throw error;
      });
      services.authenticator.forgetUser(record.user_id);
      return { success: true as const };
    },
  );
}
