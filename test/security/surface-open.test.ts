import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSessionWorld, type SessionWorld } from '../support/session-world.js';

/** Opening a surface decides who may before it looks at what was asked: a refusal tells a stranger nothing. */
describe('opening a surface with a bad path', () => {
  let w: SessionWorld;
  let outsider: string;
  beforeAll(async () => {
    // No session runs here: the hub needs no sandbox runtime.
    w = await startSessionWorld({ SERVICE_SURFACES: JSON.stringify([{ id: 'vscode' }]) }, { driverEnv: {} });
    outsider = await w.t.tokenFor('stranger@sessions.test');
  });
  afterAll(() => w?.close());

  const open = (token: string, sessionId: string) =>
    w.t.call(`/api/v1/projects/${w.pid}/sessions/${sessionId}/surfaces/vscode`, { method: 'POST', token, body: { path: '../../etc/passwd' } });

  it('answers a caller who may not see the session as for any other request of theirs, not with a path error', async () => {
    const stranger = await open(outsider, 'ses-0000000000000000');
    expect(stranger.status, stranger.text).toBe(404);
    expect(stranger.json.error.code).toBe('NOT_FOUND');
    const member = await open(w.tokens.viewer, 'ses-0000000000000000');
    expect(member.json.error.code, member.text).toBe('NOT_FOUND');
  });
});
