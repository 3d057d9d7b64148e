/**
 * The preview workers: a few warm worker threads, each started with heap limits (old generation
 * from the memory budget, a small young generation), one preview at a time each. A worker that
 * had to be stopped (time budget, abort, memory, crash) is replaced, so the pool stays warm; a
 * preview that finds every worker busy waits its turn.
 */
import { Worker } from 'node:worker_threads';
import { workerEntry } from './worker-entry.js';

/** The young generation stays small: a parser's garbage is collected often, and it counts little against the budget. */
const YOUNG_GENERATION_MB = 16;

export interface PooledWorker {
  readonly worker: Worker;
  readonly memoryMb: number;
  /** Set when the thread exited or errored on its own (out of memory, crash): the reason, if known. */
  died: Error | null;
}

interface Waiter {
  memoryMb: number;
  deliver: (worker: PooledWorker) => void;
}

export class WorkerPool {
  private readonly idle: PooledWorker[] = [];
  private busy = 0;
  private readonly waiting: Waiter[] = [];
  private closed = false;

  constructor(
    private readonly size: number,
    warmMemoryMb: number | null,
    private readonly spawn: (memoryMb: number) => Worker = startWorker,
  ) {
    if (warmMemoryMb !== null) for (let index = 0; index < size; index++) this.idle.push(this.start(warmMemoryMb));
  }

  /** Hands `deliver` a worker with this heap limit: an idle one, a new one, or the next one released. */
  async acquire(memoryMb: number, deliver: (worker: PooledWorker) => void): Promise<void> {
    if (this.closed) throw new Error('The previewer is closed.');
    const worker = this.take(memoryMb);
    if (worker) deliver(worker);
    else this.waiting.push({ memoryMb, deliver });
  }

  /** Takes back a worker after a preview: kept when it is healthy, else stopped and replaced. */
  release(pooled: PooledWorker, healthy: boolean): void {
    this.busy--;
    if (healthy && pooled.died === null && !this.closed) this.idle.push(pooled);
    else {
      void pooled.worker.terminate();
      if (!this.closed) this.idle.push(this.start(pooled.memoryMb));
    }
    this.serveWaiting();
  }

  /** Cancels a wait that was given up (the preview's deadline or signal). */
  forget(deliver: (worker: PooledWorker) => void): void {
    const index = this.waiting.findIndex((waiter) => waiter.deliver === deliver);
    if (index >= 0) this.waiting.splice(index, 1);
  }

  async close(): Promise<void> {
    this.closed = true;
    const idle = this.idle.splice(0);
    await Promise.all(idle.map((pooled) => pooled.worker.terminate()));
  }

  private serveWaiting(): void {
    while (this.waiting.length > 0) {
      const worker = this.take(this.waiting[0]!.memoryMb);
      if (!worker) return;
      this.waiting.shift()!.deliver(worker);
    }
  }

  private take(memoryMb: number): PooledWorker | null {
    // Workers that died while idle are dropped (a new one is made on demand).
    for (let index = this.idle.length - 1; index >= 0; index--) if (this.idle[index]!.died) this.idle.splice(index, 1);
    let index = this.idle.findIndex((pooled) => pooled.memoryMb === memoryMb);
    if (index < 0 && this.busy + this.idle.length >= this.size && this.idle.length > 0) {
      // Every slot is taken by idle workers of another heap size: one makes way.
      void this.idle.shift()!.worker.terminate();
    }
    if (index < 0 && this.busy + this.idle.length < this.size) {
      this.idle.push(this.start(memoryMb));
      index = this.idle.length - 1;
    }
    if (index < 0) return null;
    this.busy++;
    return this.idle.splice(index, 1)[0]!;
  }

  private start(memoryMb: number): PooledWorker {
    const pooled: PooledWorker = { worker: this.spawn(memoryMb), memoryMb, died: null };
    pooled.worker.on('error', (error) => (pooled.died ??= error));
    pooled.worker.on('exit', (code) => (pooled.died ??= new Error(`The preview worker exited with code ${code}.`)));
    // An idle worker must not keep the hub's process alive.
    pooled.worker.unref();
    return pooled;
  }
}

function startWorker(memoryMb: number): Worker {
  const { entry, options } = workerEntry();
  return new Worker(entry, {
    ...options,
    resourceLimits: { maxOldGenerationSizeMb: memoryMb, maxYoungGenerationSizeMb: Math.min(YOUNG_GENERATION_MB, Math.max(1, memoryMb / 4)) },
    // The worker needs no environment: it only parses bytes it is handed.
    env: {},
  });
}
