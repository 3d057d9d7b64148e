import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prerequisite } from '../setup/prerequisites.js';
import { openAndEnter } from '../support/sandbox-surfaces.js';
import { surfaceRequest } from '../support/surface-client.js';
import { sandboxRuntime, startSessionWorld, type SessionWorld } from '../support/session-world.js';

const surfaceRuntime = prerequisite('surfaceRuntime');

/**
 * A browser may hold a cookie (or a link may carry a parameter) that a surface takes as its own
 * credential: set by a sibling host under a shared parent domain, or left from an earlier visit.
 * Only the hub's credential may reach the surface, or the stray one wins and locks the user out
 * (docs/surfaces.md, "Authentication"). Real code-server and OpenCode, through the hub's proxy.
 */
describe.skipIf(sandboxRuntime === null || surfaceRuntime === null)("browser-sent credentials of a surface's own", () => {
  let w: SessionWorld;
  let sid: string;
  beforeAll(async () => {
    w = await startSessionWorld({
      SERVICE_SURFACES: JSON.stringify([{ id: 'vscode' }, { id: 'opencode' }]),
      SERVICE_SURFACE_RUNTIME_DIR: surfaceRuntime!.dir,
    });
    const started = await w.start('editor', { notebook_id: w.nid, mode: 'edit', wait: true });
    expect(started.json.data.state, started.text).toBe('running');
    sid = started.json.data.id as string;
  }, 120_000);
  afterAll(() => w?.close());

  it('never lets a browser-sent code-server-session cookie reach code-server', async () => {
    const vscode = await openAndEnter(w, sid, 'vscode');
    const page = await surfaceRequest(`${vscode.origin}${vscode.location}`, {
      cookie: `code-server-session=planted-by-a-sibling-host; ${vscode.grant}; code-server-session=another`,
    });
    // code-server would have sent the browser to its password form (a 302 to ./login).
    expect(page.status, page.text.slice(0, 300)).toBe(200);
    expect(page.text).toContain('vscode-workbench-web-configuration');
  }, 120_000);

  it("never lets a browser-sent auth_token parameter stand in for the hub's credential at OpenCode", async () => {
    const opencode = await openAndEnter(w, sid, 'opencode');
    const stray = Buffer.from('opencode:not-the-secret').toString('base64');
    const sessions = await surfaceRequest(`${opencode.origin}/session?auth_token=${encodeURIComponent(stray)}`, { cookie: opencode.grant });
    expect(sessions.status, sessions.text.slice(0, 300)).toBe(200);
    expect(Array.isArray(JSON.parse(sessions.text))).toBe(true);
  }, 120_000);
});
