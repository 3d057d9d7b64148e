import { timeOrderedId } from './ids.js';
import { PreconditionFailedError, type ObjectStore } from './ports/object-store.js';
import { getJson, jsonBody } from './store/cas.js';
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
 * team hub names it as its origin, so that a retried push is recognised there, not made twice. Unlike the deployment id the sandboxes are labelled with, it
 * does not change when the store moves. The first writer wins a race; the others read its id.
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
    const stored = await getJson<HubIdRecord>(this.store, layout.hubId);
    if (stored) return stored.value.hub_id;
    const at = this.now();
    const record: HubIdRecord = { schema_version: 1, hub_id: `hub-${timeOrderedId(at.getTime())}`, created_at: at.toISOString() };
    try {
      await this.store.put(layout.hubId, jsonBody(record), { ifNoneMatch: '*' });
      return record.hub_id;
    } catch (error) {
      if (!(error instanceof PreconditionFailedError)) throw error;
      const winner = await getJson<HubIdRecord>(this.store, layout.hubId);
      if (!winner) throw error;
      return winner.value.hub_id;
    }
  }
}
