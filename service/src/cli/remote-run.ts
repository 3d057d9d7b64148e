import { writeFile } from 'node:fs/promises';
import type { Hub } from '../compose/hub.js';
import { HubError } from '../core/errors.js';
import type { Principal } from '../core/identity/authenticator.js';

/** How often a run is asked for while the command waits for its end. */
const FOLLOW_EVERY_MS = 3000;

export interface RemoteRunOptions {
  job?: boolean;
  app?: boolean;
  profile?: string;
  /** Where a job's HTML output is written once it ended. */
  output?: string;
}

export interface RemoteRunIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  openBrowser: (url: string) => void;
  /** Waits between two reads of the run (tests pass a shorter one). */
  pause?: () => Promise<void>;
}

/**
 * `notebook-hub remote run <project-id> <notebook-id>` (docs/remotes.md, "The command line"): runs a
 * notebook of a linked project on its team hub, in a session (its launch link printed and opened)
 * or `--job`, and waits for the end: an edit session's result comes back as a local version, a
 * job's output is written to `--output`. Exit 0 ended, 1 failed, 2 its result is in conflict here.
 */
export async function runOnTeam(
  hub: Hub,
  principal: Principal,
  io: RemoteRunIo,
  projectId: string,
  notebookId: string,
  options: RemoteRunOptions,
): Promise<number> {
  const compute = hub.services.useCases.remoteCompute;
  const profile = options.profile ?? null;
  let run;
  if (options.job) {
    run = await compute.runJob(principal, { projectId, notebookId, computeProfile: profile });
    io.stderr(`job run ${run.id} started on the team hub of remote ${run.remote}; waiting for it to end\n`);
  } else {
    const started = await compute.startSession(principal, { projectId, notebookId, mode: options.app ? 'app' : 'edit', computeProfile: profile });
    run = started.run;
    io.stderr(
      `session ${run.id} started on the team hub of remote ${run.remote} (${run.team.compute_profile ?? 'its own profile'}).\nOpen this address in a browser within a minute (once) to work in it; stop it there, or press Ctrl-C and stop it later:\n\n  ${started.launch.launch_url}\n\n`,
    );
    io.openBrowser(started.launch.launch_url);
  }
  io.stdout(`run ${run.id}\n`);
  let seen = run.state;
  while (run.state === 'starting' || run.state === 'running') {
    await (io.pause ?? (() => new Promise<void>((resolve) => setTimeout(resolve, FOLLOW_EVERY_MS))))();
    run = await compute.read(principal, run.id);
    if (run.state !== seen) io.stderr(`[${run.kind}] ${run.state}\n`);
    seen = run.state;
  }
  if (run.result) io.stdout(`result\t${run.result.outcome}\t${run.result.local_version_id ?? '-'}\t${run.result.note ?? ''}\n`);
  if (run.kind === 'job' && run.output) {
    if (options.output && run.output.output_bytes !== null) {
      await writeFile(options.output, await compute.file(principal, run.id, 'output'));
      io.stdout(`output\t${options.output}\n`);
    }
    io.stderr((await compute.file(principal, run.id, 'log')).toString('utf8'));
  }
  if (run.state === 'failed') {
    const failure = run.team.failure;
    io.stderr(`remote run: it failed on the team hub${failure ? `: ${failure.message} (${failure.code})` : ''}\n`);
    return 1;
  }
  if (run.result?.outcome === 'conflict') {
    io.stderr(`the result conflicts with a change made here: resolve it (POST /api/v1/projects/${projectId}/remote/conflicts/${notebookId}/resolve)\n`);
    return 2;
  }
  return 0;
}

/** What the command refuses before asking anything. */
export function checkRunOptions(options: RemoteRunOptions): void {
  if (options.job && options.app) throw new HubError('BAD_REQUEST', '--app is for sessions; a job runs headless');
  if (options.output && !options.job) throw new HubError('BAD_REQUEST', '--output is for a job');
}
