import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { projectAudit } from '../support/alert-fixtures.js';
import { useAlertingSessionWorld } from '../support/alerting-session-world.js';
import { sandboxRuntime } from '../support/session-world.js';

/** An app that cannot start is reported to the project's alert destinations (real uv, real receiver). */
describe.skipIf(sandboxRuntime === null)('app alerts', () => {
  const alerting = useAlertingSessionWorld();

  it('delivers app.start_failed, with the notebook, the session and the error, when an app cannot start', async () => {
    const { w, receiver } = alerting;
    await alerting.subscribe('/apps', ['app.start_failed'], 'apps-signing-secret-0123');

    // A dependency no index has: uv fails inside the sandbox.
    const nid = await w.notebook('Unresolvable app');
    const code = (await w.api(`/api/v1/projects/${w.pid}/notebooks/${nid}/code`, 'admin')).text;
    const base = (await w.api(`/api/v1/projects/${w.pid}/notebooks/${nid}/versions`, 'admin')).json.data.items[0].version_id;
    const missing = `notebook-hub-no-such-package-${randomBytes(6).toString('hex')}`;
    const saved = await w.api(`/api/v1/projects/${w.pid}/notebooks/${nid}/versions`, 'admin', {
      method: 'POST',
      body: { code: `# /// script\n# dependencies = ["${missing}"]\n# ///\n${code}`, base_version_id: base },
    });
    expect(saved.status, saved.text).toBe(201);

    const started = await w.start('viewer', { notebook_id: nid, mode: 'app' });
    expect(started.json.data).toMatchObject({ state: 'failed', failure: { code: 'PYTHON_ENV_SETUP_FAILED' } });
    const [delivery] = await receiver.waitFor('/apps', 1);
    expect(delivery!.signatureValid).toBe(true);
    expect(delivery!.json).toMatchObject({
      kind: 'app.start_failed',
      project_id: w.pid,
      data: { notebook_id: nid, session_id: started.json.data.id, code: 'PYTHON_ENV_SETUP_FAILED' },
    });
    expect(delivery!.json.data.message).toContain(missing);
    const failed = (await projectAudit(w.t, w.pid)).filter((entry) => entry.event === 'session.fail');
    expect(failed.at(-1)!.metadata).toMatchObject({ session_id: started.json.data.id, notebook_id: nid, mode: 'app', code: 'PYTHON_ENV_SETUP_FAILED' });
  }, 180_000);
});
