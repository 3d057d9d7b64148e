import { spawn } from 'node:child_process';
import path from 'node:path';
import { TailBuffer } from './output-buffer.js';

export interface RunOptions {
  cwd?: string;
  env?: Record<string, string | undefined>;
  /** Each line the command prints (stdout and stderr), and the command line before it runs. */
  onLine: (line: string) => void;
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
