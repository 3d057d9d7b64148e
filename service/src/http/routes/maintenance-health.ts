import { Type, type Static } from 'typebox';
import type { MaintenanceHealth } from '../../loops/loop-state.js';
import { Nullable } from '../schemas.js';
import type { HubApp } from '../types.js';

export const MAINTENANCE_HEALTH_PATH = '/api/health/maintenance';

/** What the route reads: the loop runner of this process, or null where maintenance is off. */
export interface MaintenanceHealthSource {
  health(now?: number): MaintenanceHealth;
}

const LoopHealthSchema = Type.Object({
  status: Type.Enum(['ok', 'failing', 'stalled', 'stopping']),
  last_started_at: Nullable(Type.Number()),
  last_completed_at: Nullable(Type.Number()),
  last_success_at: Nullable(Type.Number()),
  last_duration_ms: Nullable(Type.Number()),
  seconds_since_success: Nullable(Type.Number()),
  consecutive_failures: Type.Integer({ minimum: 0 }),
  timeouts: Type.Integer({ minimum: 0 }),
  interval_ms: Type.Number(),
  deadline_ms: Type.Number(),
});

const MaintenanceHealthSchema = Type.Object({
  status: Type.Enum(['ok', 'degraded', 'stalled', 'unavailable']),
  loops: Type.Record(Type.String(), LoopHealthSchema),
});

// The web UI reads this route through the shared type (@notebook-hub/shared-types): the schema may not drift from it.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const schemaMatchesType: Same<Static<typeof MaintenanceHealthSchema>, MaintenanceHealth> = true;
void schemaMatchesType;

/**
 * docs/maintenance.md: unauthenticated, no envelope, not in the OpenAPI document. Only a stall answers 503,
 * because a probe that restarts the process can recover a stall but not a failing loop.
 */
export function maintenanceHealthRoutes(app: HubApp, source: MaintenanceHealthSource | null): void {
  app.get(
    MAINTENANCE_HEALTH_PATH,
    {
      config: { public: true },
      schema: { hide: true, response: { 200: MaintenanceHealthSchema, 503: MaintenanceHealthSchema } },
    },
    async (_request, reply) => {
      const report: MaintenanceHealth = source ? source.health() : { status: 'unavailable', loops: {} };
      return reply
        .code(report.status === 'stalled' ? 503 : 200)
        .header('cache-control', 'no-store')
        .send(report);
    },
  );
}
