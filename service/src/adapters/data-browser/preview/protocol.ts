/**
 * The messages between the previewer (main thread) and a preview worker. Each preview gets a
 * MessagePort of its own: the worker asks for byte ranges on it and answers on it, so nothing of
 * an earlier preview can be taken for the current one, and closing the port ends the exchange.
 * The worker never sees where the bytes come from (no key, no credentials): only ranges.
 */
import type { MessagePort } from 'node:worker_threads';
import type { Preview, PreviewFailure, PreviewFormat } from '../../../core/ports/data-preview.js';

export interface PreviewJob {
  name: string;
  size: number;
  contentType: string | null;
  rows: number;
  maxBytes: number;
  maxRows: number;
}

/** Main thread → worker, on the worker's own port: start a preview, talking on `port`. */
export interface StartMessage {
  type: 'start';
  job: PreviewJob;
  port: MessagePort;
}

/** Worker → main thread, on the job's port. */
export type WorkerMessage =
  | { type: 'read'; id: number; offset: number; length: number }
  | { type: 'done'; preview: Preview }
  | { type: 'failed'; reason: PreviewFailure; message: string; format: PreviewFormat | null };

/** Main thread → worker, on the job's port: the answer to a `read`. */
export type ReadAnswer = { type: 'bytes'; id: number; bytes: Uint8Array } | { type: 'refused'; id: number; reason: PreviewFailure; message: string };
