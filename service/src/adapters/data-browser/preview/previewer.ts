/**
 * The DataPreviewer of the hub: every preview is parsed in a worker thread (pool.ts) so that a
 * parser bug, a stack overflow or an exhausted heap ends that thread, not the hub. The main
 * thread keeps the budgets the worker cannot break: it serves the worker's byte ranges through
 * `request.read` and refuses any past the byte budget, stops the worker at the time budget or
 * when the request is aborted, and reads a worker's death of memory as `memory-budget`.
 * Docs: docs/data-browser.md, "Previews".
 */
import { MessageChannel, type Worker } from 'node:worker_threads';
import { PreviewError, type DataPreviewer, type PreviewFormat, type PreviewRequest, type PreviewResult } from '../../../core/ports/data-preview.js';
import type { PreviewJob, ReadAnswer, StartMessage, WorkerMessage } from './protocol.js';
import { WorkerPool, type PooledWorker } from './pool.js';
import { READ_AHEAD } from './source.js';
import { formatBytes } from './values.js';

export interface WorkerPreviewerOptions {
  /** Worker threads kept warm, and previews run at once (default 2). */
  workers?: number;
  /** The heap of the warm workers, in MiB: the memory budget previews usually ask (default 256). */
  memoryMb?: number;
  /** Starts a worker for a heap size (tests start a stand-in); the default runs worker.ts. */
  spawn?: (memoryMb: number) => Worker;
  /**
   * Start the workers at once rather than with the first preview (default false: a hub that
   * nobody previews with keeps its start-up time and idle memory; once started they stay warm).
   */
  warmAtStart?: boolean;
}

export const PREVIEW_FORMATS: readonly PreviewFormat[] = ['csv', 'tsv', 'json', 'ndjson', 'parquet', 'arrow', 'excel', 'image', 'text', 'markdown'];

/**
 * What a Parquet preview reads of the file's end first (formats/parquet.ts: the footer's first
 * read); previewer.test.ts holds the two to the same number.
 */
export const PARQUET_FOOTER_READ = 256 * 1024;

export class WorkerPreviewer implements DataPreviewer {
  readonly formats = PREVIEW_FORMATS;
  private readonly pool: WorkerPool;

  constructor(options: WorkerPreviewerOptions = {}) {
    this.pool = new WorkerPool(options.workers ?? 2, options.warmAtStart ? (options.memoryMb ?? 256) : null, options.spawn);
  }

  async preview(request: PreviewRequest): Promise<PreviewResult> {
    const { budgets, signal } = request;
    signal.throwIfAborted();
    // One clock for the whole preview, waiting for a worker included.
    const deadline = Date.now() + budgets.timeoutMs;
    const pooled = await this.acquire(budgets, signal);
    return this.run(pooled, request, deadline);
  }

  /** The worker's first read is a block from the start (sniffing the content); Parquet's next is its footer. */
  firstReads(format: PreviewFormat | null): { head: number; tail: number } {
    return { head: READ_AHEAD, tail: format === 'parquet' ? PARQUET_FOOTER_READ : 0 };
  }

  close(): Promise<void> {
    return this.pool.close();
  }

  /** A worker, unless the time budget runs out or the request is aborted while every worker is busy. */
  private acquire(budgets: PreviewRequest['budgets'], signal: AbortSignal): Promise<PooledWorker> {
    return new Promise<PooledWorker>((resolve, reject) => {
      let done = false;
      const take = (worker: PooledWorker) => {
        // A worker handed over after the wait was given up goes straight back.
        if (done) return this.pool.release(worker, true);
        done = true;
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
        resolve(worker);
      };
      const giveUp = (error: unknown) => {
        if (done) return;
        done = true;
        this.pool.forget(take);
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
        reject(error);
      };
      const onAbort = () => giveUp(signal.reason);
      const timer = setTimeout(() => giveUp(timeUp(budgets.timeoutMs)), budgets.timeoutMs);
      signal.addEventListener('abort', onAbort, { once: true });
      this.pool.acquire(budgets.memoryMb, take).catch(giveUp);
    });
  }

  /** One preview on one worker; settles once, on whatever happens first. */
  private run(pooled: PooledWorker, request: PreviewRequest, deadline: number): Promise<PreviewResult> {
    const { budgets, signal } = request;
    const { port1, port2 } = new MessageChannel();
    let served = 0;
    let refused: PreviewError | null = null;
    return new Promise<PreviewResult>((resolve, reject) => {
      let settled = false;
      /** Ends the preview: a worker stopped mid-way (`healthy` false) is replaced, not reused. */
      const finish = (healthy: boolean, outcome: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
        pooled.worker.off('error', onError);
        pooled.worker.off('exit', onExit);
        port1.close();
        this.pool.release(pooled, healthy);
        outcome();
      };
      const timer = setTimeout(() => finish(false, () => reject(timeUp(budgets.timeoutMs))), Math.max(0, deadline - Date.now()));
      const onAbort = () => finish(false, () => reject(signal.reason));
      signal.addEventListener('abort', onAbort, { once: true });
      const onError = (error: Error & { code?: string }) =>
        finish(false, () =>
          reject(
            error.code === 'ERR_WORKER_OUT_OF_MEMORY'
              ? new PreviewError('memory-budget', `The preview needed more memory than its budget of ${budgets.memoryMb} MiB and was stopped.`)
              : new PreviewError('malformed', `The preview stopped: its parser failed (${error.message}).`),
          ),
        );
      const onExit = (code: number) => finish(false, () => reject(new PreviewError('malformed', `The preview stopped: its worker exited (code ${code}).`)));
      pooled.worker.on('error', onError);
      pooled.worker.on('exit', onExit);

      const answer = (message: ReadAnswer) => {
        if (!settled) port1.postMessage(message);
      };
      const serve = (id: number, offset: number, asked: number) => {
        const length = Math.max(0, Math.min(asked, request.size - offset));
        // Counted when asked, so reads asked for together cannot pass the budget between them.
        if (refused || served + length > budgets.maxBytes) {
          refused ??= new PreviewError('byte-budget', `Showing this file would read more than the preview's byte budget of ${formatBytes(budgets.maxBytes)}.`);
          return answer({ type: 'refused', id, reason: refused.reason, message: refused.message });
        }
        served += length;
        request.read(offset, length).then(
          (bytes) => {
            const exact = bytes.length > length ? bytes.subarray(0, length) : bytes;
            served -= length - exact.length;
            // Copied by the structured clone: the reader's buffer stays the reader's.
            answer({ type: 'bytes', id, bytes: exact });
          },
          // The source failed (a network error, a missing object): that is the caller's error, not the file's.
          (error: unknown) => finish(false, () => reject(error)),
        );
      };

      port1.on('message', (message: WorkerMessage) => {
        switch (message.type) {
          case 'read':
            return serve(message.id, message.offset, message.length);
          case 'done':
            return finish(true, () => resolve({ ...message.preview, bytesRead: served }));
          case 'failed': {
            // The worker's own words for the budget it ran into are the better ones; another failure after a refusal is the refusal's doing.
            const error = refused && message.reason !== refused.reason ? refused : new PreviewError(message.reason, message.message);
            return finish(true, () => reject(error));
          }
        }
      });
      const job: PreviewJob = {
        name: request.name,
        size: request.size,
        contentType: request.contentType,
        rows: request.rows,
        maxBytes: budgets.maxBytes,
        maxRows: budgets.maxRows,
      };
      // Aborted between handing over the worker and now: the listener came too late to hear it.
      if (signal.aborted) return onAbort();
      const start: StartMessage = { type: 'start', job, port: port2 };
      pooled.worker.postMessage(start, [port2]);
    });
  }
}

function timeUp(timeoutMs: number): PreviewError {
  return new PreviewError('time-budget', `The preview took longer than its time budget of ${timeoutMs} ms and was stopped.`);
}
