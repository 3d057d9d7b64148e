import type { AlertKind } from './alert-kinds.js';

/** Something that happened in a project that alert destinations may subscribe to (docs/alerts.md). */
export interface ProjectEvent {
  kind: AlertKind;
  project_id: string;
  project_name: string;
  /** The user who caused it, or `system`. */
  actor: string;
  occurred_at: string;
  /** Kind-specific facts (the member concerned, the notebook, the job run...). */
  data: Record<string, unknown>;
}

/**
 * Where domain services report project events. Publishing never blocks or fails the request that
 * caused the event: delivery happens in the background.
 */
export interface ProjectEventPublisher {
  publish(event: ProjectEvent): void;
}
