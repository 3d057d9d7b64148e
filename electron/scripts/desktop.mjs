#!/usr/bin/env node
// `npm run desktop`: starts the desktop app from a checkout (docs/desktop.md). Checks for the
// Electron binary first (npm ci does not download it, see .npmrc), brings the hub's build up to
// date, compiles the desktop host, then runs Electron on it; further arguments go to the app.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ensureBuilt } from '../../scripts/build.mjs';
import { compileDesktopHost, ELECTRON_DIR } from './host-build.mjs';

const require = createRequire(path.join(ELECTRON_DIR, 'package.json'));

function electronBinary() {
  const packageDir = path.dirname(require.resolve('electron/package.json'));
  const pathFile = path.join(packageDir, 'path.txt');
  const relative = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : null;
  const binary = relative ? path.join(packageDir, 'dist', relative) : null;
  if (binary && existsSync(binary)) return binary;
  const { version } = JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8'));
  process.stderr.write(
    [
      `The Electron ${version} binary is not installed: npm ci skips dependency install scripts (see .npmrc), and`,
      "Electron's script is what downloads it. Fetch it once (about 100 MB, from GitHub), then run npm run desktop again:",
      '',
      `    node ${path.relative(process.cwd(), path.join(packageDir, 'install.js'))}`,
      '',
    ].join('\n'),
  );
  process.exit(1);
}

const binary = electronBinary();
await ensureBuilt();
try {
  compileDesktopHost();
} catch (error) {
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
}
const child = spawn(binary, [ELECTRON_DIR, ...process.argv.slice(2)], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
