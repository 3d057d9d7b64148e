/**
 * The preview worker's entry (a worker_threads worker started by pool.ts, with heap limits). It
 * takes one preview at a time: the `start` message brings the job and the port to talk on; the
 * answer is a `done` or `failed` message on that port. An error that escapes a parser is caught
 * here; one that kills the thread (out of memory) is seen by the main thread.
 */
import { parentPort } from 'node:worker_threads';
import { PreviewError, type PreviewFormat } from '../../../core/ports/data-preview.js';
import { previewFile } from './preview-file.js';
import type { StartMessage, WorkerMessage } from './protocol.js';
import { ByteSource } from './source.js';

if (!parentPort) throw new Error('The preview worker runs as a worker thread only.');

// A reader may leave a side read rejected after the preview has failed on another (hyparquet
// prefetches column chunks): the preview already answered, so the stray rejection must not end the thread.
process.on('unhandledRejection', () => {});

parentPort.on('message', (message: StartMessage) => {
  void run(message);
});

async function run({ job, port }: StartMessage): Promise<void> {
  let format: PreviewFormat | null = null;
  const source = new ByteSource(port, job.size, job.maxBytes);
  let answer: WorkerMessage;
  try {
    const preview = await previewFile(job, source, (known) => (format = known));
    answer = { type: 'done', preview };
  } catch (error) {
    answer =
      error instanceof PreviewError
        ? { type: 'failed', reason: error.reason, message: error.message, format }
        : { type: 'failed', reason: 'malformed', message: `The file could not be read: ${(error as Error).message}`, format };
  }
  try {
    port.postMessage(answer);
  } catch (error) {
    // A value the structured clone cannot carry is a parser result this code did not expect.
    port.postMessage({
      type: 'failed',
      reason: 'malformed',
      message: `The preview could not be sent: ${(error as Error).message}`,
      format,
    } satisfies WorkerMessage);
  }
  port.close();
}
