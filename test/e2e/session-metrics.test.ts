import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxError, type SandboxSummary } from '../../service/src/core/ports/sandbox-driver.js';
import { layout } from '../../service/src/core/storage-layout.js';
import { FakeFaultyDestroyDriver } from '../support/fake-sandbox-drivers.js';
import { scrape } from '../support/prometheus-scrape.js';
import { unusedPort } from '../support/unused-port.js';
import { startReclaimWorld, type ReclaimWorld } from '../support/reclaim-world.js';
import { sandboxRuntime } from '../support/session-world.js';

/** The real local driver, whose destroy (inherited) or listing fails on demand, as a backend that is down would. */
class FakeFaultyListingDriver extends FakeFaultyDestroyDriver {
  listFails = false;

  override async list(): Promise<SandboxSummary[]> {
    if (this.listFails) throw new SandboxError('BACKEND_ERROR', 'the backend did not answer the listing');
    return super.list();
  }
}

describe.skipIf(sandboxRuntime === null)('session cleanup metrics (docs/telemetry.md) on real sandboxes', () => {
  let w: ReclaimWorld;
  let driver: FakeFaultyListingDriver;
  let port: number;
  beforeAll(async () => {
    port = await unusedPort();
    w = await startReclaimWorld({
      wrap: (real) => (driver = new FakeFaultyListingDriver(real)),
      env: { OTEL_METRICS_EXPORTER: 'prometheus', OTEL_EXPORTER_PROMETHEUS_PORT: String(port) },
    });
  });
  afterAll(async () => {
    if (driver) {
      driver.fault = null;
      driver.listFails = false;
    }
    await w?.close();
  });

  const unreclaimed = async () => {
    const metrics = await scrape(port);
    return { count: metrics.value('sessions_unreclaimed_terminal_count'), oldestAgeMs: metrics.value('sessions_unreclaimed_terminal_oldest_age_ms') };
  };
  const claimLost = async () => {
    const metrics = await scrape(port);
    return {
      preflight: metrics.value('sessions_editor_claim_lost_total', { phase: 'preflight' }),
      claim: metrics.value('sessions_editor_claim_lost_total', { phase: 'claim' }),
    };
  };

  it('counts stopped sessions whose sandbox is not released, keeps the count through failed sweeps, and clears it', async () => {
    // Nothing is known before a sweep has reconciled; an empty result is zero.
    expect(await unreclaimed()).toEqual({ count: undefined, oldestAgeMs: undefined });
    await w.sweep();
    expect(await unreclaimed()).toEqual({ count: 0, oldestAgeMs: 0 });

    const nid = await w.notebook('Cleanup');
    const started = await w.start('editor', { notebook_id: nid, mode: 'edit' });
    expect(started.status, started.text).toBe(201);
    const sid = started.json.data.id as string;
    const sandboxId = (await w.t.hub.services.sessionStore.get(w.pid, sid))!.sandbox!.id;

    // While the session is being retired, another editor's start is refused before any claim race.
    expect(await claimLost()).toEqual({ preflight: 0, claim: 0 });
    const claimKey = layout.editorClaim(w.pid, nid);
    const claim = (await w.t.hub.store.get(claimKey))!;
    await w.t.hub.store.put(claimKey, JSON.stringify({ ...JSON.parse(claim.body.toString()), state: 'retiring', retiring_since: new Date().toISOString() }), {
      ifMatch: claim.etag,
    });
    const refused = await w.start('manager', { notebook_id: nid, mode: 'edit' });
    expect(refused.status, refused.text).toBe(409);
    expect(refused.json.error.code).toBe('EDIT_SESSION_RETIRING');
    expect(await claimLost()).toEqual({ preflight: 1, claim: 0 });

    // Stopped an hour ago, and the backend refuses to destroy its sandbox.
    await w.leaveBehind(sid);
    driver.fault = { kind: 'fail' };
    expect((await w.sweep()).reclaimed).toBe(0);
    expect(await w.sandboxExists(sandboxId)).toBe(true);
    const stuck = await unreclaimed();
    expect(stuck.count).toBe(1);
    expect(stuck.oldestAgeMs).toBeGreaterThanOrEqual(3_600_000);

    // A super admin releases it; sweeps that fail or are cut short do not report that.
    driver.fault = null;
    expect((await w.reclaim(sid, { save: false })).status).toBe(200);
    expect(await w.sandboxExists(sandboxId)).toBe(false);
    driver.listFails = true;
    await expect(w.sweep()).rejects.toThrow(/did not answer/);
    driver.listFails = false;
    await w.t.hub.services.sweepSessions(AbortSignal.abort());
    expect(await unreclaimed()).toEqual(stuck);

    await w.sweep();
    expect(await unreclaimed()).toEqual({ count: 0, oldestAgeMs: 0 });
  }, 180_000);
});
