import { createHash } from 'node:crypto';
import type { ProjectRole } from '../../../core/policy/table.js';
import type { SyncOrigin, SyncRole } from '../../../core/sync-protocol.js';

/*
 * The sync protocol as the team hub serves it (docs/remotes.md, "The sync protocol (team side)"):
 * its types are the one definition in core/sync-protocol.ts, which the pulling side's `RemoteHub`
 * port speaks too; a test runs that port's HTTP client against these routes.
 */

export * from '../../../core/sync-protocol.js';

/** Hashes asked about at once in `POST .../missing-blobs`. */
export const MAX_MISSING_QUERY = 1000;

/** A project's owner is its manager as far as another hub is concerned: the one who may do everything there. */
export const syncRoleOf = (role: ProjectRole): SyncRole => (role === 'admin' ? 'manager' : role);

/** The key an origin is indexed under: a hash, so that any hub's ids fit a store key. */
export function originHash(...parts: string[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

/** What an audit event says of where a pushed thing came from. */
export const originFacts = (origin: SyncOrigin, kind: string) => ({ origin_hub_id: origin.hub_id, [`origin_${kind}_id`]: origin.id });
