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
export class RemoteLinks {
  /** A pull changes one link from several notebooks at once: taking turns here spares them lost swaps and their back-off. */
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

  /** Changes a link by compare-and-swap; `change` may run several times and must not have side effects. */
  async update(projectId: string, change: (current: RemoteLink) => RemoteLink): Promise<RemoteLink> {
    const key = layout.remoteLink(projectId);
    return this.turns.run(key, () =>
      retryOnConflict(key, async () => {
        const found = await getJson<RemoteLink>(this.store, key);
        if (!found) throw notLinked(projectId);
        const next = change(found.value);
        await this.store.put(key, jsonBody(next), { ifMatch: found.etag });
        return next;
      }),
    );
  }

  async delete(projectId: string): Promise<void> {
    await this.store.delete(layout.remoteLink(projectId));
  }
}
