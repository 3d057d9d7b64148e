import type { Logger } from '../core/ports/logger.js';
import { jsonBody } from '../core/store/cas.js';
import type { ObjectStore } from '../core/ports/object-store.js';
import type { LoopOutcome } from './loop-types.js';

/** `_system/loop-status/<loop>`: the latest attempt of a loop on any replica. */
export const LOOP_STATUS_PREFIX = '_system/loop-status/';
export const loopStatusKey = (loop: string) => `${LOOP_STATUS_PREFIX}${loop}`;

export interface LoopStatusRecord {
  schema_version: 1;
  loop: string;
  /** The replica that made the attempt. */
  holder: string;
  outcome: LoopOutcome;
  started_at: string;
  /** When the outcome was decided (for `stalled`: when the deadline passed). */
  recorded_at: string;
  duration_ms: number;
  consecutive_failures: number;
  timeouts: number;
  error: string | null;
}

const MAX_ERROR_CHARS = 500;

/**
 * Writes the record without a condition: it is a last-writer-wins report for operators, not state
 * anything depends on, so replicas never need to agree on it. A failed write only logs.
 */
export async function writeLoopReport(store: ObjectStore, logger: Logger, record: LoopStatusRecord): Promise<void> {
  try {
    await store.put(loopStatusKey(record.loop), jsonBody(record));
  } catch (error) {
    logger.warn({ event: `${record.loop}_report_failed`, loop: record.loop, outcome: record.outcome, err: error }, `${record.loop}_report_failed`);
  }
}

export function errorSummary(error: unknown): string | null {
  if (error === undefined || error === null) return null;
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.length > MAX_ERROR_CHARS ? `${text.slice(0, MAX_ERROR_CHARS)}…` : text;
}
