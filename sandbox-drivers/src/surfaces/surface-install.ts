import { chmod, mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { CODE_SERVER_NODE_VERSION, CODE_SERVER_VERSION, OPENCODE_VERSION } from '../../runtime/pins.js';
import { missingCodeServerBuildTools, missingToolsError } from './build-prerequisites.js';
import { findNpm, npmEnvironment, runLogged, type NpmTool } from './npm-install.js';
import { nodePackageName, type SurfaceName } from './surface-layout.js';

/** Where an install stands inside its own share of the whole preparation: 0..1, with what it is doing. */
export type InstallReport = (fraction: number, step: string, detail?: string) => void;

export interface InstallContext {
  /** The folder to install into: empty, later renamed to the surface's place. */
  root: string;
  report: InstallReport;
  log: (line: string) => void;
}

/** Installs one surface into `context.root`, launcher at `bin/<name>` included. */
export function installSurface(name: SurfaceName, context: InstallContext): Promise<void> {
  return name === 'code-server' ? installCodeServer(context) : installOpenCode(context);
}

/**
 * How many lines code-server's install prints with its scripts in the foreground (npm's own and
 * the VS Code part's node-gyp builds), only to turn them into a percentage.
 */
const CODE_SERVER_INSTALL_LINES = 700;

/**
 * code-server on a Node 24 of its own (it refuses any other major version), from the npm registry:
 * the Node binary comes from the `node-linux-<arch>` package, then npm runs on that Node so the
 * post-install step builds VS Code's native modules for it, with that Node's own headers
 * (`npm_config_nodedir`) so node-gyp downloads nothing. Scripts run for this install only: the
 * project's `ignore-scripts=true` must not apply to it, and nothing else is installed with them.
 */
async function installCodeServer({ root, report, log }: InstallContext): Promise<void> {
  const missing = await missingCodeServerBuildTools();
  if (missing.length > 0) throw missingToolsError(missing);
  const npm = await findNpm();
  const nodeDir = path.join(root, 'node');
  const appDir = path.join(root, 'app');
  await mkdir(nodeDir, { recursive: true });

  const nodePackage = `${nodePackageName()}@${CODE_SERVER_NODE_VERSION}`;
  report(0, `installing Node ${CODE_SERVER_NODE_VERSION} for code-server`);
  await runLogged(npm.command, ['install', '--prefix', nodeDir, '--no-save', '--no-audit', '--no-fund', '--ignore-scripts', nodePackage], {
    cwd: nodeDir,
    env: npmEnvironment(),
    onLine: log,
  });
  const nodeHome = path.join(nodeDir, 'node_modules', nodePackageName());
  const node = path.join(nodeHome, 'bin', 'node');

  const what = `code-server ${CODE_SERVER_VERSION}`;
  report(0.05, `installing ${what} (builds native modules, a few minutes)`);
  let lines = 0;
  await runNpmOn(node, npm, ['install', '--global', '--prefix', appDir, '--allow-scripts=code-server,argon2', `code-server@${CODE_SERVER_VERSION}`], {
    cwd: root,
    env: npmEnvironment({ PATH: `${path.dirname(node)}${path.delimiter}${process.env.PATH ?? ''}`, npm_config_nodedir: nodeHome }),
    onLine: (line) => {
      log(line);
      if (line.trim() === '') return;
      lines++;
      report(0.05 + 0.9 * Math.min(1, lines / CODE_SERVER_INSTALL_LINES), `installing ${what}`, line.trim().slice(0, 80));
    },
  });

  await writeLauncher(
    path.join(root, 'bin', 'code-server'),
    `code-server ${CODE_SERVER_VERSION} on its own Node ${CODE_SERVER_NODE_VERSION}`,
    `exec "$root/node/node_modules/${nodePackageName()}/bin/node" "$root/app/lib/node_modules/code-server/out/node/entry.js" "$@"`,
  );
  report(0.97, `checking ${what}`);
  // `--version` alone writes a default config into ~/.config/code-server: point it at the install.
  const scratchConfig = path.join(root, 'version-check.yaml');
  await runLogged(path.join(root, 'bin', 'code-server'), ['--config', scratchConfig, '--version'], { cwd: root, onLine: log });
  await rm(scratchConfig, { force: true });
}

/**
 * OpenCode from the npm package `opencode-ai`: its post-install step links the binary of the
 * platform package that suits this CPU (with or without AVX2, glibc or musl) to `bin/opencode`.
 */
async function installOpenCode({ root, report, log }: InstallContext): Promise<void> {
  const npm = await findNpm();
  const what = `OpenCode ${OPENCODE_VERSION}`;
  report(0, `installing ${what}`);
  await mkdir(root, { recursive: true });
  let lines = 0;
  await runLogged(
    npm.command,
    ['install', '--global', '--prefix', root, ...SCRIPTED_INSTALL_FLAGS, '--allow-scripts=opencode-ai', `opencode-ai@${OPENCODE_VERSION}`],
    {
      cwd: root,
      env: npmEnvironment(),
      onLine: (line) => {
        log(line);
        report(Math.min(0.9, ++lines / 20), `installing ${what}`, line.trim().slice(0, 80) || undefined);
      },
    },
  );
  // npm's global layout already has the launcher at bin/opencode (a link to the platform binary).
  report(0.95, `checking ${what}`);
  await runLogged(path.join(root, 'bin', 'opencode'), ['--version'], { cwd: root, env: { ...process.env, OPENCODE_DISABLE_AUTOUPDATE: '1' }, onLine: log });
}

/**
 * Flags of an npm install whose packages' own scripts must run (see installCodeServer). Each
 * install also names the packages whose scripts it expects (`--allow-scripts`): npm 11 warns that
 * global installs will soon run only those.
 */
const SCRIPTED_INSTALL_FLAGS = ['--ignore-scripts=false', '--foreground-scripts', '--no-audit', '--no-fund', '--no-update-notifier'];

function runNpmOn(node: string, npm: NpmTool, args: string[], options: Parameters<typeof runLogged>[2]): Promise<void> {
  return runLogged(node, [npm.cliScript, ...args.slice(0, 1), ...SCRIPTED_INSTALL_FLAGS, ...args.slice(1)], options);
}

/**
 * A launcher that finds its surface from its own location (through symlinks), so the folder
 * works wherever it is copied: the local driver's runtime directory or the image's /opt/surfaces.
 */
async function writeLauncher(file: string, what: string, command: string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const script = ['#!/bin/sh', `# ${what}; docs/surfaces.md.`, 'root=$(cd "$(dirname "$(readlink -f "$0")")/.." && pwd)', command, ''].join('\n');
  await writeFile(file, script);
  await chmod(file, 0o755);
}
