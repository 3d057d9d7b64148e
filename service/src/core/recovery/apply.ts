import type { AuditLog } from '../audit/audit-log.js';
import type { Catalog } from '../catalog/catalog.js';
import { buildTree } from '../catalog/tree.js';
import { PreconditionFailedError } from '../ports/object-store.js';
import type { RecoveryPlan } from './plan.js';

export type RecoveryRefusal = 'stale-token' | 'blocked' | 'unaccepted-warnings' | 'conflict';

export class RecoveryRefusedError extends Error {
  constructor(
    readonly reason: RecoveryRefusal,
    message: string,
  ) {
    super(message);
    this.name = 'RecoveryRefusedError';
  }
}

export interface ApplyOptions {
  /** The token the operator reviewed in the dry run. */
  token: string;
  actor: string;
  acceptWarnings: boolean;
  progress?: (step: 'snapshot-written' | 'pointer-swapped', detail: string) => void | Promise<void>;
}

export interface ApplyResult {
  applied: true;
  mode: 'rebuild' | 'snapshot';
  snapshot_id: string;
  generation: number;
  previous_snapshot_id: string | null;
  entries: number;
}

/**
 * Installs a plan computed just now (the caller re-plans, so `plan.report.report_token` reflects
 * the store as it is). The new snapshot becomes current only by a compare-and-swap against the
 * pointer the plan saw; if the pointer moved, the snapshot is deleted again.
 */
export async function applyRecovery(catalog: Catalog, audit: AuditLog, plan: RecoveryPlan, options: ApplyOptions): Promise<ApplyResult> {
  const { report } = plan;
  if (report.report_token !== options.token) {
    throw new RecoveryRefusedError(
      'stale-token',
      'the report token is stale: the catalog or its records changed since the dry run (or the token is from another report); run the dry run again and review it',
    );
  }
  if (report.blocking) {
    throw new RecoveryRefusedError('blocked', `apply is blocked by ${report.errors.length} error(s) in the report; recovery does not repair records`);
  }
  if (report.warnings.length > 0 && !options.acceptWarnings) {
    throw new RecoveryRefusedError('unaccepted-warnings', `the report has ${report.warnings.length} warning(s); review them and pass --accept-warnings`);
  }

  const root = report.mode === 'snapshot' && plan.sourceSnapshot ? plan.sourceSnapshot.root : await buildTree(catalog.nodes, [...plan.entries.entries()]);
  const parent = plan.pointer ? { id: plan.pointer.pointer.snapshot_id, generation: plan.pointer.pointer.generation } : null;
  const snapshot = await catalog.writeSnapshot(root, parent, `recover:${report.mode}`);
  await options.progress?.('snapshot-written', snapshot.id);
  try {
    await catalog.swapPointer(snapshot, plan.pointer?.etag ?? null);
  } catch (error) {
    await catalog.discardSnapshot(snapshot.id);
    if (error instanceof PreconditionFailedError) {
      throw new RecoveryRefusedError(
        'conflict',
        'the catalog pointer moved during apply (a writer is still running); the new snapshot was deleted and nothing changed',
      );
    }
    throw error;
  }
  await options.progress?.('pointer-swapped', snapshot.id);
  await audit.append({
    event: 'system.recover',
    actor: options.actor,
    metadata: {
      mode: report.mode,
      snapshot_id: snapshot.id,
      source_snapshot_id: report.snapshot_id,
      previous_snapshot_id: parent?.id ?? null,
      entries: root.count,
      warnings_accepted: report.warnings.map((warning) => warning.code),
    },
  });
  return {
    applied: true,
    mode: report.mode,
    snapshot_id: snapshot.id,
    generation: snapshot.generation,
    previous_snapshot_id: parent?.id ?? null,
    entries: root.count,
  };
}
