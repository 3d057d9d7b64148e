import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeTeamHub } from '../../../test/support/fake-remote-hub.js';
import { notebookCode } from '../../../test/support/remote-checks.js';
import { makeTempDir } from '../../../test/support/temp-dir.js';
import { startTestHub, type TestHub } from '../../../test/support/test-hub.js';
import { REMOTE_EXIT, runRemote, type RemoteCommand, type RemoteIo } from './remote.js';

async function remote(hub: TestHub, action: RemoteCommand['action'], args: string[], options: RemoteCommand['options'] = {}, io: Partial<RemoteIo> = {}) {
  let stdout = '';
  let stderr = '';
  const code = await runRemote({ action, args, options }, { stdout: (text) => (stdout += text), stderr: (text) => (stderr += text), hub: hub.hub, ...io });
  return { code, stdout, stderr };
}

describe('notebook-hub remote run', () => {
  let team: FakeTeamHub;
  let local: TestHub;
  let projectId: string;
  let notebookId: string;
  beforeAll(async () => {
    team = new FakeTeamHub();
    local = await startTestHub({ hub: () => ({ remoteHubs: team.factory }) });
    await local.localLogin();
    const teamProject = team.createProject('Forecasts', { 'ada-team': 'editor' });
    team.createNotebook(teamProject, 'Analysis', notebookCode('a1'), 'bob');
    expect((await remote(local, 'add', ['team', 'https://team.example.com'], { token: team.tokenFor('ada-team') })).code).toBe(0);
    const pulled = await remote(local, 'pull', ['team', teamProject]);
    projectId = /^project (proj-[0-9a-z]{16})$/m.exec(pulled.stdout)![1]!;
    notebookId = (await local.hub.services.notebooks.list(projectId, { limit: 10 })).items[0]!.value.id;
  });
  afterAll(() => local?.close());

  it('starts a session, prints and opens its link, and waits until its result is back here', async () => {
    const opened: string[] = [];
    const ran = await remote(
      local,
      'run',
      [projectId, notebookId],
      { profile: 'gpu' },
      {
        openBrowser: (url) => opened.push(url),
        // The person works in the session, then stops it on the team hub.
        pause: async () => {
          const [session] = [...team.compute.sessions.values()];
          team.compute.edit(session!.session_id, notebookCode('from-the-team'));
          team.compute.stopSession('ada-team', session!.session_id);
        },
      },
    );
    expect(ran.code, ran.stderr).toBe(REMOTE_EXIT.ok);
    expect(opened).toEqual([expect.stringMatching(/^https:\/\/team\.example\/api\/v1\/sync\/launches\//)]);
    expect(ran.stderr).toContain(opened[0]);
    expect(ran.stderr).toContain('(gpu)');
    const head = (await local.hub.services.notebooks.get(projectId, notebookId))!.source.current_version_id;
    expect(ran.stdout).toMatch(new RegExp(`^run rrun-[0-9a-z]{16}\\nresult\\tupdated\\t${head}\\t\\n$`));
    expect(await local.hub.services.notebooks.code(projectId, notebookId, head!)).toBe(notebookCode('from-the-team'));
  });

  it('runs a job, writes its output and prints its log; refuses what does not fit', async () => {
    const temp = await makeTempDir('remote-run');
    try {
      const output = path.join(temp.dir, 'out.html');
      const ran = await remote(
        local,
        'run',
        [projectId, notebookId],
        { job: true, output },
        { pause: async () => team.compute.finishRun([...team.compute.runs.keys()].at(-1)!, { output: '<html>42</html>', log: 'ran it\n' }) },
      );
      expect(ran.code, ran.stderr).toBe(REMOTE_EXIT.ok);
      expect(await readFile(output, 'utf8')).toBe('<html>42</html>');
      expect(ran.stderr).toContain('ran it\n');
      expect((await remote(local, 'run', [projectId, notebookId], { job: true, app: true })).code).toBe(REMOTE_EXIT.failed);
      team.compute.jobsOn = false;
      const off = await remote(local, 'run', [projectId, notebookId], { job: true });
      expect(off.code).toBe(REMOTE_EXIT.failed);
      expect(off.stderr).toContain('jobs are off');
    } finally {
      await temp.cleanup();
    }
  });
});
