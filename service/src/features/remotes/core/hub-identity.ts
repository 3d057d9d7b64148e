import { timeOrderedId } from '../../../core/ids.js';
import { PreconditionFailedError, type ObjectStore } from '../../../core/ports/object-store.js';
import { getJson, jsonBody } from '../../../core/store/cas.js';
import { layout } from '../../../core/storage-layout.js';

/** `_system/hub-id`: made once, never changed. */
interface HubIdRecord {
  schema_version: 1;
  hub_id: string;
  created_at: string;
}

/**
 * This hub's own id (docs/remotes.md, "Pushing"): every version, notebook and project it pushes to
 * a team hub names it as its origin, so that a push retried after an interruption is recognised
 * there instead of made twice. Stable for everything sharing the store; the first writer wins.
 */
export class HubIdentity {
  private known: Promise<string> | null = null;

  constructor(
    private readonly store: ObjectStore,
    private readonly now: () => Date = () => new Date(),
  ) {}

  id(): Promise<string> {
    this.known ??= this.readOrCreate().catch((error: unknown) => {
      this.known = null;
      throw error;
    });
    return this.known;
  }

  private async readOrCreate(): Promise<string> {
    const found = await getJson<HubIdRecord>(this.store, layout.hubId);
    if (found) return found.value.hub_id;
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
