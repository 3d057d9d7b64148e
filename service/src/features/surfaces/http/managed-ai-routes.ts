import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { MANAGED_AI_PATH, type AdmittedSession, type ManagedAi } from '../core/managed-ai.js';
import { bearerTokenOf } from '../../../http/auth/authenticate.js';
import type { HubApp } from '../../../http/types.js';

/** A long conversation with files in it is larger than the API's usual bodies. */
const CHAT_BODY_LIMIT_BYTES = 16 * 1024 * 1024;

/** What the managed AI endpoint uses. */
export interface ManagedAiRouteServices {
  managedAi: ManagedAi;
}

/**
 * The managed AI endpoint OpenCode in a sandbox calls (docs/surfaces.md, "Managed AI"): the
 * OpenAI-compatible routes it needs, with the session's own credential as the bearer token
 * instead of a hub credential. Not part of the hub's API document: only sandboxes call it.
 */
export function managedAiRoutes(app: HubApp, services: ManagedAiRouteServices): void {
  const { managedAi } = services;
  const credentialOf = (authorization: string | undefined): string | null => (authorization === undefined ? null : bearerTokenOf(authorization));

  app.get(`${MANAGED_AI_PATH}/models`, { config: { public: true }, schema: { hide: true } }, async (request) =>
    managedAi.models(credentialOf(request.headers.authorization)),
  );

  // The body goes to the provider as it came: parsed here only to check the model (in core).
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: CHAT_BODY_LIMIT_BYTES }, (_request, body, done) => done(null, body));
    const admitted = new WeakMap<FastifyRequest, AdmittedSession>();
    scope.post(
      `${MANAGED_AI_PATH}/chat/completions`,
      {
        config: { public: true },
        schema: { hide: true },
        bodyLimit: CHAT_BODY_LIMIT_BYTES,
        // The credential is checked before the body is read: a stranger gets 401 at once, not
        // after sending up to 16 MiB for the hub to hold.
        onRequest: async (request) => void admitted.set(request, await managedAi.admit(credentialOf(request.headers.authorization))),
      },
      async (request, reply) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        // A caller gone before the answer ended stops the provider's work too.
        const cancelled = new AbortController();
        reply.raw.once('close', () => !reply.raw.writableFinished && cancelled.abort());
        const answer = await managedAi.chatCompletions(admitted.get(request)!, body, cancelled.signal);
        void reply.code(answer.status);
        if (answer.contentType) void reply.type(answer.contentType);
        return reply.send(Readable.from(answer.body));
      },
    );
  });
}
