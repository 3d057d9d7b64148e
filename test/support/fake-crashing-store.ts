import type {
  DeleteOptions,
  ListOptions,
  ListPage,
  ObjectStore,
  ObjectStream,
  PutOptions,
  StoredObject,
  StreamPutOptions,
} from '../../service/src/core/ports/object-store.js';
import { layout } from '../../service/src/core/storage-layout.js';

/** What every call of a crashed process's store raises. */
export class SimulatedCrash extends Error {
  constructor() {
    super('the hub process crashed (simulated)');
    this.name = 'SimulatedCrash';
  }
}

/**
 * A real store used by a hub process that dies at its next catalog commit: once armed, the write
 * of the catalog pointer fails, and so does every later call (the process is gone: no clean-up,
 * no retry) until `restart()`. Killing a process between two particular store writes cannot be
 * done at will otherwise; what the store holds afterwards is exactly what such a crash leaves.
 */
export class FakeCrashingStore implements ObjectStore {
  private armed = false;
  private crashed = false;

  constructor(readonly inner: ObjectStore) {}

  get kind(): string {
    return this.inner.kind;
  }
  get location(): string {
    return this.inner.location;
  }
  get hasCrashed(): boolean {
    return this.crashed;
  }

  crashAtNextCatalogCommit(): void {
    this.armed = true;
  }

  /** The process comes back: its store works again. */
  restart(): void {
    this.armed = false;
    this.crashed = false;
  }

  async get(key: string): Promise<StoredObject | null> {
    this.alive();
    return this.inner.get(key);
  }
  async head(key: string): Promise<{ etag: string; size: number } | null> {
    this.alive();
    return this.inner.head(key);
  }
  async put(key: string, body: Buffer | string, options?: PutOptions): Promise<{ etag: string }> {
    this.alive();
    if (this.armed && key === layout.catalogPointer) {
      this.crashed = true;
      throw new SimulatedCrash();
    }
    return this.inner.put(key, body, options);
  }
  async getStream(key: string, options?: { start?: number }): Promise<ObjectStream | null> {
    this.alive();
    return this.inner.getStream(key, options);
  }
  async putStream(key: string, body: AsyncIterable<Uint8Array>, options?: StreamPutOptions): Promise<void> {
    this.alive();
    return this.inner.putStream(key, body, options);
  }
  async delete(key: string, options?: DeleteOptions): Promise<void> {
    this.alive();
    return this.inner.delete(key, options);
  }
  async list(prefix: string, options?: ListOptions): Promise<ListPage> {
    this.alive();
    return this.inner.list(prefix, options);
  }
  close(): Promise<void> {
    return this.inner.close();
  }

  private alive(): void {
    if (this.crashed) throw new SimulatedCrash();
  }
}
