import { afterEach, describe, expect, it } from 'vitest';
import { makeTempDir } from '../../../../test/support/temp-dir.js';
import { FsObjectStore } from '../../adapters/store/fs-store.js';
import { AuditLog } from '../audit/audit-log.js';
import { AuditQueries } from '../audit/audit-queries.js';
import type { SandboxDiagnostics, SandboxStartupReport, SandboxStartupRequest } from '../ports/sandbox-diagnostics.js';
import { StartupDiagnostic } from './startup-diagnostic.js';

const phase = { status: 'ok' as const, duration_ms: 1 };
const command = (text: string) => ({ ...phase, command: text, stdout: '', stderr: '' });

/** A fake diagnostic run: no sandbox is started; it holds until released, to race a second run against it. */
class FakeSandboxDiagnostics implements SandboxDiagnostics {
  readonly requests: SandboxStartupRequest[] = [];
  private release: (() => void) | null = null;
  hold = false;

  async runStartupDiagnostic(request: SandboxStartupRequest): Promise<SandboxStartupReport> {
    this.requests.push(request);
    if (this.hold) await new Promise<void>((resolve) => (this.release = resolve));
    const at = new Date().toISOString();
    return {
      ok: true,
      sandbox_id: 'sbx-1',
      image: request.image ?? 'default',
      compute_profile: request.compute_profile ?? 'small',
      compute_resources: {},
      started_at: at,
      finished_at: at,
      total_ms: 1,
      handle: phase,
      readiness: command('echo ready'),
      exec: command('echo exec'),
      cleanup: phase,
      startup_timings_ms: {},
      counters: {},
      environment_setup_benchmark: null,
    };
  }

  finish(): void {
    this.release?.();
  }
}

describe('StartupDiagnostic', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  async function world() {
    const { dir, cleanup } = await makeTempDir('diagnostic');
    cleanups.push(cleanup);
    const store = new FsObjectStore(dir);
    const diagnostics = new FakeSandboxDiagnostics();
    const service = new StartupDiagnostic({
      store,
      diagnostics,
      audit: new AuditLog(store),
      images: ['default', 'gpu'],
      readinessTimeoutMs: 1000,
      instanceId: 'replica-1',
    });
    return { store, diagnostics, service };
  }

  it('passes the request on, audits the run and frees the requester for the next one', async () => {
    const { store, diagnostics, service } = await world();
    const report = await service.run('usr-a', { image: 'gpu', computeProfile: 'small', environmentSetupBenchmark: true });
    expect(report.ok).toBe(true);
    expect(diagnostics.requests).toEqual([{ image: 'gpu', compute_profile: 'small', environment_setup_benchmark: true }]);
    const page = await new AuditQueries(store).deploymentPage({ limit: 10, event: 'admin.sandbox_diagnostic' });
    expect(page.items).toEqual([
      expect.objectContaining({ actor: 'usr-a', metadata: { ok: true, sandbox_id: 'sbx-1', image: 'gpu', compute_profile: 'small' } }),
    ]);
    await service.run('usr-a', {});
    expect(diagnostics.requests[1]).toEqual({});
  });

  it('allows one active run per requester, not per deployment', async () => {
    const { diagnostics, service } = await world();
    diagnostics.hold = true;
    const first = service.run('usr-a', {});
    await expect.poll(() => diagnostics.requests.length).toBe(1);
    await expect(service.run('usr-a', {})).rejects.toMatchObject({ code: 'RESOURCE_EXHAUSTED', retryAfterSeconds: 10 });
    diagnostics.hold = false;
    await expect(service.run('usr-b', {})).resolves.toMatchObject({ ok: true });
    diagnostics.finish();
    await first;
    await expect(service.run('usr-a', {})).resolves.toMatchObject({ ok: true });
  });

  it("refuses an image that is not one of the deployment's before starting anything", async () => {
    const { diagnostics, service } = await world();
    await expect(service.run('usr-a', { image: 'elsewhere' })).rejects.toMatchObject({ code: 'VALIDATION_ERROR', details: [{ field: 'image' }] });
    expect(diagnostics.requests).toEqual([]);
  });
});
