import { openObjectStoreOffline } from '../compose/adapters.js';
import { readSettings } from '../config/settings.js';
import { AuditLog } from '../core/audit/audit-log.js';
import { Catalog } from '../core/catalog/catalog.js';
import { SNAPSHOT_ID_PATTERN } from '../core/ids.js';
import { RecoveryRefusedError, applyRecovery, type ApplyOptions } from '../core/recovery/apply.js';
import { planRecovery, type RecoveryMode } from '../core/recovery/plan.js';
import type { ObjectStore } from '../core/ports/object-store.js';
import { preflightStore } from '../core/store/preflight.js';
import { recordChecks } from '../compose/features.js';

export interface RecoverOptions {
  rebuild?: boolean;
  snapshot?: string;
  apply?: string;
  writersStopped?: boolean;
  actor?: string;
  acceptWarnings?: boolean;
}

export interface RecoverIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  env?: Record<string, string | undefined>;
  /** Overrides the store named by the settings. */
  store?: ObjectStore;
  onApplyStep?: ApplyOptions['progress'];
}

/** Exit codes of docs/recovery.md. */
export const EXIT = { ok: 0, failed: 1, blockingErrors: 2 } as const;

/**
 * `notebook-hub recover`: rebuilds the catalog offline. Dry run by default (prints the JSON report
 * and its token); `--apply <token>` installs exactly what that report described.
 */
export async function runRecover(options: RecoverOptions, io: RecoverIo): Promise<number> {
  const fail = (message: string) => {
    io.stderr(`recover: ${message}\n`);
    return EXIT.failed;
  };
  const mode = parseMode(options);
  if (typeof mode === 'string') return fail(mode);
  if (options.apply !== undefined) {
    if (!options.writersStopped) return fail('--apply requires --writers-stopped: stop every hub process writing to this store first');
    if (!options.actor?.trim()) return fail('--apply requires --actor <USER_ID> (recorded in the audit log)');
  }

  const store = io.store ?? (await openObjectStoreOffline(readSettings(io.env ?? process.env).storage));
  try {
    const preflight = await preflightStore(store);
    if (preflight.outcome === 'ignores-conditional-writes') return fail(`unsupported storage: ${preflight.detail}`);
    if (preflight.outcome === 'unreachable') return fail(`storage error: ${preflight.error.message}`);

    const catalog = new Catalog(store);
    const progress = (message: string) => io.stderr(`[recover] ${message}\n`);
    const plan = await planRecovery(store, catalog, mode, progress, { checks: recordChecks() });
    if (options.apply === undefined) {
      io.stdout(`${JSON.stringify(plan.report, null, 2)}\n`);
      return plan.report.blocking ? EXIT.blockingErrors : EXIT.ok;
    }
    const result = await applyRecovery(catalog, new AuditLog(store), plan, {
      token: options.apply,
      actor: options.actor!.trim(),
      acceptWarnings: options.acceptWarnings ?? false,
      progress: async (step, detail) => {
        progress(`${step}: ${detail}`);
        await io.onApplyStep?.(step, detail);
      },
    });
    io.stdout(`${JSON.stringify(result, null, 2)}\n`);
    return EXIT.ok;
  } catch (error) {
    if (error instanceof RecoveryRefusedError) return fail(error.message);
    return fail(`storage error: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    await store.close();
  }
}

function parseMode(options: RecoverOptions): RecoveryMode | string {
  if (options.rebuild && options.snapshot !== undefined) return 'choose one of --rebuild or --snapshot <SNAPSHOT_ID>, not both';
  if (options.rebuild) return { mode: 'rebuild' };
  if (options.snapshot !== undefined) {
    if (!SNAPSHOT_ID_PATTERN.test(options.snapshot)) return `not a snapshot id: ${JSON.stringify(options.snapshot)}`;
    return { mode: 'snapshot', snapshotId: options.snapshot };
  }
  return 'choose a mode: --rebuild (discover from records) or --snapshot <SNAPSHOT_ID>';
}
