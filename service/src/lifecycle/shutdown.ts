import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Logger } from '../core/ports/logger.js';
import type { BackgroundWork } from './background-work.js';

export interface DrainTargets {
  /** Stops accepting; resolves once every connection has closed. */
  closeListener: () => Promise<void>;
  server: Server;
  /** Connections that left HTTP (WebSocket upgrades); the server no longer tracks them. */
  upgradedSockets: Set<Duplex>;
  background: BackgroundWork;
  /** Compute clients and the store. */
  dispose: () => Promise<void>;
  /** Flushed last, so what the drain itself did is exported too; also when disposing failed. */
  telemetry: { shutdown(): Promise<void> };
  logger: Logger;
}

export type DrainOutcome = 'drained' | 'timeout';

/**
 * The shutdown sequence: stop loop ticks and the listener; give in-flight requests
 * min(10 s, half the budget); then close idle and upgraded connections; wait for background work;
 * dispose clients; flush telemetry. Resolves 'timeout' (after logging `drain_timeout`) when the budget runs out
 * first; the caller then allows at most 10 s more before exiting.
 */
export async function drain(targets: DrainTargets, budgetMs: number): Promise<DrainOutcome> {
  const started = Date.now();
  let budgetTimer: NodeJS.Timeout | undefined;
  const expired = new Promise<'timeout'>((resolve) => (budgetTimer = setTimeout(() => resolve('timeout'), budgetMs)));
  const sequence = (async (): Promise<DrainOutcome> => {
    const stoppingBackground = targets.background.stop();
    const listenerClosed = targets.closeListener();
    const grace = Math.min(10_000, budgetMs / 2);
    let graceTimer: NodeJS.Timeout | undefined;
    // A keep-alive connection whose request just finished would otherwise linger until its
    // keep-alive timeout, holding the listener open.
    const idleSweep = setInterval(() => targets.server.closeIdleConnections(), 50);
    await Promise.race([listenerClosed, new Promise((resolve) => (graceTimer = setTimeout(resolve, grace)))]);
    clearTimeout(graceTimer);
    clearInterval(idleSweep);
    targets.server.closeAllConnections();
    for (const socket of targets.upgradedSockets) socket.destroy();
    await listenerClosed;
    await stoppingBackground;
    try {
      await targets.dispose();
    } finally {
      await targets.telemetry.shutdown();
    }
    return 'drained';
  })();
  const outcome = await Promise.race([sequence, expired]);
  clearTimeout(budgetTimer);
  if (outcome === 'timeout') {
    targets.logger.error({ event: 'drain_timeout', budget_ms: budgetMs, duration_ms: Date.now() - started }, 'drain_timeout');
    // The process exits soon after: export what there is now rather than after the stragglers.
    void targets.telemetry.shutdown().catch(() => {});
  }
  return outcome;
}
