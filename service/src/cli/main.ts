import { Command, CommanderError } from 'commander';
import { ConfigError } from '../config/settings.js';
import type { RecoverOptions } from './recover.js';
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
