import { createHash, randomBytes } from 'node:crypto';
import { timeOrderedId } from './ids.js';
import type { ObjectStore } from './ports/object-store.js';
import { readOrCreateJson } from './store/cas.js';
import { layout } from './storage-layout.js';

interface HubIdRecord {
  schema_version: 1;
  hub_id: string;
  created_at: string;
}

/**
 * This deployment's id in the sync protocol (docs/remotes.md): made once, the first time another
 * hub asks or this one pushes, and kept in the store (`_system/hub-id`), so that every replica and
 * every restart answers the same one. Every version, notebook and project this hub pushes to a
 * team hub names it as its origin, so that a retried push is recognised there, not made twice. The
 * first writer wins a race; the others read its id.
 */
export class HubIdentity {
  private known: Promise<string> | null = null;

  constructor(
    private readonly store: ObjectStore,
    private readonly now: () => Date = () => new Date(),
  ) {}

  id(): Promise<string> {
    this.known ??= this.readOrMake().catch((error: unknown) => {
      this.known = null;
      throw error;
    });
    return this.known;
  }

  private async readOrMake(): Promise<string> {
    const record = await readOrCreateJson<HubIdRecord>(this.store, layout.hubId, () => {
      const at = this.now();
      return { schema_version: 1, hub_id: `hub-${timeOrderedId(at.getTime())}`, created_at: at.toISOString() };
    });
    return record.hub_id;
  }
}

interface SandboxOwnerRecord {
  schema_version: 1;
  owner_id: string;
  created_at: string;
}

/**
 * The deployment id this hub's sandboxes are labelled with (docs/sandboxes.md): the replicas and
 * restarts of one deployment share its store, so they share this id and reach each other's
 * sandboxes; two deployments never touch each other's, even on one Docker engine or cluster
 * namespace where both keep their data at `/data`. Made once per store (`_system/sandbox-owner`),
 * at random. A store in use before the record existed keeps the id its sandboxes already carry,
 * derived from where the store lives, so that a restart on the new version still owns them.
 */
export async function sandboxOwnerOf(store: ObjectStore, now: () => Date = () => new Date()): Promise<string> {
  const record = await readOrCreateJson<SandboxOwnerRecord>(store, layout.sandboxOwner, async () => {
    const inUse = (await store.head(layout.catalogPointer)) !== null;
    const ownerId = inUse ? locationDerivedOwnerOf(store) : `hub-${randomBytes(6).toString('hex')}`;
    return { schema_version: 1, owner_id: ownerId, created_at: now().toISOString() };
  });
  return record.owner_id;
}

/** The id deployments had before it was kept in the store. */
export function locationDerivedOwnerOf(store: ObjectStore): string {
  return `hub-${createHash('sha256').update(`${store.kind}:${store.location}`).digest('hex').slice(0, 12)}`;
}
