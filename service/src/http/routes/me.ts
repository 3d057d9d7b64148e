import { Type } from 'typebox';
import type { UseCases } from '../../core/use-cases/index.js';
import type { HubSettings } from '../../config/settings.js';
import { principalOf } from '../auth/authenticate.js';
import { Envelope, SuccessResponse } from '../schemas.js';
import type { HubApp } from '../types.js';
import { CreatedToken, Me, TokenCreate, TokenInfo, meOf, tokenInfoOf } from './identity-schemas.js';

/** What the signed-in user's routes use. */
export interface MeRouteServices {
  useCases: Pick<UseCases, 'tokens'>;
  settings: Pick<HubSettings, 'basePath'>;
}

/** The signed-in user and their personal access tokens, through `useCases.tokens`. */
export function meRoutes(app: HubApp, services: MeRouteServices): void {
  const { tokens } = services.useCases;
  app.get('/api/v1/me', { schema: { tags: ['Users'], summary: 'The signed-in user', response: { 200: Envelope(Me) } } }, async (request) => ({
    success: true as const,
    data: meOf(tokens.me(principalOf(request)), services.settings.basePath),
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
      const { name, expires_at: expiresAt, scope } = request.body;
      const { token, record } = await tokens.create(principalOf(request), { name, expiresAt: expiresAt ? new Date(expiresAt) : null, scope });
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
      const listed = await tokens.list(principalOf(request));
      return { success: true as const, data: listed.map(({ record, expired }) => tokenInfoOf(record, expired)) };
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
      await tokens.revoke(principalOf(request), { tokenId: request.params.token_id });
      return { success: true as const };
    },
  );
}
