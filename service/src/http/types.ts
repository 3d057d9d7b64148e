import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { Principal } from '../core/identity/authenticator.js';
import type { PolicyAction } from '../core/policy/actions.js';

export type HubApp = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, TypeBoxTypeProvider>;

/** Cache policy of a successful read: `no-cache` revalidates with the ETag; `no-store` for credentials. */
export type CachePolicy = 'no-cache' | 'no-store';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Reachable without a credential. */
    public?: boolean;
    /** Reachable without a credential when this says so (the web UI's fallback for its pages). */
    publicIf?: (request: FastifyRequest) => boolean;
    /**
     * Answers the paths no other route has (the web UI's page fallback): its requests carry no
     * route template in logs and metrics, as unmatched requests never do.
     */
    catchAll?: boolean;
    /** Needs a browser session; personal access tokens are refused. */
    sessionOnly?: boolean;
    /** The policy action the route performs (docs/authorization.md). */
    action?: PolicyAction;
    cache?: CachePolicy;
    /** A create route: an Idempotency-Key header makes retries replay the first result. */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    /** Set on every authenticated route. */
    principal: Principal | null;
  }
}
