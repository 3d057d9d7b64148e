import { HubError } from '../../../core/errors.js';
import { PreconditionFailedError, type ObjectStore } from '../../../core/ports/object-store.js';
import { getJson, jsonBody, retryOnConflict } from '../../../core/store/cas.js';
import { layout } from '../../../core/storage-layout.js';
import { KeyedMutex } from '../../../core/util/keyed-mutex.js';
import type { RemoteLink } from './remote-link.js';

export const notLinked = (projectId: string) =>
  new HubError(
    'CONFLICT',
    `project ${projectId} is not linked to a team hub: pull it from one, or push it to one first (POST /api/v1/projects/${projectId}/remote)`,
  );

/** `remote-links/<pid>`: one object per linked project, changed by compare-and-swap only. */
interface PendingChange {
  change: (current: RemoteLink) => RemoteLink;
  resolve: (link: RemoteLink) => void;
  reject: (error: unknown) => void;
}

export class RemoteLinks {
  /**
   * Changes asked for while a link is being written, per link: written together in the next write.
   * A pull changes one link from several notebooks at once; one write for all of them spares the
   * store a write each, and them each other's lost swaps and back-off.
   */
  private readonly waiting = new Map<string, PendingChange[]>();
  private readonly turns = new KeyedMutex();

  constructor(private readonly store: ObjectStore) {}

  async get(projectId: string): Promise<RemoteLink | null> {
    return (await getJson<RemoteLink>(this.store, layout.remoteLink(projectId)))?.value ?? null;
  }

  async require(projectId: string): Promise<RemoteLink> {
    const link = await this.get(projectId);
    if (!link) throw notLinked(projectId);
    return link;
  }

  /** Stores a new link; CONFLICT when the project is linked already. */
  async create(link: RemoteLink): Promise<RemoteLink> {
    try {
      await this.store.put(layout.remoteLink(link.project_id), jsonBody(link), { ifNoneMatch: '*' });
    } catch (error) {
      if (error instanceof PreconditionFailedError) {
        throw new HubError('CONFLICT', `project ${link.project_id} is linked to a team project already; unlink it first`);
      }
      throw error;
    }
    return link;
  }

  /**
   * Changes a link by compare-and-swap; `change` may run several times and must not have side
   * effects. Resolves once the change is stored, with the link as this change left it. Changes that
   * arrive while the link is being written are applied in order and stored with one write; one that
   * throws is refused alone.
   */
  async update(projectId: string, change: (current: RemoteLink) => RemoteLink): Promise<RemoteLink> {
    const key = layout.remoteLink(projectId);
    return new Promise<RemoteLink>((resolve, reject) => {
      const waiting = this.waiting.get(key);
      if (waiting) return void waiting.push({ change, resolve, reject });
      const batch: PendingChange[] = [{ change, resolve, reject }];
      this.waiting.set(key, batch);
      void this.turns.run(key, () => this.write(projectId, key, batch));
    });
  }

  private async write(projectId: string, key: string, batch: PendingChange[]): Promise<void> {
    // From here on, a new change waits for the next write.
    this.waiting.delete(key);
    let outcomes: ({ link: RemoteLink } | { error: unknown })[];
    try {
      outcomes = await retryOnConflict(key, async () => {
        const found = await getJson<RemoteLink>(this.store, key);
        if (!found) throw notLinked(projectId);
        let current = found.value;
        const each = batch.map(({ change }) => {
          try {
            current = change(current);
            return { link: current };
          } catch (error) {
            return { error };
          }
        });
        if (each.some((outcome) => 'link' in outcome)) await this.store.put(key, jsonBody(current), { ifMatch: found.etag });
        return each;
      });
    } catch (error) {
      for (const pending of batch) pending.reject(error);
      return;
    }
    outcomes.forEach((outcome, index) => ('link' in outcome ? batch[index]!.resolve(outcome.link) : batch[index]!.reject(outcome.error)));
  }

  async delete(projectId: string): Promise<void> {
    await this.store.delete(layout.remoteLink(projectId));
  }
}
