import { Command, CommanderError } from 'commander';
import { ConfigError } from '../config/settings.js';
import { serve } from './serve.js';

const program = new Command('notebook-hub')
  .description('Notebook Hub: projects, marimo notebooks and the sandboxes that run them')
  .showHelpAfterError()
  .exitOverride();

program
  .command('serve')
  .description('run the hub (HTTP API and UI) with settings from SERVICE_* variables')
  .action(serve);

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
