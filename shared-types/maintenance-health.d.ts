// The report of `GET /api/health/maintenance` (docs/maintenance.md): the hub's loop runner
// produces it (service/src/loops/loop-state.ts) and the admin pages' health tab reads it
// (renderer/src/api/admin-types.ts). The route is left out of the OpenAPI document, so the
// generated client does not know it: both sides take its shape from here.

export type LoopStatus = 'ok' | 'failing' | 'stalled' | 'stopping';
export type MaintenanceStatus = 'ok' | 'degraded' | 'stalled' | 'unavailable';

/** One loop as `GET /api/health/maintenance` reports it; times are unix milliseconds. */
export interface LoopHealth {
  status: LoopStatus;
  last_started_at: number | null;
  last_completed_at: number | null;
  last_success_at: number | null;
  last_duration_ms: number | null;
  seconds_since_success: number | null;
  consecutive_failures: number;
  timeouts: number;
  interval_ms: number;
  deadline_ms: number;
}

export interface MaintenanceHealth {
  status: MaintenanceStatus;
  loops: Record<string, LoopHealth>;
}
