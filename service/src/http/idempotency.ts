import { hash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HubError } from '../core/errors.js';
import { getJson, jsonBody } from '../core/store/cas.js';
import { PreconditionFailedError, type ObjectStore } from '../core/ports/object-store.js';
import type { SecretBox } from '../core/ports/secret-box.js';
import { openValue, sealValue, type StoredSecret } from '../core/secrets/sealed-values.js';
import { layout } from '../core/storage-layout.js';
import { matchedRoute } from './matched-route.js';
import type { HubApp } from './types.js';

/** A retry within this window replays the first result. */
export const REPLAY_WINDOW_MS = 24 * 3600_000;
/** A reservation older than this belongs to a request that died; the key may be used again. */
const ABANDONED_AFTER_MS = 120_000;
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

interface IdempotencyRecord {
  schema_version: 1;
  state: 'in-progress' | 'completed';
  request_hash: string;
  created_at: string;
  status?: number;
  /** The response to replay, sealed: it may carry a secret shown once, such as a sync token. */
  body?: StoredSecret;
}

interface Reservation {
  key: string;
  etag: string;
  record: IdempotencyRecord;
}

declare module 'fastify' {
  interface FastifyRequest {
    idempotency?: Reservation;
  }
}

/**
 * `Idempotency-Key` on create routes. The first request reserves the key (a conditional create),
 * runs, and stores its result; a retry with the same key and the same request replays that
 * result, a concurrent one gets CONFLICT, and a retry whose record is older than the replay
 * window is refused with 422 (its original outcome must be checked before using a new key).
 * The hooks are attached to the create routes only, so other requests do not pass through them.
 */
export function registerIdempotency(app: HubApp, store: ObjectStore, secrets: SecretBox): void {
  const reserve = async (request: FastifyRequest, reply: FastifyReply): Promise<unknown> => {
    const header = request.headers['idempotency-key'];
    if (header === undefined) return;
    if (typeof header !== 'string' || !KEY_PATTERN.test(header)) {
      throw new HubError('VALIDATION_ERROR', 'Idempotency-Key must be 1 to 255 visible ASCII characters', [{ field: 'Idempotency-Key', message: 'invalid' }]);
    }
    const scope = request.principal?.user.id ?? 'anonymous';
    const key = layout.idempotency(scope, digest(`${request.method} ${matchedRoute(request).url} ${JSON.stringify(request.params)} ${header}`));
    const requestHash = digest(JSON.stringify(request.body ?? null));
    for (let attempt = 0; attempt < 3; attempt++) {
      const existing = await getJson<IdempotencyRecord>(store, key);
      if (!existing) {
        const record: IdempotencyRecord = { schema_version: 1, state: 'in-progress', request_hash: requestHash, created_at: new Date().toISOString() };
        try {
          const { etag } = await store.put(key, jsonBody(record), { ifNoneMatch: '*' });
          request.idempotency = { key, etag, record };
          return;
        } catch (error) {
          if (error instanceof PreconditionFailedError) continue;
          throw error;
        }
      }
      const age = Date.now() - Date.parse(existing.value.created_at);
      if (existing.value.request_hash !== requestHash) {
        throw new HubError('VALIDATION_ERROR', 'this Idempotency-Key was already used for a different request; use a new key');
      }
      if (existing.value.state === 'completed') {
        if (age > REPLAY_WINDOW_MS) {
          throw new HubError(
            'VALIDATION_ERROR',
            'this Idempotency-Key belongs to a request older than the 24-hour replay window; check whether that operation took effect before retrying with a new key',
          );
        }
        return replay(reply, existing.value, (body) => openValue(secrets, body, key, 'body'));
      }
      if (age < ABANDONED_AFTER_MS) throw new HubError('CONFLICT', 'a request with this Idempotency-Key is still in progress');
      const record: IdempotencyRecord = { ...existing.value, created_at: new Date().toISOString() };
      try {
        const { etag } = await store.put(key, jsonBody(record), { ifMatch: existing.etag });
        request.idempotency = { key, etag, record };
        return;
      } catch (error) {
        if (!(error instanceof PreconditionFailedError)) throw error;
      }
    }
    throw new HubError('CONFLICT', 'a request with this Idempotency-Key is still in progress');
  };

  const record = async (request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> => {
    const reservation = request.idempotency;
    if (!reservation) return payload;
    request.idempotency = undefined;
    const succeeded = reply.statusCode >= 200 && reply.statusCode < 300 && typeof payload === 'string';
    try {
      if (succeeded) {
        const body = sealValue(secrets, payload, reservation.key, 'body');
        const record: IdempotencyRecord = { ...reservation.record, state: 'completed', status: reply.statusCode, body };
        await store.put(reservation.key, jsonBody(record), { ifMatch: reservation.etag });
      } else {
        // A failed request leaves no trace, so the client may retry it with the same key.
        await store.delete(reservation.key, { ifMatch: reservation.etag });
      }
    } catch (error) {
      request.log.warn({ event: 'idempotency_record_failed', err: error }, 'idempotency_record_failed');
    }
    return payload;
  };

  app.addHook('onRoute', (route) => {
    if (!route.config?.idempotent) return;
    route.preHandler = [...hookList(route.preHandler), reserve];
    route.onSend = [...hookList(route.onSend), record];
  });
}

function hookList<T>(hooks: T | T[] | undefined): T[] {
  return hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];
}

function replay(reply: FastifyReply, record: IdempotencyRecord, open: (body: StoredSecret) => string): FastifyReply {
  return reply
    .code(record.status ?? 200)
    .header('idempotent-replayed', 'true')
    .type('application/json; charset=utf-8')
    .send(record.body === undefined ? undefined : open(record.body));
}

function digest(value: string): string {
  return hash('sha256', value, 'hex');
}
