/** The JSON body of a webhook delivery (docs/alerts.md). */
export interface AlertPayload {
  /** Identifies the event: the same for every destination and every retry. */
  id: string;
  kind: string;
  project_id: string;
  project_name: string;
  actor: string;
  occurred_at: string;
  data: Record<string, unknown>;
}
