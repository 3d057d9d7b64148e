/** Runs work outside the request that asked for it; shutdown waits for it. */
export interface BackgroundRunner {
  /** False when shutdown has begun and the work was not started. */
  run(work: () => Promise<unknown>): boolean;
}
