import { Command, CommanderError } from 'commander';
import { ConfigError } from '../config/settings.js';
import type { RecoverOptions } from './recover.js';
import type { RemoteCommand } from './remote.js';
import type { TokenCreateOptions } from './token.js';

// Each command's module is loaded when that command runs, so `serve` starts without the others.

const program = new Command('notebook-hub')
  .description('Notebook Hub: projects, marimo notebooks and the sandboxes that run them')
  .showHelpAfterError()
  .exitOverride();

program
  .command('serve')
  .description('run the hub (HTTP API and UI) with settings from SERVICE_* variables')
  .action(async () => (await import('./serve.js')).serve());

program
  .command('recover')
  .description('rebuild the storage catalog offline; a dry run unless --apply is given (exit 0 ok, 1 failed, 2 blocking errors)')
  .option('--rebuild', 'discover the catalog from the stored records')
  .option('--snapshot <SNAPSHOT_ID>', 'reinstate an earlier catalog snapshot')
  .option('--apply <REPORT_TOKEN>', 'install what the dry run with this token reported')
  .option('--writers-stopped', 'confirm that no hub process writes to the store')
  .option('--actor <USER_ID>', 'who performs the recovery (audit log)')
  .option('--accept-warnings', 'apply even though the report has warnings')
  .action(async (options: RecoverOptions) => {
    process.exitCode = await (
      await import('./recover.js')
    ).runRecover(options, {
      stdout: (text) => process.stdout.write(text),
      stderr: (text) => process.stderr.write(text),
    });
  });

program
  .command('token')
  .description('manage personal access tokens')
  .command('create')
  .description('print a new personal access token for a user (created if unknown): bootstraps a headless deployment')
  .requiredOption('--email <EMAIL>', "the user's e-mail address")
  .option('--super-admin', 'make the user a super admin')
  .option('--name <NAME>', 'a name for the token')
  .action(async (options: TokenCreateOptions) => {
    process.exitCode = await (
      await import('./token.js')
    ).runTokenCreate(options, {
      stdout: (text) => process.stdout.write(text),
      stderr: (text) => process.stderr.write(text),
    });
  });

program
  .command('secrets')
  .description('manage the deployment key that seals the secrets the hub stores (docs/secrets-at-rest.md)')
  .command('rotate-key')
  .description(
    're-wrap every sealed secret under a new deployment key (a key file gets a new key; with SERVICE_SECRETS_KEY set the new key first); resumable, safe to run again',
  )
  .action(async () => {
    process.exitCode = await (
      await import('./secrets.js')
    ).runRotateKey({
      stdout: (text) => process.stdout.write(text),
      stderr: (text) => process.stderr.write(text),
    });
  });

const remote = program
  .command('remote')
  .description('team hubs this hub pulls projects from and pushes them to (docs/remotes.md); exit 0 ok, 1 failed, 2 conflicts to resolve')
  .option('--as <EMAIL>', "the user of this hub to act as (default: the local login's user)");
const runRemote = async (action: RemoteCommand['action'], args: string[], options: Omit<RemoteCommand['options'], 'as'>) => {
  const as = remote.opts<{ as?: string }>().as;
  process.exitCode = await (
    await import('./remote.js')
  ).runRemote(
    { action, args, options: { ...options, ...(as ? { as } : {}) } },
    { stdout: (text) => process.stdout.write(text), stderr: (text) => process.stderr.write(text) },
  );
};
remote
  .command('add <name> <url>')
  .description('add a team hub: sign in through the browser (a loopback listener waits for it), or with --token')
  .option('--token <TOKEN>', 'a personal access token of the team hub instead of the browser sign-in ("-": read it from standard input)')
  .action((name: string, url: string, options: { token?: string }) => runRemote('add', [name, url], options));
remote
  .command('list')
  .description('your remotes: name, address, state, team hub')
  .action(() => runRemote('list', [], {}));
remote
  .command('remove <name>')
  .description('remove a remote (its refresh token is given back to the team hub)')
  .action((name: string) => runRemote('remove', [name], {}));
remote
  .command('projects <name>')
  .description("the team projects the remote's user may pull: id, role, name")
  .action((name: string) => runRemote('projects', [name], {}));
remote
  .command('pull <name> <remote-project-id>')
  .description('pull a team project into a new local project (or --into the one linked to it); prints the local project id')
  .option('--latest <N>', 'only the newest N versions of each notebook')
  .option('--into <PROJECT_ID>', 'pull again into this linked local project')
  .action((name: string, remoteProjectId: string, options: { latest?: string; into?: string }) => runRemote('pull', [name, remoteProjectId], options));
remote
  .command('push <project-id>')
  .description('push the notebooks of a linked project that are ahead')
  .action((projectId: string) => runRemote('push', [projectId], {}));
remote
  .command('status <project-id>')
  .description("each notebook's state against the team hub, from what was recorded (no network unless --fetch)")
  .option('--fetch', 'ask the team hub for its current heads first')
  .action((projectId: string, options: { fetch?: boolean }) => runRemote('status', [projectId], options));
remote
  .command('run <project-id> <notebook-id>')
  .description("run a notebook of a linked project on the team hub's compute and wait for the end: a session (its link printed), or --job")
  .option('--job', 'run it as a job there; its log is printed, its output written to --output')
  .option('--app', 'an app session (nothing comes back) instead of an editor session')
  .option('--profile <NAME>', "one of the team hub's compute profiles (default: the notebook's own there)")
  .option('--output <FILE>', "write a job's HTML output here")
  .action((projectId: string, notebookId: string, options: { job?: boolean; app?: boolean; profile?: string; output?: string }) =>
    runRemote('run', [projectId, notebookId], options),
  );

program
  .command('openapi')
  .description('print the OpenAPI 3.1 document of the HTTP API')
  .option('--output <FILE>', 'write it to a file instead')
  .action(async (options: { output?: string }) => {
    process.exitCode = await (await import('./openapi.js')).runOpenApi(options);
  });

try {
  await program.parseAsync(process.argv);
} catch (error) {
  if (error instanceof CommanderError) process.exit(error.exitCode);
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  process.stderr.write(`notebook-hub: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
}
