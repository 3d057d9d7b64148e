import { getJson, jsonBody } from '../../../core/store/cas.js';
import { PreconditionFailedError, type ObjectStore } from '../../../core/ports/object-store.js';
import { layout } from '../../../core/storage-layout.js';
import { sha256Of, type VersionLockRecord } from './environment-model.js';

/** How many locks and version records a process keeps in memory: both never change once written. */
const REMEMBERED = 512;

/** A small map that forgets its oldest entry beyond `REMEMBERED`. */
function remember<T>(map: Map<string, T>, key: string, value: T): T {
  map.delete(key);
  map.set(key, value);
  if (map.size > REMEMBERED) map.delete(map.keys().next().value!);
  return value;
}

/**
 * The store's part of locked environments: locks as content-addressed objects, and each version's
 * lock record, written once. Two hubs that resolve the same version at once write one record: the
 * second finds the first's and takes it. Neither ever changes once written, so the ones a start
 * read are kept in memory for the next start (a start from the environment cache reads nothing).
 */
export class EnvironmentRecords {
  private readonly locks = new Map<string, string>();
  private readonly versions = new Map<string, VersionLockRecord>();

  constructor(private readonly store: ObjectStore) {}

  /** Stores a lock under its hash (once: the same bytes are the same object). */
  async putLock(lock: string): Promise<string> {
    const sha256 = sha256Of(lock);
    const key = layout.environmentLock(sha256);
    if ((await this.store.head(key)) === null) {
      await this.store.put(key, lock, { ifNoneMatch: '*' }).catch((error: unknown) => {
        if (!(error instanceof PreconditionFailedError)) throw error;
      });
    }
    return sha256;
  }

  /** A lock's text; null when the store does not hold it. Checked against its hash. */
  async lock(sha256: string): Promise<string | null> {
    const known = this.locks.get(sha256);
    if (known !== undefined) return known;
    const object = await this.store.get(layout.environmentLock(sha256));
    if (object === null) return null;
    const text = object.body.toString('utf8');
    if (sha256Of(text) !== sha256) throw new Error(`the stored lock ${sha256} does not match its hash`);
    return remember(this.locks, sha256, text);
  }

  async version(projectId: string, notebookId: string, versionId: string): Promise<VersionLockRecord | null> {
    const key = layout.versionEnvironment(projectId, notebookId, versionId);
    const known = this.versions.get(key);
    if (known) return known;
    const found = (await getJson<VersionLockRecord>(this.store, key))?.value ?? null;
    return found ? remember(this.versions, key, found) : null;
  }

  /** Writes a version's record unless one exists; returns the one that is stored. */
  async putVersion(record: VersionLockRecord): Promise<VersionLockRecord> {
    const key = layout.versionEnvironment(record.project_id, record.notebook_id, record.version_id);
    try {
      await this.store.put(key, jsonBody(record), { ifNoneMatch: '*' });
      return record;
    } catch (error) {
      if (!(error instanceof PreconditionFailedError)) throw error;
      return (await this.version(record.project_id, record.notebook_id, record.version_id)) ?? record;
    }
  }
}
