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
import { SimulatedCrash } from './fake-crashing-store.js';

/**
 * A real store used by a hub process that dies after a given number of writes: the write that
 * would be one too many fails, and so does every later call (the process is gone) until
 * `restart()`. What the store holds then is exactly what a kill -9 between those two writes leaves.
 */
export class FakeDyingStore implements ObjectStore {
  private writesLeft = Infinity;
  private dead = false;

  constructor(readonly inner: ObjectStore) {}

  get kind(): string {
    return this.inner.kind;
  }
  get location(): string {
    return this.inner.location;
  }
  get hasDied(): boolean {
    return this.dead;
  }

  /** Lets `writes` more writes (puts and deletes) through, then dies. */
  dieAfterWrites(writes: number): void {
    this.writesLeft = writes;
  }

  restart(): void {
    this.writesLeft = Infinity;
    this.dead = false;
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
    this.write();
    return this.inner.put(key, body, options);
  }
  async getStream(key: string, options?: { start?: number }): Promise<ObjectStream | null> {
    this.alive();
    return this.inner.getStream(key, options);
  }
  async putStream(key: string, body: AsyncIterable<Uint8Array>, options?: StreamPutOptions): Promise<void> {
    this.write();
    return this.inner.putStream(key, body, options);
  }
  async delete(key: string, options?: DeleteOptions): Promise<void> {
    this.write();
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
    if (this.dead) throw new SimulatedCrash();
  }

  private write(): void {
    this.alive();
    if (this.writesLeft <= 0) {
      this.dead = true;
      throw new SimulatedCrash();
    }
    this.writesLeft--;
  }
}
