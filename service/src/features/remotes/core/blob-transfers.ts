import type { Progress } from './operation-run.js';
import type { RemoteHub } from './remote-hub.js';
import { fetchBlob, PULL_BLOB_TRANSFERS, type SyncContext } from './sync-context.js';

interface Pending {
  promise: Promise<void>;
  resolve: () => void;
  reject: (error: unknown) => void;
}

function pending(): Pending {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((done, fail) => ((resolve = done), (reject = fail)));
  // Whoever needs the blob hears of its failure; nobody needing it is no unhandled rejection.
  promise.catch(() => {});
  return { promise, resolve, reject };
}

/**
 * The blobs one pull brings (docs/remotes.md, "How a pull moves bytes"): fetched
 * {@link PULL_BLOB_TRANSFERS} at a time, in the order given (the notebooks' order), from the
 * moment the pull knows them and while the notebooks' versions are imported, so that the link is
 * never idle while a notebook is written. A notebook's workspace waits only for its own blobs.
 * Each blob crosses once and counts once, however many notebooks name it. The first failure stops
 * the transfers: every blob not brought yet fails with it.
 */
export class BlobTransfers {
  private readonly queue: [string, number][];
  private readonly blobs = new Map<string, Pending>();
  private readonly workers: Promise<void>;
  private failure: { error: unknown } | null = null;

  constructor(
    private readonly context: SyncContext,
    private readonly team: RemoteHub,
    private readonly remoteProjectId: string,
    private readonly progress: Progress,
    blobs: Map<string, number>,
  ) {
    this.queue = [...blobs];
    for (const [blob] of this.queue) this.blobs.set(blob, pending());
    this.workers = Promise.all(Array.from({ length: Math.min(PULL_BLOB_TRANSFERS, this.queue.length) }, () => this.work())).then(() => {});
  }

  /** Resolves once every blob of `needed` is in the local store; one the pull did not plan for is fetched now. */
  async ready(needed: Map<string, number>): Promise<void> {
    await Promise.all(
      [...needed].map(async ([blob, size]) => {
        const planned = this.blobs.get(blob);
        if (planned) return planned.promise;
        if (await this.context.local.hasBlob(blob)) return;
        await fetchBlob(this.context, this.team, this.remoteProjectId, blob, size);
        await this.progress.moved(1, size);
      }),
    );
  }

  /** Waits for every transfer: all done, or, after a failure, the ones under way settled. */
  async finished(): Promise<void> {
    await this.workers;
    if (this.failure) throw this.failure.error;
  }

  /** Starts no further transfer (the pull failed elsewhere) and waits for those under way. */
  async stop(reason: unknown): Promise<void> {
    this.fail(reason);
    await this.workers;
  }

  private async work(): Promise<void> {
    for (let next = this.queue.shift(); next; next = this.queue.shift()) {
      const [blob, size] = next;
      const transfer = this.blobs.get(blob)!;
      try {
        await fetchBlob(this.context, this.team, this.remoteProjectId, blob, size);
        await this.progress.moved(1, size);
        transfer.resolve();
      } catch (error) {
        transfer.reject(error);
        this.fail(error);
      }
    }
  }

  private fail(error: unknown): void {
    this.failure ??= { error };
    for (const [blob] of this.queue.splice(0)) this.blobs.get(blob)!.reject(this.failure.error);
  }
}
