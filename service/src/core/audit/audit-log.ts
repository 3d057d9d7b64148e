import { randomBytes } from 'node:crypto';
import { jsonBody } from '../store/cas.js';
import type { ObjectStore } from '../ports/object-store.js';
import { layout } from '../storage-layout.js';

export interface AuditLogEntry {
  id: string;
  schema_version: number;
  ts: string;
  event: string;
  actor: string;
  project_id?: string;
  metadata: Record<string, unknown>;
}

export interface AuditInput {
  event: string;
  actor: string;
  projectId?: string;
  metadata?: Record<string, unknown>;
}

const LATEST_MS = 9_999_999_999_999;

/**
 * The append-only audit log. Every entry lands in the deployment log, and project entries also in
 * that project's log, each under its UTC day. Entry ids count down with time so that a plain
 * ascending listing of a day returns it newest first.
 */
export class AuditLog {
  constructor(
    private readonly store: ObjectStore,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async append(input: AuditInput): Promise<AuditLogEntry> {
    const at = this.now();
    const entry: AuditLogEntry = {
      id: `evt-${String(LATEST_MS - at.getTime()).padStart(13, '0')}-${randomBytes(4).toString('hex')}`,
      schema_version: 1,
      ts: at.toISOString(),
      event: input.event,
      actor: input.actor,
      ...(input.projectId ? { project_id: input.projectId } : {}),
      metadata: input.metadata ?? {},
    };
    const day = entry.ts.slice(0, 10);
    const body = jsonBody(entry);
    const writes = [this.store.put(layout.deploymentAuditPrefix(day) + entry.id, body, { ifNoneMatch: '*' })];
    if (input.projectId) {
      writes.push(this.store.put(layout.projectAuditPrefix(input.projectId, day) + entry.id, body, { ifNoneMatch: '*' }));
    }
    await Promise.all(writes);
    return entry;
  }
}
