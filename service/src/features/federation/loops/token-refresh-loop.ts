import type { HubLoops } from '../../../loops/compose.js';
import type { SessionSecretsRefresh } from '../../../core/sessions/session-secrets-refresh.js';

export const TOKEN_REFRESH_LOOP = { name: 'federation_token_refresh', lease: 'federation_token_refresh' } as const;

/**
 * How often the loop looks, for tokens living `lifetimeSeconds`: a tenth of it, between 5 s and a
 * minute. A token is due 80% into its lifetime and written up to one interval before that, so
 * with the default 15 minutes a fresh token is in the sandbox at least 3 minutes before the old
 * one expires (time for the kubelet to carry it into a pod's volume).
 */
export function tokenRefreshIntervalMs(lifetimeSeconds: number): number {
  return Math.min(60_000, Math.max(5_000, lifetimeSeconds * 100));
}

/**
 * Where SERVICE_FEDERATION=on: the `federation_token_refresh` loop (docs/federation.md,
 * "Refreshing", docs/maintenance.md), which writes a fresh token into the sandbox of every running
 * session whose token is due (job runs refresh their own: the replica executing a run holds it).
 */
export function registerTokenRefreshLoop(
  loops: HubLoops,
  refresher: Pick<SessionSecretsRefresh, 'pass'>,
  options: { enabled: boolean; lifetimeSeconds: number },
): void {
  if (!options.enabled) return;
  const intervalMs = tokenRefreshIntervalMs(options.lifetimeSeconds);
  loops.runner.register({
    ...TOKEN_REFRESH_LOOP,
    intervalMs,
    work: async ({ signal, logger }) => {
      const outcome = await refresher.pass(signal, intervalMs);
      if (outcome.refreshed + outcome.ended + outcome.failed > 0)
        logger.info({ event: 'federation_tokens_refreshed', ...outcome }, 'federation_tokens_refreshed');
    },
  });
}
