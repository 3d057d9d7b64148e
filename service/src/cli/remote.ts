import { spawn } from 'node:child_process';
import { openLogger } from '../compose/adapters.js';
import { createHub, type Hub } from '../compose/hub.js';
import { readSettings } from '../config/settings.js';
import { HubError } from '../core/errors.js';
import type { Principal } from '../core/identity/authenticator.js';
import { listenForSignIn } from '../features/remotes/index.js';
import { checkRunOptions, runOnTeam, type RemoteRunOptions } from './remote-run.js';

/** How long `remote add` waits for the browser to come back. */
const SIGN_IN_WAIT_MS = 10 * 60_000;
const PROGRESS_EVERY_MS = 1000;

export interface RemoteIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  env?: Record<string, string | undefined>;
  /** A hub built already (tests); by default one is built from the SERVICE_* settings and closed after. */
  hub?: Hub;
  /** Opens a URL in the person's browser; by default `xdg-open` or `open` when there is one. */
  openBrowser?: (url: string) => void;
  /** Reads a token given as `-` (by default standard input). */
  readStdin?: () => Promise<string>;
  /** Waits between two reads of a run on the team hub (`remote run`; tests pass their own). */
  pause?: () => Promise<void>;
}

export interface RemoteCommand {
  /** `add`, `list`, `remove`, `projects`, `pull`, `push`, `status`. */
  action: 'add' | 'list' | 'remove' | 'projects' | 'pull' | 'push' | 'status' | 'run';
  args: string[];
  options: { as?: string; token?: string; latest?: string; into?: string; fetch?: boolean } & RemoteRunOptions;
}

/** Exit codes of `notebook-hub remote` (docs/remotes.md, "The command line"). */
export const REMOTE_EXIT = { ok: 0, failed: 1, conflicts: 2 } as const;

/**
 * `notebook-hub remote ...` (docs/remotes.md, "The command line"): the same use cases as the REST
 * routes, on a hub built from the SERVICE_* settings (the store of the hub it serves; nothing
 * listens), acting as one of its users: `--as <EMAIL>`, or the local login's user on a hub with
 * local sign-in. That user needs the same rights as through the API.
 */
export async function runRemote(command: RemoteCommand, io: RemoteIo): Promise<number> {
  const fail = (message: string) => {
    io.stderr(`remote ${command.action}: ${message}\n`);
    return REMOTE_EXIT.failed;
  };
  let hub: Hub | null = io.hub ?? null;
  try {
    hub ??= await createHub({ settings: readSettings(io.env ?? process.env), logger: openLogger('silent'), uiDir: null });
    const principal = await principalOf(hub, command.options.as);
    return await new RemoteCommands(hub, principal, io).run(command);
  } catch (error) {
    if (error instanceof HubError) return fail(`${error.message} (${error.code})`);
    return fail(error instanceof Error ? error.message : String(error));
  } finally {
    if (hub && !io.hub) await hub.close(5_000);
  }
}

/** The user the command acts as: a user of this hub, as a console session of theirs. */
async function principalOf(hub: Hub, as: string | undefined): Promise<Principal> {
  const { settings, users, authenticator } = hub.services;
  const email = as ?? (settings.auth.kind === 'local' ? settings.auth.localUserEmail : undefined);
  if (!email) throw new HubError('BAD_REQUEST', 'name the user to act as with --as <EMAIL>');
  const user = await users.findByEmail(email);
  if (!user) throw new HubError('NOT_FOUND', `no user ${email} on this hub: sign in to it once, or make one with "notebook-hub token create --email ${email}"`);
  return {
    user,
    isSuperAdmin: authenticator.isSuperAdminUser(user),
    credential: { kind: 'session', provider: 'local', expiresAt: new Date(Date.now() + 3600_000).toISOString(), context: null },
  };
}

class RemoteCommands {
  constructor(
    private readonly hub: Hub,
    private readonly principal: Principal,
    private readonly io: RemoteIo,
  ) {}

  private get remotes() {
    return this.hub.services.useCases.remotes;
  }

  private get sync() {
    return this.hub.services.useCases.sync;
  }

  run(command: RemoteCommand): Promise<number> {
    const [first = '', second = ''] = command.args;
    switch (command.action) {
      case 'add':
        return this.add(first, second, command.options.token);
      case 'list':
        return this.list();
      case 'remove':
        return this.remove(first);
      case 'projects':
        return this.projects(first);
      case 'pull':
        return this.pull(first, second, command.options);
      case 'push':
        return this.push(first);
      case 'status':
        return this.status(first, command.options.fetch ?? false);
      case 'run':
        checkRunOptions(command.options);
        return runOnTeam(this.hub, this.principal, { ...this.io, openBrowser: this.io.openBrowser ?? openBrowser }, first, second, command.options);
    }
  }

  private async add(name: string, url: string, token: string | undefined): Promise<number> {
    if (token !== undefined) {
      const value = token === '-' ? (await (this.io.readStdin ?? readStdin)()).trim() : token;
      const added = await this.remotes.add(this.principal, { name, url, token: value });
      this.io.stdout(`remote ${name}: ${added.remote.hub?.name ?? url}, signed in with a token\n`);
      return REMOTE_EXIT.ok;
    }
    // A refused sign-in is shown to the browser, and ends the command with the same message.
    const callback = await listenForSignIn(async (query) => {
      const remote = await this.remotes.completeSignIn({ query, remote: name });
      return {
        status: 200,
        title: 'Signed in',
        message: `This hub is signed in to ${remote.hub?.name ?? remote.url} as remote ${remote.name}. You can close this window.`,
      };
    });
    try {
      const added = await this.remotes.add(this.principal, { name, url, redirectUri: callback.redirectUri });
      const authorizeUrl = added.authorize_url!;
      callback.expectState(new URL(authorizeUrl).searchParams.get('state')!);
      this.io.stderr(`Open this address in a browser to sign in to ${url} and allow this hub (waiting up to 10 minutes):\n\n  ${authorizeUrl}\n\n`);
      (this.io.openBrowser ?? openBrowser)(authorizeUrl);
      await waitFor(callback.done, SIGN_IN_WAIT_MS, 'the browser did not come back within 10 minutes: run the command again');
      const remote = await this.remotes.get(this.principal, name);
      this.io.stdout(`remote ${name}: ${remote.hub?.name ?? remote.url}, signed in\n`);
      return REMOTE_EXIT.ok;
    } finally {
      await callback.close();
    }
  }

  private async list(): Promise<number> {
    const remotes = await this.remotes.list(this.principal);
    if (remotes.length === 0) this.io.stderr('no remotes: add one with "notebook-hub remote add <name> <url>"\n');
    for (const remote of remotes) this.io.stdout(`${remote.name}\t${remote.url}\t${remote.state}\t${remote.hub?.name ?? ''}\n`);
    return REMOTE_EXIT.ok;
  }

  private async remove(name: string): Promise<number> {
    await this.remotes.remove(this.principal, name);
    this.io.stdout(`removed remote ${name}\n`);
    return REMOTE_EXIT.ok;
  }

  private async projects(name: string): Promise<number> {
    for (const project of await this.remotes.teamProjects(this.principal, name)) this.io.stdout(`${project.id}\t${project.role}\t${project.name}\n`);
    return REMOTE_EXIT.ok;
  }

  private async pull(name: string, remoteProjectId: string, options: RemoteCommand['options']): Promise<number> {
    const latest = options.latest === undefined ? undefined : Number(options.latest);
    if (latest !== undefined && !(Number.isInteger(latest) && latest >= 1))
      throw new HubError('BAD_REQUEST', '--latest takes a whole number of versions, 1 or more');
    const started = await this.sync.pull(this.principal, {
      remote: name,
      remoteProjectId,
      history: latest === undefined ? 'all' : { latest },
      projectId: options.into,
    });
    return this.follow(started.operation.id, started.done);
  }

  private async push(projectId: string): Promise<number> {
    const started = await this.sync.push(this.principal, { projectId });
    return this.follow(started.operation.id, started.done);
  }

  private async status(projectId: string, fetch: boolean): Promise<number> {
    const view = fetch ? await this.sync.fetch(this.principal, { projectId }) : await this.sync.status(this.principal, { projectId });
    if (view.link)
      this.io.stderr(
        `linked to ${view.link.remote_project_name} (${view.link.remote_project_id}) through remote ${view.link.remote}; team heads fetched ${view.link.fetched_at ?? 'never'}\n`,
      );
    for (const notebook of view.status.notebooks) {
      const id = notebook.notebook_id ?? notebook.remote_notebook_id ?? '';
      this.io.stdout(`${id}\t${notebook.state}\t${notebook.workspace ?? '-'}\t${notebook.conflict ? 'conflict' : '-'}\t${notebook.title}\n`);
    }
    return view.status.summary.conflicts > 0 ? REMOTE_EXIT.conflicts : REMOTE_EXIT.ok;
  }

  /** Shows an operation's progress until it ends; its outcome decides the exit code. */
  private async follow(operationId: string, done: Promise<{ state: string; error: { code: string; message: string } | null }>): Promise<number> {
    const timer = setInterval(() => {
      void this.sync
        .operation(this.principal, operationId)
        .then((operation) => this.io.stderr(`[${operation.kind}] ${progressLine(operation.progress)}\n`))
        .catch(() => {});
    }, PROGRESS_EVERY_MS);
    try {
      await done;
    } finally {
      clearInterval(timer);
    }
    const operation = await this.sync.operation(this.principal, operationId);
    this.io.stderr(`[${operation.kind}] ${progressLine(operation.progress)}\n`);
    for (const notebook of operation.notebooks) {
      this.io.stdout(
        `${notebook.notebook_id ?? notebook.remote_notebook_id ?? ''}\t${notebook.outcome}\t${notebook.versions} version(s)\t${notebook.title}${notebook.note ? `\t${notebook.note}` : ''}\n`,
      );
    }
    if (operation.error) {
      this.io.stderr(`remote ${operation.kind}: ${operation.error.message} (${operation.error.code}); run the command again to go on from where it stopped\n`);
      return REMOTE_EXIT.failed;
    }
    if (operation.project_id) this.io.stdout(`project ${operation.project_id}\n`);
    const conflicts = operation.notebooks.filter((notebook) => notebook.outcome === 'conflict').length;
    if (conflicts > 0) {
      this.io.stderr(
        `${conflicts} notebook(s) changed on both sides: resolve them (POST /api/v1/projects/${operation.project_id}/remote/conflicts/{nid}/resolve)\n`,
      );
      return REMOTE_EXIT.conflicts;
    }
    return REMOTE_EXIT.ok;
  }
}

function progressLine(progress: { files_done: number; files_total: number; bytes_done: number; bytes_total: number; eta_seconds: number | null }): string {
  const eta = progress.eta_seconds === null ? '' : `, about ${progress.eta_seconds} s left`;
  return `${progress.files_done}/${progress.files_total} files, ${megabytes(progress.bytes_done)}/${megabytes(progress.bytes_total)}${eta}`;
}

const megabytes = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`;

/** Opens the URL with the system's opener when there is one; the printed URL is the way otherwise. */
function openBrowser(url: string): void {
  const opener = process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? null : 'xdg-open';
  if (!opener) return;
  try {
    const child = spawn(opener, [url], { stdio: 'ignore', detached: true });
    child.on('error', () => {});
    child.unref();
  } catch {
    // No opener on this machine: the person opens the printed address.
  }
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

async function waitFor<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([promise, new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new HubError('GONE', message)), ms)))]);
  } finally {
    clearTimeout(timer);
  }
}
