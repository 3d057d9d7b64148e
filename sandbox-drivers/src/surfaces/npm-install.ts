import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { realpath } from 'node:fs/promises';
import path from 'node:path';
import { findExecutable } from '../local/which.js';
import { TailBuffer } from '../shared/output-buffer.js';

/** npm as the surfaces install it: the `npm` command, and its `npm-cli.js` for running it on another Node. */
export interface NpmTool {
  command: string;
  cliScript: string;
}

/** The npm on PATH (or `$NPM`), with the script behind it; a clear error when there is none. */
export async function findNpm(): Promise<NpmTool> {
  const command = process.env.NPM ?? (await findExecutable('npm'));
  if (command === null)
    throw new Error('npm is not installed: the VS Code and OpenCode surfaces install from the npm registry (install Node.js with npm, or set $NPM)');
  const resolved = await realpath(command);
  // `npm` is a symlink to `npm-cli.js` (Debian, nodejs.org tarballs) or a shell wrapper beside `lib/node_modules/npm`.
  const candidates = [resolved, path.join(path.dirname(resolved), '..', 'lib', 'node_modules', 'npm', 'bin', 'npm-cli.js')];
  const cliScript = candidates.find((candidate) => candidate.endsWith('npm-cli.js') && existsSync(candidate));
  if (cliScript === undefined) throw new Error(`cannot find npm-cli.js behind ${command}: set $NPM to npm's bin/npm-cli.js`);
  return { command, cliScript };
}

export interface RunOptions {
  cwd: string;
  env?: Record<string, string | undefined>;
  /** Each line the command prints (stdout and stderr), and the command line before it runs. */
  onLine: (line: string) => void;
}

/**
 * The environment an npm install of a surface runs with: the hub's own, less npm's per-run
 * variables. Run under `npm test` or `npm start`, those carry the project's settings
 * (`ignore-scripts=true` from its .npmrc, its prefix), which must not reach an install into a
 * folder of its own.
 */
export function npmEnvironment(extra: Record<string, string | undefined> = {}): Record<string, string | undefined> {
  const env: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (/^npm_(config|package|lifecycle)_/i.test(name) || name === 'INIT_CWD') continue;
    env[name] = value;
  }
  return { ...env, ...extra };
}

/** Runs a command to completion; a failure says which command, its exit and the end of its output. */
export function runLogged(command: string, args: readonly string[], options: RunOptions): Promise<void> {
  options.onLine(`$ ${command} ${args.join(' ')}`);
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    const output = new TailBuffer(8 * 1024);
    let partial = '';
    const collect = (chunk: Buffer): void => {
      output.push(chunk);
      const lines = (partial + chunk.toString('utf8')).split(/\r?\n|\r/);
      partial = lines.pop() ?? '';
      for (const line of lines) options.onLine(line);
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('error', (error) => reject(new Error(`cannot run ${command}: ${error.message}`, { cause: error })));
    child.on('close', (code, signal) => {
      if (partial !== '') options.onLine(partial);
      if (code === 0) resolve();
      else reject(new Error(`${path.basename(command)} ${args.join(' ')} failed (${signal ?? `exit ${code}`}):\n${output.text()}`));
    });
  });
}
